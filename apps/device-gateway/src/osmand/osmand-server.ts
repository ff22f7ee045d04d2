/*
 * OsmAnd over HTTP (Traccar Client, the OsmAnd app): a report is answered 200 only once the api
 * has stored it, so the phone keeps and resends what was not. GET /health on the same port answers
 * the gateway's counters as JSON.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GATEWAY_SERIAL_PATTERN } from '@sentinel/domain';
import type { Logger } from 'pino';
import type { ApiClient } from '../api-client';
import type { AllowCheck } from '../network-allow-list';
import type { GatewayStats, StatsBook } from '../stats';
import { decodeOsmAnd } from './osmand-request';

/** The largest body read: a JSON location is under 1 KB, a batch of them a few. */
export const OSMAND_MAX_BODY_BYTES = 16 * 1024;

export interface OsmAndServer {
  port: number;
  close(): Promise<void>;
}

export interface OsmAndServerOptions {
  host: string;
  port: number;
  api: ApiClient;
  stats: StatsBook;
  log: Logger;
  allow: AllowCheck;
  /** GATEWAY_MAX_CONNECTIONS: more open HTTP connections are closed as they arrive. */
  maxConnections: number;
  health: () => GatewayStats;
}

class BodyTooLarge extends Error {}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > OSMAND_MAX_BODY_BYTES) return reject(new BodyTooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > OSMAND_MAX_BODY_BYTES) {
        request.removeAllListeners('data');
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(
  response: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  response.end(text === '' ? undefined : `${text}\n`);
}

export async function startOsmAndServer(options: OsmAndServerOptions): Promise<OsmAndServer> {
  const { api, stats, log, allow } = options;

  async function report(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    let body: string;
    try {
      body = await readBody(request);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        stats.add('osmandRejected');
        answer(response, 413, `A request's body may have ${OSMAND_MAX_BODY_BYTES} bytes.`, {
          connection: 'close',
        });
        // What is left of the body is not read.
        response.on('finish', () => request.socket.destroy());
        return;
      }
      throw error;
    }
    const decoded = decodeOsmAnd({
      query: url.searchParams,
      contentType: request.headers['content-type'],
      body,
    });
    if (!decoded.ok) {
      stats.add('osmandRejected');
      return answer(response, 400, decoded.message);
    }
    const { deviceId, reports } = decoded;
    // The api speaks for numeric ids only; any other is unknown without asking it.
    const stored = !GATEWAY_SERIAL_PATTERN.test(deviceId)
      ? ({ kind: 'refused', status: 401, detail: '' } as const)
      : reports.length === 1 && reports[0]
        ? await api.report(deviceId, reports[0])
        : await api.reportBatch(deviceId, reports);
    if (stored.kind === 'ok') {
      stats.add('osmandReports', reports.length);
      return answer(response, 200, '');
    }
    if (stored.kind === 'refused' && (stored.status === 401 || stored.status === 403)) {
      // One answer for unknown and deactivated: an id is no secret, and the answer tells nothing more.
      stats.add(stored.status === 403 ? 'deactivatedDeviceAttempts' : 'unknownDeviceAttempts');
      log.info(
        { deviceId: deviceId.slice(0, 40), address: request.socket.remoteAddress },
        'osmand report of an unknown device',
      );
      return answer(response, 404, 'Unknown device.');
    }
    if (stored.kind === 'refused' && stored.status === 400) {
      stats.add('osmandRejected');
      log.info({ deviceId, detail: stored.detail.slice(0, 300) }, 'osmand report refused by the api');
      return answer(response, 400, 'The report was refused.');
    }
    log.warn(
      { deviceId, status: stored.status, detail: stored.detail.slice(0, 200) },
      'osmand report not stored',
    );
    return answer(response, 503, 'Try again later.', { 'retry-after': '5' });
  }

  const server = createServer(
    { requestTimeout: 15_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 },
    (request, response) => {
      const url = new URL(request.url ?? '/', 'http://gateway');
      if (url.pathname === '/health' && request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        response.end(JSON.stringify(options.health()));
        return;
      }
      if (url.pathname !== '/') return answer(response, 404, 'Not found.');
      if (request.method !== 'GET' && request.method !== 'POST') {
        return answer(response, 405, 'GET or POST.', { allow: 'GET, POST' });
      }
      report(request, response, url).catch((error: unknown) => {
        log.error({ err: error }, 'osmand request failed');
        answer(response, 500, 'Internal error.');
      });
    },
  );
  // Phones and their keep-alive connections are bounded as trackers' are, so a flood of idle HTTP
  // connections cannot take the process's file descriptors from the TCP listener.
  server.maxConnections = options.maxConnections;
  server.on('connection', (socket) => {
    if (!allow(socket.remoteAddress)) {
      stats.closed('not-allowed');
      socket.destroy();
    }
  });
  // A request that is not HTTP: answered 400 and closed, as Node's default does, and counted.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // HPE_*: the parser's; a client that hung up or timed out is not counted.
    if (error.code?.startsWith('HPE_')) stats.add('osmandRejected');
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  server.on('error', (error) => log.error({ err: error }, 'osmand listener error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port }, () => {
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
