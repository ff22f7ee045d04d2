export { build } from './app';
export { DEMO_SIGN_INS } from './db/seed';
export { ERRORS } from './errors';

export type { BuildOptions } from './app';
export type { DemoSignIn } from './db/seed';
export type { ErrorCode, ProblemBody } from './errors';
export type { TokenSubject } from './auth/access-tokens';
