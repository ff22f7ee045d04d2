/*
 * Prints the demo sign-ins as JSON, for test code outside a test run's host (browser tests) that
 * needs them synchronously.
 */
import { DEMO_SIGN_INS } from '../db/seed/users';

console.log(JSON.stringify(DEMO_SIGN_INS));
