/*
 * What FMB firmware answers to a Codec 12 command a simulated tracker is sent. `setdigout` takes one
 * state per digital output (1 on, 0 off, ? leave as it is) and answers each output with its new
 * state; output 1 drives the immobiliser relay. Anything else is not a command these trackers know.
 */

/** FMB's answer to `setdigout`: each output named with its new state, set until told otherwise. */
const SETDIGOUT = /^\s*setdigout\s+([01?]{1,2})(?:\s|$)/i;

/** What an FMB answers to a Codec 12 command, switching digital output 1 when told to. */
export function answerCommand(text: string, immobiliser: { locked: boolean }): string {
  const states = SETDIGOUT.exec(text)?.[1];
  if (states === undefined) return `Unknown command: ${text.trim().slice(0, 40)}`;
  return [...states]
    .map((state, index) => {
      if (state === '?') return `DOUT${index + 1}:IGNORED`;
      if (index === 0) immobiliser.locked = state === '1';
      return `DOUT${index + 1}:${state === '1' ? 'ON' : 'OFF'} Timeout:INFINITY`;
    })
    .join(' ');
}
