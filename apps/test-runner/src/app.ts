import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';

export interface BuildOptions {
  /** Station ids the bench offers. @default ['burn1', 'burn2', 'burn3', 'burn4'] */
  stations?: readonly string[];
  /** Fastify's request logger; an object sets its level. @default false */
  logger?: boolean | { level: string };
  /** Origins allowed to call from a browser. @default any localhost origin */
  corsOrigins?: readonly string[];
}

export const DEFAULT_STATIONS: readonly string[] = ['burn1', 'burn2', 'burn3', 'burn4'];

// The burn-in app and the dashboard call this service from any localhost dev port.
const LOCALHOST_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

const StationIds = { type: 'array', items: { type: 'string' } } as const;

const UnitResults = {
  type: 'array',
  items: {
    type: 'object',
    required: ['unitSerialNumber', 'testStation', 'results'],
    properties: {
      unitSerialNumber: { type: 'string' },
      testStation: { type: 'string' },
      results: { type: 'array', items: { type: 'object', additionalProperties: true } },
    },
  },
} as const;

/** The burn-in TestRunner service. A shell for now: stations are listed, no unit has results yet. */
export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const stations = [...(options.stations ?? DEFAULT_STATIONS)];
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(cors, { origin: options.corsOrigins ? [...options.corsOrigins] : LOCALHOST_ORIGIN });

  app.get('/TestRunner/Stations', { schema: { response: { 200: StationIds } } }, async () => stations);
  app.get('/TestRunner/Results', { schema: { response: { 200: UnitResults } } }, async () => []);
  app.get('/health', async () => ({ status: 'ok' }));

  await app.ready();
  return app;
}
