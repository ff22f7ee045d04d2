/** The bench's refusals, each with its HTTP status, in one place. */
export const BENCH_ERROR = {
  invalidSerial: 400,
  unknownStation: 404,
  unknownUnit: 404,
  unknownDevice: 404,
  stationTaken: 409,
  unitOnBench: 409,
  nothingRunning: 409,
  alreadyRunning: 409,
  nothingToRetry: 409,
  noUnits: 409,
  unauthenticated: 401,
  forbidden: 403,
  registryUnavailable: 503,
} as const;

export type BenchErrorCode = keyof typeof BENCH_ERROR;

/** A refusal the person can act on; answered as `{ message }` with the code's status. */
export class BenchError extends Error {
  override readonly name = 'BenchError';
  readonly statusCode: number;

  constructor(
    readonly code: BenchErrorCode,
    message: string,
  ) {
    super(message);
    this.statusCode = BENCH_ERROR[code];
  }
}
