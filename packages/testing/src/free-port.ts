import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A local port nothing listens on right now (the OS picks it, then it is released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A local URL where nothing listens, for "server unreachable" cases. */
export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}
