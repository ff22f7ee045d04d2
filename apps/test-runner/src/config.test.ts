import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '@sentinel/testing';
import { describe, expect, it } from 'vitest';
import { build } from './app';
import { DEFAULT_DATABASE_FILE, readConfig } from './config';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-signing-key-of-32-chars!',
  CORS_ORIGINS: 'https://burnin.example, https://dashboard.example',
};

describe('readConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    expect(readConfig({})).toEqual({
      port: 5090,
      host: '127.0.0.1',
      logLevel: 'info',
      corsOrigins: undefined,
      jwtSecret: undefined,
      jwtPreviousSecrets: [],
      databaseFile: DEFAULT_DATABASE_FILE,
      databaseUrl: undefined,
      apiUrl: 'http://localhost:5080',
      seed: 1,
      pinnedFaults: new Map(),
      durationScale: 1,
      commandFailureRate: 0.03,
      gateway: undefined,
    });
    expect(DEFAULT_DATABASE_FILE).toMatch(/apps\/test-runner\/\.data\/burn-in\.db$/);
  });

  it('reads pinned faults and refuses an unknown one, naming the faults it knows', () => {
    expect(
      readConfig({ BENCH_FAULTS: 'SNT-1=weakLockRelay+flatDeviceBattery, SNT-2=' }).pinnedFaults,
    ).toEqual(
      new Map([
        ['SNT-1', ['weakLockRelay', 'flatDeviceBattery']],
        ['SNT-2', []],
      ]),
    );
    expect(() => readConfig({ BENCH_FAULTS: 'SNT-1=gremlins' })).toThrow(
      /^BENCH_FAULTS must read SERIAL=fault\+fault with faults among noGpsFixIndoors, .*; 'SNT-1=gremlins' does not\.$/,
    );
  });

  it('refuses a duration scale that is not a positive number', () => {
    expect(() => readConfig({ TEST_DURATION_SCALE: '0' })).toThrow(
      "TEST_DURATION_SCALE must be a positive number; it is '0'.",
    );
  });

  it('reads the command failure rate and refuses one outside 0 to 1', () => {
    expect(readConfig({ BENCH_COMMAND_FAILURE_RATE: '0.5' }).commandFailureRate).toBe(0.5);
    expect(() => readConfig({ BENCH_COMMAND_FAILURE_RATE: '2' })).toThrow(
      "BENCH_COMMAND_FAILURE_RATE must be a number from 0 to 1; it is '2'.",
    );
  });

  it("reads the device gateway's Teltonika address and refuses one without a port", () => {
    expect(readConfig({ BENCH_GATEWAY: '127.0.0.1:5027' }).gateway).toEqual({
      host: '127.0.0.1',
      port: 5027,
    });
    expect(() => readConfig({ BENCH_GATEWAY: '127.0.0.1' })).toThrow(
      "BENCH_GATEWAY must be the device gateway's Teltonika address as host:port (e.g. 127.0.0.1:5027); it is '127.0.0.1'.",
    );
  });

  it('refuses a port that is not a number', () => {
    expect(() => readConfig({ PORT: 'ninety' })).toThrow("PORT must be a whole number; it is 'ninety'.");
  });

  describe('with NODE_ENV=production', () => {
    it('reads the origins and the signing key', () => {
      expect(readConfig(PRODUCTION)).toMatchObject({
        corsOrigins: ['https://burnin.example', 'https://dashboard.example'],
        jwtSecret: PRODUCTION.JWT_SECRET,
      });
    });

    it('refuses to start without JWT_SECRET, naming it', () => {
      expect(() => readConfig({ ...PRODUCTION, JWT_SECRET: '' })).toThrow(
        'JWT_SECRET must be set to at least 32 characters with NODE_ENV=production; it is not set.',
      );
      expect(() => readConfig({ ...PRODUCTION, JWT_SECRET: 'short' })).toThrow(/; it has 5\.$/);
    });

    it('refuses to start without CORS_ORIGINS, naming it', () => {
      expect(() => readConfig({ ...PRODUCTION, CORS_ORIGINS: ',' })).toThrow(
        /^CORS_ORIGINS must be set with NODE_ENV=production/,
      );
    });
  });
});

describe('the service built with CORS_ORIGINS', () => {
  it('grants those origins and no longer any localhost one', async () => {
    const { corsOrigins } = readConfig(PRODUCTION);
    const app = await build(corsOrigins === undefined ? {} : { corsOrigins });
    try {
      const from = async (origin: string) =>
        (await app.inject({ method: 'GET', url: '/TestRunner/Stations', headers: { origin } })).headers[
          'access-control-allow-origin'
        ];
      expect(await from('https://burnin.example')).toBe('https://burnin.example');
      expect(await from('http://localhost:5175')).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('the test-runner process with NODE_ENV=production', () => {
  it('refuses to start without CORS_ORIGINS and says which setting is missing', async () => {
    const folder = fileURLToPath(new URL('..', import.meta.url));
    // The server entry bundled once per change (see @sentinel/testing), not compiled by tsx per run.
    const child = spawn(process.execPath, [await serverBundle(folder, 'src/server.ts')], {
      cwd: folder,
      env: { ...process.env, ...PRODUCTION, PORT: '0', CORS_ORIGINS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Sentinel test-runner cannot start: CORS_ORIGINS must be set');
    // Starting a process takes seconds on a loaded machine.
  }, 30_000);
});
