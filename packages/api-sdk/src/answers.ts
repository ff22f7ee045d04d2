import { CONTRACT_SCHEMAS } from '@sentinel/domain';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ANSWER_SCHEMAS } from './answer-schemas';
import type { AnswerSchema } from './caller';
import { ContractError } from './errors/contract-error';
import type { ContractIssue } from './errors/contract-error';
import type { ApiRequest } from './http';

/** The most places one ContractError lists; the first few are enough to see the drift. */
const MAX_ISSUES = 5;

/** Named schemas the answers refer to by $id. TypeBox wants a mutable list. */
const REFERENCES: TSchema[] = [...CONTRACT_SCHEMAS];

/**
 * Throws ContractError when the answer does not match the call's schema. TypeBox's Value checks by
 * walking the schema (no generated code, so it runs under a strict Content-Security-Policy).
 */
export function checkAnswer(answerSchema: AnswerSchema, answer: unknown, request: ApiRequest): void {
  const schema = typeof answerSchema === 'string' ? ANSWER_SCHEMAS[answerSchema] : answerSchema;
  if (Value.Check(schema, REFERENCES, answer)) return;
  const issues: ContractIssue[] = [];
  for (const error of Value.Errors(schema, REFERENCES, answer)) {
    issues.push({ path: error.path, message: error.message, value: error.value });
    if (issues.length === MAX_ISSUES) break;
  }
  throw new ContractError(`${request.method.toUpperCase()} ${request.path}`, issues);
}
