import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderNginxConfig } from '../nginx/render.mjs';
import { NGINX, runToEnd } from './test/processes';

const twoInstances = {
  apiInstances: ['127.0.0.1:5181', '127.0.0.1:5182'],
  apiListen: 5080,
  apps: [
    { listen: 5173, root: '/srv/sentinel/dashboard' },
    { listen: '0.0.0.0:5174', root: '/srv/sentinel/signup' },
  ],
};

describe('renderNginxConfig', () => {
  let prefix: string;
  beforeAll(async () => {
    prefix = await mkdtemp(join(tmpdir(), 'sentinel-nginx-t-'));
  });
  afterAll(async () => {
    await rm(prefix, { recursive: true, force: true });
  });

  it('renders a configuration nginx -t accepts', async () => {
    const file = join(prefix, 'sentinel.conf');
    await writeFile(file, renderNginxConfig(twoInstances));

    const { code, output } = await runToEnd(NGINX, ['-t', '-e', 'stderr', '-p', prefix, '-c', file]);

    expect(output).toContain('test is successful');
    expect(code).toBe(0);
  });

  it('lists every api instance in both upstreams', () => {
    const config = renderNginxConfig(twoInstances);
    expect(config.match(/server 127\.0\.0\.1:5181[ ;]/g)).toHaveLength(2);
    expect(config.match(/server 127\.0\.0\.1:5182[ ;]/g)).toHaveLength(2);
    expect(config).toContain('listen 5080;');
  });

  it('leaves an instance that answered 503 out for a while and repeats the call on another, a POST too', () => {
    const config = renderNginxConfig(twoInstances);
    const api = config.slice(
      config.indexOf('upstream sentinel_api'),
      config.indexOf('upstream sentinel_hub'),
    );
    expect(api).toContain('zone sentinel_api 64k;');
    expect(api).toContain('server 127.0.0.1:5181 max_fails=1 fail_timeout=5s;');
    expect(config).toContain('proxy_next_upstream error timeout http_503;');
    expect(config).toContain('error_page 503 = @api_again;');
    const again = config.slice(config.indexOf('location @api_again'), config.indexOf('location /DefaultHub'));
    expect(again).toContain('proxy_pass http://sentinel_api;');
    expect(again).toContain('proxy_next_upstream http_503 non_idempotent;');
  });

  it('pins each hub connection to one instance by its id, with upgrades, long timeouts and no buffering', () => {
    const config = renderNginxConfig(twoInstances);
    const hub = config.slice(config.indexOf('location /DefaultHub'));
    expect(config).toContain('hash $arg_id consistent;');
    expect(hub).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(hub).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(hub).toContain('proxy_buffering off;');
    expect(hub).toContain('proxy_read_timeout 1h;');
  });

  it("tells the api the client's address and scheme in its own words, dropping the client's X-Forwarded-*", () => {
    const config = renderNginxConfig(twoInstances);
    expect(config).not.toContain('$proxy_add_x_forwarded_for');
    expect(config.match(/proxy_set_header X-Forwarded-For \$remote_addr;/g)).toHaveLength(2);
    expect(config.match(/proxy_set_header X-Forwarded-Proto \$scheme;/g)).toHaveLength(2);
    expect(config.match(/proxy_set_header X-Forwarded-Host "";/g)).toHaveLength(2);
  });

  it('takes another hash key for the hub', () => {
    expect(renderNginxConfig({ ...twoInstances, hubHashKey: '$remote_addr' })).toContain(
      'hash $remote_addr consistent;',
    );
  });

  it('serves each app from its root on its port', () => {
    const config = renderNginxConfig(twoInstances);
    expect(config).toContain('listen 5173;\n        root /srv/sentinel/dashboard;');
    expect(config).toContain('listen 0.0.0.0:5174;\n        root /srv/sentinel/signup;');
  });

  it('forbids framing and type sniffing in every location of an app, and hides its dotfiles', () => {
    const config = renderNginxConfig(twoInstances);
    const site = config.slice(
      config.indexOf('root /srv/sentinel/dashboard;'),
      config.indexOf('root /srv/sentinel/signup;'),
    );
    const locations = site.split(/\n\s*location /).slice(1);
    expect(locations).toHaveLength(4);
    for (const location of locations) {
      expect(location).toContain(`add_header Content-Security-Policy "frame-ancestors 'none'" always;`);
      expect(location).toContain('add_header X-Frame-Options "DENY" always;');
      expect(location).toContain('add_header X-Content-Type-Options "nosniff" always;');
    }
    expect(site).toContain('location ~ /\\. {');
  });

  it('refuses values that would break out of their directive', () => {
    expect(() => renderNginxConfig({ ...twoInstances, apiInstances: [] })).toThrow(
      'At least one api instance is needed.',
    );
    expect(() => renderNginxConfig({ ...twoInstances, apiInstances: ['a; include /etc/x'] })).toThrow(
      /is host:port/,
    );
    expect(() => renderNginxConfig({ ...twoInstances, apiListen: '80; evil' })).toThrow(/listen address/);
    expect(() => renderNginxConfig({ ...twoInstances, apps: [{ listen: 80, root: '/srv/x; }' }] })).toThrow(
      /absolute path/,
    );
    expect(() => renderNginxConfig({ ...twoInstances, apps: [{ listen: 80, root: 'dist' }] })).toThrow(
      /absolute path/,
    );
    expect(() => renderNginxConfig({ ...twoInstances, accessLog: '/var/log/a.log; include /x' })).toThrow(
      /access log/,
    );
  });
});

describe('node deploy/nginx/render.mjs', () => {
  it('prints the same configuration from the command line', async () => {
    const { code, output } = await runToEnd(process.execPath, [
      'nginx/render.mjs',
      '--api',
      '127.0.0.1:5181',
      '--api',
      '127.0.0.1:5182',
      '--listen',
      '5080',
      '--app',
      '5173=/srv/sentinel/dashboard',
      '--app',
      '0.0.0.0:5174=/srv/sentinel/signup',
    ]);
    expect(code).toBe(0);
    expect(output).toBe(renderNginxConfig(twoInstances));
  });

  it('says what is wrong in one line when an instance is missing', async () => {
    const { code, output } = await runToEnd(process.execPath, ['nginx/render.mjs', '--listen', '80']);
    expect(code).toBe(1);
    expect(output).toBe('render.mjs: At least one api instance is needed.\n');
  });
});
