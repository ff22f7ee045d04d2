/*
 * The immobiliser is a relay on digital output 1: `setdigout 1` switches it on (the vehicle cannot
 * start), `setdigout 0` off. The device answers in Codec 12 with the outputs' new state.
 */

/** The Codec 12 command that locks (true) or unlocks (false) the vehicle. */
export function immobiliserCommand(lock: boolean): string {
  return lock ? 'setdigout 1' : 'setdigout 0';
}

// Current FMB firmware: "DOUT1:ON Timeout:INFINITY"; earlier firmware (and setigndigout): "DOUT1:1 ...".
const DOUT1_STATE = /\bDOUT1:(ON|OFF|1|0)\b/i;
// A refusal that names the state the output already has: "DOUT1 state already set to: 1 ...".
const DOUT1_ALREADY = /\bDOUT1 state already set to:\s*([01])\b/i;
// Older FM firmware: "Digital Outputs are set to: 10", one digit per output, DOUT1 first.
const OUTPUTS_SET_TO = /\bDigital outputs are set to:\s*([01])/i;
// A command held back until a speed or ignition condition holds has not switched anything yet.
const QUEUED = /\bqueued\b/i;

/**
 * The state digital output 1 (the immobiliser) is in after a `setdigout` answer: true locked,
 * false unlocked, undefined when the answer does not say (an error, the output ignored or
 * disabled, the command queued, another command's answer).
 */
export function lockStateFromResponse(text: string): boolean | undefined {
  if (QUEUED.test(text)) return undefined;
  const state =
    DOUT1_STATE.exec(text)?.[1] ?? DOUT1_ALREADY.exec(text)?.[1] ?? OUTPUTS_SET_TO.exec(text)?.[1];
  if (state === undefined) return undefined;
  return state === '1' || state.toUpperCase() === 'ON';
}
