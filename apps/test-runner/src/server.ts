import { build } from './app';

const port = Number(process.env['PORT'] ?? 5090);
if (!Number.isSafeInteger(port) || port < 0)
  throw new Error(`PORT must be a whole number; it is '${process.env['PORT']}'.`);
const host = process.env['HOST']?.trim() || '127.0.0.1';

const app = await build({ logger: { level: process.env['LOG_LEVEL']?.trim() || 'info' } });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port, host });
const address = app.server.address();
const shownPort = typeof address === 'object' && address !== null ? address.port : port;
// 0.0.0.0 and :: listen everywhere; localhost is the address a person can open.
const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
console.log(`Sentinel test-runner listening on http://${shownHost}:${shownPort}`);
