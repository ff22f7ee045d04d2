import { atom } from 'jotai';
import type { SecondFactorChallenge } from '@sentinel/api-sdk';

/**
 * The sign-in's second-factor challenge between the password and the second step. In memory only
 * (never storage): its token is proof of the password for a few minutes, and a reload starts over.
 */
export const challengeAtom = atom<SecondFactorChallenge | null>(null);
