import { describe, expect, it } from 'vitest';
import { readConfig } from './config';
import { parseAllowNetworks } from './network-allow-list';

const KEY = 'a-gateway-key-of-at-least-32-characters!';

describe('readConfig', () => {
  it('uses the documented defaults beside the key', () => {
    const config = readConfig({ GATEWAY_KEY: 'dev-key' });
    expect(config).toEqual({
      apiUrl: 'http://127.0.0.1:5080',
      key: 'dev-key',
      host: '127.0.0.1',
      teltonikaPort: 5027,
      osmandPort: 5055,
      handshakeTimeoutSeconds: 10,
      idleTimeoutSeconds: 330,
      maxConnections: 20_000,
      allowNetworks: [],
      redisUrl: undefined,
      instanceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      logLevel: 'info',
    });
  });

  it('reads every setting', () => {
    expect(
      readConfig({
        GATEWAY_KEY: KEY,
        GATEWAY_API_URL: 'https://api.example',
        GATEWAY_HOST: '0.0.0.0',
        TELTONIKA_PORT: '6027',
        OSMAND_PORT: '0',
        GATEWAY_HANDSHAKE_TIMEOUT_SECONDS: '2.5',
        GATEWAY_IDLE_TIMEOUT_SECONDS: '600',
        GATEWAY_MAX_CONNECTIONS: '500',
        GATEWAY_ALLOW_NETWORKS: ' 10.0.0.0/8, 192.0.2.7 ,2001:db8::/32',
        REDIS_URL: 'redis://127.0.0.1:6379',
        GATEWAY_INSTANCE_ID: 'gateway-a',
        LOG_LEVEL: 'debug',
      }),
    ).toEqual({
      apiUrl: 'https://api.example',
      key: KEY,
      host: '0.0.0.0',
      teltonikaPort: 6027,
      osmandPort: 0,
      handshakeTimeoutSeconds: 2.5,
      idleTimeoutSeconds: 600,
      maxConnections: 500,
      allowNetworks: ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32'],
      redisUrl: 'redis://127.0.0.1:6379',
      instanceId: 'gateway-a',
      logLevel: 'debug',
    });
  });

  it('needs the key, and in production a long key and the api URL, and listens everywhere', () => {
    expect(() => readConfig({})).toThrow(/^GATEWAY_KEY must be set/);
    expect(() =>
      readConfig({ NODE_ENV: 'production', GATEWAY_KEY: 'short', GATEWAY_API_URL: 'https://api.example' }),
    ).toThrow('GATEWAY_KEY must have at least 32 characters with NODE_ENV=production; it has 5.');
    expect(() => readConfig({ NODE_ENV: 'production', GATEWAY_KEY: KEY })).toThrow(
      /^GATEWAY_API_URL must be set/,
    );
    expect(
      readConfig({ NODE_ENV: 'production', GATEWAY_KEY: KEY, GATEWAY_API_URL: 'https://api.example' }).host,
    ).toBe('0.0.0.0');
  });

  it.each([
    [
      { GATEWAY_API_URL: 'ftp://api.example' },
      "GATEWAY_API_URL must be an http or https URL; it is 'ftp://api.example'.",
    ],
    [{ TELTONIKA_PORT: '70000' }, "TELTONIKA_PORT must be a port number from 0 to 65535; it is '70000'."],
    [{ OSMAND_PORT: 'http' }, "OSMAND_PORT must be a port number from 0 to 65535; it is 'http'."],
    [
      { GATEWAY_IDLE_TIMEOUT_SECONDS: '0' },
      "GATEWAY_IDLE_TIMEOUT_SECONDS must be a number of seconds above 0 and at most 86400; it is '0'.",
    ],
    [
      { GATEWAY_MAX_CONNECTIONS: '20001' },
      "GATEWAY_MAX_CONNECTIONS must be a whole number from 1 to 20000; it is '20001'.",
    ],
    [
      { GATEWAY_ALLOW_NETWORKS: '10.0.0.0/33' },
      "GATEWAY_ALLOW_NETWORKS must list addresses or CIDR ranges (e.g. 10.0.0.0/8, 2001:db8::/32); '10.0.0.0/33' is neither.",
    ],
    [
      { GATEWAY_ALLOW_NETWORKS: 'office' },
      "GATEWAY_ALLOW_NETWORKS must list addresses or CIDR ranges (e.g. 10.0.0.0/8, 2001:db8::/32); 'office' is neither.",
    ],
  ])('refuses %o', (env, message) => {
    expect(() => readConfig({ GATEWAY_KEY: 'dev-key', ...env })).toThrow(message);
  });
});

describe('parseAllowNetworks', () => {
  it('allows any address when empty', () => {
    expect(parseAllowNetworks([])('203.0.113.9')).toBe(true);
  });

  it('allows the listed networks and addresses only, IPv4 peers of a dual-stack listener included', () => {
    const allows = parseAllowNetworks(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);
    expect(allows('10.20.30.40')).toBe(true);
    expect(allows('::ffff:10.20.30.40')).toBe(true);
    expect(allows('192.0.2.7')).toBe(true);
    expect(allows('192.0.2.8')).toBe(false);
    expect(allows('2001:db8::1')).toBe(true);
    expect(allows('2001:db9::1')).toBe(false);
    expect(allows('127.0.0.1')).toBe(false);
    expect(allows(undefined)).toBe(false);
  });
});
