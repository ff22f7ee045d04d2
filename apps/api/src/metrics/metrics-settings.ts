/*
 * Where the api's Prometheus metrics answer: never to the public. METRICS_PORT opens a listener of
 * their own on METRICS_HOST (loopback unless told), which Prometheus scrapes per instance and no
 * proxy forwards; METRICS_TOKEN serves GET /metrics on the api's own port to a caller presenting it
 * as a bearer token, for a host where only that port is reachable. Neither is on by default.
 */
import type { BuildOptions } from '../app';

export interface MetricsOptions {
  /** METRICS_PORT: a listener serving GET /metrics alone; 0 picks a free port (tests). @default undefined (none) */
  port?: number;
  /** METRICS_HOST: the interface that listener binds to. @default '127.0.0.1' */
  host?: string;
  /** METRICS_TOKEN: GET /metrics on the api's own port with `Authorization: Bearer <token>`. @default undefined (no such route) */
  token?: string;
  /** How long the alarm queue's figures, read from the database on a scrape, are reused. @default 5000 */
  alarmFiguresCacheMs?: number;
}

/** Whether the options open the metrics to anyone (a port or a token); otherwise nobody reads them. */
export function metricsServed(options: MetricsOptions | undefined): boolean {
  return options?.port !== undefined || options?.token !== undefined;
}

/** The shortest METRICS_TOKEN production accepts, as for GATEWAY_KEY. */
export const MIN_METRICS_TOKEN_LENGTH = 32;

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/**
 * METRICS_PORT (1 to 65535), METRICS_HOST and METRICS_TOKEN, checked. With NODE_ENV=production the
 * token must have at least MIN_METRICS_TOKEN_LENGTH characters.
 */
export function metricsOptions(env: NodeJS.ProcessEnv = process.env): Pick<BuildOptions, 'metrics'> {
  const rawPort = text(env, 'METRICS_PORT');
  const host = text(env, 'METRICS_HOST');
  const token = text(env, 'METRICS_TOKEN');
  const port = rawPort === undefined ? undefined : Number(rawPort);
  if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65_535)) {
    throw new Error(`METRICS_PORT must be a port number from 1 to 65535; it is '${rawPort}'.`);
  }
  if (host !== undefined && port === undefined) {
    throw new Error('METRICS_HOST needs METRICS_PORT: the port of the metrics listener it binds.');
  }
  if (
    token !== undefined &&
    text(env, 'NODE_ENV') === 'production' &&
    token.length < MIN_METRICS_TOKEN_LENGTH
  ) {
    throw new Error(
      `METRICS_TOKEN must have at least ${MIN_METRICS_TOKEN_LENGTH} characters with NODE_ENV=production; it has ${token.length}. ` +
        'Use a random value, e.g. openssl rand -base64 48.',
    );
  }
  if (port === undefined && token === undefined) return {};
  return {
    metrics: {
      ...(port === undefined ? {} : { port }),
      ...(host === undefined ? {} : { host }),
      ...(token === undefined ? {} : { token }),
    },
  };
}
