import { TeltonikaError } from '../errors';

/** The TeltonikaError reason `run` throws, or undefined when it returns; any other error is rethrown. */
export function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof TeltonikaError) return error.reason;
    throw error;
  }
  return undefined;
}
