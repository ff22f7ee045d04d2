// Runs a server of the workspace for the browser tests from its cached bundle
// (@sentinel/server-bundle) rather than through `pnpm start`, which starts pnpm and then has tsx
// compile the whole server: the api, the test-runner and the device gateway each start on about
// 4 CPU seconds less, and the api's start is what the first test waits for.
// Usage: node --import tsx run-bundled.ts <app folder from the root> <entry>, e.g. apps/api src/server.ts
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { serverBundle } from '@sentinel/server-bundle';

const [folder, entry] = process.argv.slice(2);
if (folder === undefined || entry === undefined) {
  console.error('Usage: run-bundled.ts <app folder> <entry>');
  process.exit(2);
}
const cwd = resolve(import.meta.dirname, '..', folder);
const child = spawn(process.execPath, ['--enable-source-maps', await serverBundle(cwd, entry)], {
  cwd,
  stdio: 'inherit',
});
// Playwright ends a web server with a signal; the server itself must get it and drain.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
