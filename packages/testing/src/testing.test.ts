import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deadUrl,
  demoSignIn,
  demoSignIns,
  expirePhoneCodesInFile,
  issueDeviceKeyInFile,
  signIn,
  startApi,
  startTestHost,
  startTestRunner,
} from './index';
import { TEST_HOST_URL_ENV } from './test-host';
import type { RunningApi } from './index';

describe('given a started api', () => {
  let api: RunningApi;

  beforeAll(async () => {
    api = await startApi();
  });

  afterAll(async () => {
    await api.close();
  });

  it('answers on its URL', async () => {
    const response = await fetch(`${api.url}/health`);
    expect(response.status).toBe(200);
  });

  it('signs every demo user in over HTTP', async () => {
    for (const { role } of demoSignIns()) {
      const { accessToken, userId } = await signIn(api.url, role);
      expect(accessToken.split('.')).toHaveLength(3);
      expect(userId).toBeGreaterThan(0);
    }
  });

  it('names the demo account of each role', () => {
    expect(demoSignIn('Admin').email).toMatch(/@/);
  });

  it('refuses an option the api does not take, naming it', async () => {
    await expect(startApi({ seed: true, ...{ colour: 'red' } })).rejects.toThrow(/Unknown api option colour/);
  });

  it('says which sign-in failed when the api refuses it', async () => {
    const other = await startApi({ seed: false });
    try {
      await expect(signIn(other.url, 'Admin')).rejects.toThrow(/^Sign-in of .+ answered 4\d\d\.$/);
    } finally {
      await other.close();
    }
  });
});

describe('deadUrl', () => {
  it('points where nothing listens', async () => {
    await expect(fetch(await deadUrl())).rejects.toThrow();
  });
});

describe('issueDeviceKeyInFile', () => {
  const folder = mkdtempSync(join(tmpdir(), 'sentinel-testing-'));
  const databaseFile = join(folder, 'api.db');

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('gives a seeded device a key the api accepts', async () => {
    const api = await startApi({ databaseFile });
    try {
      const serialNumber = 'SNT-000104';
      const key = await issueDeviceKeyInFile(databaseFile, serialNumber);
      const response = await fetch(`${api.url}/Devices/${serialNumber}/Telemetry`, {
        method: 'POST',
        headers: { authorization: `Device ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ timestamp: new Date().toISOString(), locked: true }),
      });
      expect(response.status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('prints a key the api accepts from its device:key command, for tests that need it synchronously', async () => {
    const api = await startApi({ databaseFile });
    try {
      const serialNumber = 'SNT-000104';
      const key = execFileSync('pnpm', ['--silent', 'device:key', serialNumber], {
        encoding: 'utf8',
        env: { ...process.env, DATABASE_FILE: databaseFile },
      }).trim();
      const response = await fetch(`${api.url}/Devices/${serialNumber}/Telemetry`, {
        method: 'POST',
        headers: { authorization: `Device ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ timestamp: new Date().toISOString(), locked: false }),
      });
      expect(response.status).toBe(200);
    } finally {
      await api.close();
    }
    // Starting pnpm and tsx in a child takes seconds on a loaded machine.
  }, 60_000);

  it('says so when the serial number is unknown', async () => {
    await expect(issueDeviceKeyInFile(databaseFile, 'SNT-NOPE')).rejects.toThrow(
      'No device with serial number SNT-NOPE',
    );
  });
});

describe('expirePhoneCodesInFile', () => {
  it('says how many codes of a number it expired, none for a number without any', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sentinel-testing-'));
    const api = await startApi({ databaseFile: join(folder, 'api.db') });
    try {
      expect(await expirePhoneCodesInFile(join(folder, 'api.db'), '0600000000')).toBe(0);
    } finally {
      await api.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('given a started test-runner', () => {
  it('answers on its URL, for a technician of the api it was given', async () => {
    const secret = 'a-signing-key-the-api-and-the-bench-share';
    const api = await startApi({ jwtSecret: secret });
    const runner = await startTestRunner({ apiUrl: api.url, jwtSecret: secret });
    try {
      const { accessToken } = await signIn(api.url, 'Technical-Agent');
      const response = await fetch(`${runner.url}/TestRunner/Stations`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(response.status).toBe(200);
    } finally {
      await runner.close();
      await api.close();
    }
  }, 60_000);
});

describe('given a test host already named in SENTINEL_TEST_HOST_URL', () => {
  it('uses that host and leaves it running when the run closes it', async () => {
    const running = process.env[TEST_HOST_URL_ENV];
    expect(running, 'the global set-up started a host').toBeTruthy();

    const host = await startTestHost();
    await host.close();

    expect(host.url).toBe(running);
    expect(process.env[TEST_HOST_URL_ENV]).toBe(running);
    expect((await fetch(`${running}/demo-sign-ins`)).status).toBe(200);
  });
});
