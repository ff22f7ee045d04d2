import type { Static, TSchema } from '@sinclair/typebox';
import type { ANSWER_SCHEMAS } from './answer-schemas';
import type { ApiRequest } from './http';

/** A named answer schema of the contract (see answer-schemas.ts), e.g. 'PhoneVerification'. */
export type AnswerName = keyof typeof ANSWER_SCHEMAS;

/** What a call says about its answer: a named contract schema, or the schema itself. */
export type AnswerSchema = AnswerName | TSchema;

/** The answers' types of the named schemas. */
type NamedAnswers = { [K in AnswerName]: Static<(typeof ANSWER_SCHEMAS)[K]> };

/** The answer's type, from the contract's schema either way. */
export type AnswerOf<A extends AnswerSchema> = A extends AnswerName
  ? NamedAnswers[A]
  : A extends TSchema
    ? Static<A>
    : never;

/**
 * What a resource module needs: send a request without or with the signed-in user's bearer token.
 * Each call names the contract schema of its answer; the answer is typed by it (and checked
 * against it when the client validates answers). A name keeps the schema out of the bundle.
 */
export interface Caller {
  call<A extends AnswerSchema>(request: ApiRequest, answer: A): Promise<AnswerOf<A>>;
  callAuthorised<A extends AnswerSchema>(request: ApiRequest, answer: A): Promise<AnswerOf<A>>;
}
