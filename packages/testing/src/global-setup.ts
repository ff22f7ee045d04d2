/*
 * A Vitest global set-up for a package whose test files start apis of their own (startApi): one
 * test host for the run, instead of each file loading the api.
 *   test: { globalSetup: ['@sentinel/testing/global-setup'] }
 */
import { startTestHost } from './test-host';

export default async function setup(): Promise<() => Promise<void>> {
  const host = await startTestHost();
  return host.close;
}
