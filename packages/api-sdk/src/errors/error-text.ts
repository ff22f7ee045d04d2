import { isApiError } from './api-error';

/** The spec's line for a call that failed without saying why (spec part 2 §8). */
export const REQUEST_FAILED_TEXT = 'Unfortunately the request failed without any good reason.';

/**
 * The sentence to show a person for a failed call, in one order for every screen:
 * 1. the first message of the answer's `errors` map: the words the spec gives for that field or
 *    case (a taken company name, a wrong OTP);
 * 2. the server's problem detail: the answer's `message`, the sentence it means a person to read;
 * 3. the answer's `title`, the status text (the spec's "else the status text");
 * 4. `fallback`: the screen's own line for the case, or the spec's generic one.
 *
 * Where the spec words a screen's failure title first (a vehicle's creation: "the title, message,
 * or ..."), `titleFirst` swaps steps 2 and 3.
 *
 * Anything that is not an {@link ApiError} (no answer, a bug) gives the fallback: there is nothing
 * a person could act on in it, and the caller logs it.
 *
 * @param error What the call threw.
 * @param fallback The line when the answer says nothing. @default REQUEST_FAILED_TEXT
 * @param options.titleFirst The title before the message, for the screens the spec words so. @default false
 */
export function errorText(
  error: unknown,
  fallback: string = REQUEST_FAILED_TEXT,
  options: { titleFirst?: boolean } = {},
): string {
  if (!isApiError(error)) return fallback;
  const fieldMessage = Object.values(error.errors)
    .flat()
    .find((message) => message.trim() !== '');
  const [first, second] = options.titleFirst
    ? [error.body?.title, error.body?.message]
    : [error.body?.message, error.body?.title];
  return fieldMessage || first || second || fallback;
}
