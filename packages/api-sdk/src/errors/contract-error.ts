/** One place where an answer differs from the contract. */
export interface ContractIssue {
  /** JSON pointer into the answer, e.g. '/items/0/make'; '' for the answer itself. */
  path: string;
  /** What the contract expects there, e.g. 'Expected string'. */
  message: string;
  /** What the answer holds there. */
  value: unknown;
}

/**
 * A 2xx answer that does not match the contract's schema for its call: the server and the SDK have
 * drifted apart. Thrown only when the client checks answers (`validateAnswers`).
 */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  /** The call, e.g. 'GET Vehicles'. */
  readonly call: string;
  /** Where and how the answer differs (the first few places). */
  readonly issues: readonly ContractIssue[];

  constructor(call: string, issues: readonly ContractIssue[]) {
    const described = issues
      .map(({ path, message, value }) => `${path || '(answer)'}: ${message}, got ${JSON.stringify(value)}`)
      .join('; ');
    super(`${call} answered outside the contract: ${described}`);
    this.call = call;
    this.issues = issues;
  }
}

export function isContractError(error: unknown): error is ContractError {
  return error instanceof ContractError;
}
