/*
 * autocannon, as the benches load it: it ships no types, so these are the parts they use (see its
 * README), declared once.
 */
import { createRequire } from 'node:module';

export interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}

export type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  overallRate: number;
  requests: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}) => Promise<AutocannonResult>;

export const loadAutocannon = (): Autocannon => createRequire(import.meta.url)('autocannon') as Autocannon;
