/*
 * The metrics port: an HTTP listener of its own, on loopback unless told otherwise, that answers
 * GET (and HEAD) /metrics with a registry's Prometheus text and everything else 404. The api, the
 * test-runner and the device gateway each start one (METRICS_PORT), so the figures are scraped
 * apart from the public port and never reach it. Any registry with prom-client's `metrics()` and
 * `contentType` serves; this package does not load prom-client itself.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What is read of a prom-client Registry (or several merged). */
export interface MetricsSource {
  metrics(): Promise<string>;
  readonly contentType: string;
}

export interface MetricsServerOptions {
  port: number;
  /** The address to listen on; 127.0.0.1 unless set (METRICS_HOST). */
  host?: string | undefined;
  /** Called when a scrape fails (it answers 500); the server's logger. */
  onScrapeError(error: unknown): void;
}

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one given for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

/** Starts the listener; resolves once it listens, rejects when the port cannot be had. */
export async function startMetricsServer(
  source: MetricsSource,
  options: MetricsServerOptions,
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics.\n');
      return;
    }
    source.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': source.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.onScrapeError(error);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be read.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host ?? '127.0.0.1' }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
