import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_SETTINGS, loadAppSettings } from './app-settings';

// A real HTTP server answering the few shapes a settings file can come in.
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    switch (request.url) {
      case '/full.json':
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            baseURL: 'https://api.example.test',
            intercomAppId: 'intercom-1',
            turnstileSiteKey: 'turnstile-1',
            googleMapsApiKey: 'maps-1',
            tempProtectedRoutesKey: 'temp-1',
            burnInURL: 'https://burnin.example.test',
          }),
        );
        return;
      case '/partial.json':
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({ baseURL: 'https://partial.example.test', burnInURL: 42, extra: 'ignored' }),
        );
        return;
      case '/broken.json':
        response.setHeader('content-type', 'application/json');
        response.end('{ not json');
        return;
      case undefined:
      default:
        response.statusCode = 404;
        response.end('Not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('loadAppSettings', () => {
  it('reads every key of the settings file', async () => {
    await expect(loadAppSettings({ url: `${origin}/full.json` })).resolves.toEqual({
      baseURL: 'https://api.example.test',
      intercomAppId: 'intercom-1',
      turnstileSiteKey: 'turnstile-1',
      googleMapsApiKey: 'maps-1',
      tempProtectedRoutesKey: 'temp-1',
      burnInURL: 'https://burnin.example.test',
    });
  });

  it('keeps the defaults for missing keys and for values that are not strings', async () => {
    const settings = await loadAppSettings({ url: `${origin}/partial.json` });
    expect(settings).toEqual({ ...DEFAULT_APP_SETTINGS, baseURL: 'https://partial.example.test' });
    expect(settings).not.toHaveProperty('extra');
  });

  describe('given the file cannot be loaded', () => {
    it.each(['/missing.json', '/broken.json'])(
      'logs the failure for %s and runs on the defaults',
      async (path) => {
        const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
        try {
          await expect(loadAppSettings({ url: `${origin}${path}` })).resolves.toEqual(DEFAULT_APP_SETTINGS);
          expect(log).toHaveBeenCalledTimes(1);
        } finally {
          log.mockRestore();
        }
      },
    );

    it('uses the defaults it is given', async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const defaults = { ...DEFAULT_APP_SETTINGS, baseURL: 'http://127.0.0.1:1' };
      try {
        await expect(loadAppSettings({ url: `${origin}/missing.json`, defaults })).resolves.toEqual(defaults);
      } finally {
        log.mockRestore();
      }
    });
  });
});
