// The passkey refusal text lives with the second-factor form in @sentinel/screens/second-factor;
// the Security screen's passkeys read it from here.
export { PASSKEY_NOT_CONFIRMED, passkeyErrorText } from '@sentinel/screens/second-factor';
