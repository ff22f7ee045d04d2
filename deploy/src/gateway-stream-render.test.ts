import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderGatewayStreamConfig } from '../nginx/render.mjs';
import { NGINX, runToEnd } from './test/processes';

const RENDER = fileURLToPath(new URL('../nginx/render.mjs', import.meta.url));

const twoInstances = {
  teltonikaInstances: ['10.0.0.21:5027', '10.0.0.22:5027'],
  osmandInstances: ['10.0.0.21:5055', '10.0.0.22:5055'],
};

describe('renderGatewayStreamConfig', () => {
  let prefix: string;
  beforeAll(async () => {
    prefix = await mkdtemp(join(tmpdir(), 'sentinel-gateway-stream-t-'));
  });
  afterAll(async () => {
    await rm(prefix, { recursive: true, force: true });
  });

  it("renders a configuration Debian's nginx with its stream module accepts", async () => {
    const file = join(prefix, 'gateway-stream.conf');
    await writeFile(file, renderGatewayStreamConfig({ ...twoInstances, allowNetworks: ['100.64.0.0/10'] }));

    const { code, output } = await runToEnd(NGINX, ['-t', '-e', 'stderr', '-p', prefix, '-c', file]);

    expect(output).toContain('test is successful');
    expect(code).toBe(0);
  });

  it('spreads trackers over the instances by least connections, counted across workers, on 5027 and 5055', () => {
    const config = renderGatewayStreamConfig(twoInstances);
    const teltonika = config.slice(config.indexOf('upstream sentinel_gateway_teltonika'));

    expect(config).toContain('load_module /usr/lib/nginx/modules/ngx_stream_module.so;');
    expect(teltonika).toMatch(/^upstream sentinel_gateway_teltonika \{\s+zone \S+ 64k;\s+least_conn;/);
    expect(config).toContain('server 10.0.0.21:5027;');
    expect(config).toContain('server 10.0.0.22:5055;');
    expect(config).toContain('listen 5027;');
    expect(config).toContain('listen 5055;');
  });

  it("leaves closing a silent tracker to the gateway's idle timeout", () => {
    const config = renderGatewayStreamConfig(twoInstances);
    const teltonika = config.slice(config.indexOf('listen 5027;'), config.indexOf('listen 5055;'));

    expect(teltonika).toContain('proxy_timeout 10m;');
  });

  it('admits only the allowed networks when some are given, and any source otherwise', () => {
    const narrowed = renderGatewayStreamConfig({
      ...twoInstances,
      allowNetworks: ['100.64.0.0/10', '2001:db8::/32'],
    });
    const open = renderGatewayStreamConfig(twoInstances);

    expect(narrowed.match(/allow 100\.64\.0\.0\/10;\s+allow 2001:db8::\/32;\s+deny all;/g)).toHaveLength(2);
    expect(open).not.toMatch(/\b(allow|deny) /);
  });

  it('loads no module for an nginx built with the stream module', () => {
    const config = renderGatewayStreamConfig({ ...twoInstances, streamModule: null });

    expect(config).not.toContain('load_module');
  });

  it('refuses values that would break out of their directive', () => {
    expect(() => renderGatewayStreamConfig({ ...twoInstances, teltonikaInstances: [] })).toThrow(
      "At least one gateway instance's Teltonika address is needed.",
    );
    expect(() =>
      renderGatewayStreamConfig({ ...twoInstances, osmandInstances: ['10.0.0.21:5055; }'] }),
    ).toThrow("A gateway instance is host:port; '10.0.0.21:5055; }' is not.");
    expect(() =>
      renderGatewayStreamConfig({ ...twoInstances, allowNetworks: ['all; allow 0.0.0.0/0'] }),
    ).toThrow("An allowed network is an address or CIDR range; 'all; allow 0.0.0.0/0' is not.");
    expect(() => renderGatewayStreamConfig({ ...twoInstances, teltonikaListen: '5027 udp' })).toThrow(
      "A listen address is port or host:port; '5027 udp' is not.",
    );
    expect(() =>
      renderGatewayStreamConfig({ ...twoInstances, streamModule: 'ngx_stream_module.so' }),
    ).toThrow(
      "The stream module is an absolute path without spaces or quotes; 'ngx_stream_module.so' is not.",
    );
  });

  it('prints the same configuration from the command line', async () => {
    const { code, output } = await runToEnd(process.execPath, [
      RENDER,
      ...twoInstances.teltonikaInstances.flatMap((instance) => ['--teltonika', instance]),
      ...twoInstances.osmandInstances.flatMap((instance) => ['--osmand', instance]),
      '--allow',
      '100.64.0.0/10',
    ]);

    expect(code).toBe(0);
    expect(output).toBe(renderGatewayStreamConfig({ ...twoInstances, allowNetworks: ['100.64.0.0/10'] }));
  });
});
