// Renders sentinel.conf.template for a set of api instances, the api's public port and the apps'
// static roots, and gateway-stream.conf.template for a set of device gateway instances. Importable
// (serve.mjs and the tests use renderNginxConfig) and runnable:
//   node deploy/nginx/render.mjs --api 10.0.0.11:5080 --api 10.0.0.12:5080 --listen 80 \
//     --app 8081=/srv/sentinel/dashboard --app 8082=/srv/sentinel/signup > sentinel.conf
//   node deploy/nginx/render.mjs --teltonika 10.0.0.21:5027 --teltonika 10.0.0.22:5027 \
//     --osmand 10.0.0.21:5055 --osmand 10.0.0.22:5055 --allow 100.64.0.0/10 > gateway-stream.conf
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * @typedef {object} AppSite
 * @property {number | string} listen  port (or address:port) the app is served on
 * @property {string} root             absolute path of the app's built files (its dist folder)
 */

/**
 * @typedef {object} NginxOptions
 * @property {readonly string[]} apiInstances  `host:port` of each api instance, at least one
 * @property {number | string} apiListen       port (or address:port) nginx answers the api on
 * @property {readonly AppSite[]} [apps]       built apps to serve; none by default
 * @property {string} [hubHashKey]  what sends the hub requests of one connection to one instance; `$arg_id` (the connection token) by default
 * @property {string} [mimeTypes]   the types file to include; Debian's `/etc/nginx/mime.types` by default
 * @property {string} [errorLog]    `stderr` by default
 * @property {string} [accessLog]   a file, written in the `sentinel` format (tokens and queries left out); `off` by default
 */

const ADDRESS = /^[A-Za-z0-9.\-[\]:]+:\d{1,5}$/;
const LISTEN = /^([A-Za-z0-9.\-[\]:]+:)?\d{1,5}$/;
/** An IPv4 or IPv6 address, optionally with a prefix length: what nginx's `allow` takes. */
const NETWORK = /^[0-9A-Fa-f.:]+(\/\d{1,3})?$/;

/**
 * @typedef {object} GatewayStreamOptions
 * @property {readonly string[]} teltonikaInstances  `host:port` of each gateway instance's Teltonika listener, at least one
 * @property {readonly string[]} osmandInstances     `host:port` of each instance's OsmAnd listener, at least one
 * @property {number | string} [teltonikaListen]     where trackers connect; 5027 by default
 * @property {number | string} [osmandListen]        where phones send OsmAnd; 5055 by default
 * @property {readonly string[]} [allowNetworks]     addresses or CIDR ranges allowed to connect; any by default
 * @property {string | null} [streamModule]  the stream module to load; Debian's `/usr/lib/nginx/modules/ngx_stream_module.so` by default, null for an nginx built with it
 * @property {number} [workerConnections]    per worker; 32768 by default (two a proxied connection)
 * @property {string} [errorLog]    `stderr` by default
 */

/** Debian's nginx has the stream module apart (package libnginx-mod-stream). */
export const DEBIAN_STREAM_MODULE = '/usr/lib/nginx/modules/ngx_stream_module.so';

/**
 * Fills the template. Refuses values that could break out of their directive, so a rendered file
 * is always what the template says.
 * @param {NginxOptions} options
 * @returns {string}
 */
export function renderNginxConfig(options) {
  const { apiInstances, apiListen, apps = [] } = options;
  if (apiInstances.length === 0) throw new Error('At least one api instance is needed.');
  for (const instance of apiInstances) {
    if (!ADDRESS.test(instance)) throw new Error(`An api instance is host:port; '${instance}' is not.`);
  }
  const listen = listenAddress;
  const servers = (/** @type {string} */ parameters) =>
    apiInstances.map((instance) => `        server ${instance}${parameters};`).join('\n');
  const sites = apps
    .map(({ listen: port, root }) => {
      if (!isAbsolute(root) || /[\s;{}'"]/.test(root)) {
        throw new Error(`An app root is an absolute path without spaces or quotes; '${root}' is not.`);
      }
      return fill(template('app-server.conf.template'), { LISTEN: listen(port), ROOT: root });
    })
    .join('\n');
  return fill(template('sentinel.conf.template'), {
    // An instance that answered 503 (not ready) or failed is left out for 5 s, then tried again.
    API_SERVERS: servers(' max_fails=1 fail_timeout=5s'),
    HUB_SERVERS: servers(''),
    API_LISTEN: listen(apiListen),
    HUB_HASH_KEY: options.hubHashKey ?? '$arg_id',
    APP_SERVERS: sites,
    MIME_TYPES: options.mimeTypes ?? '/etc/nginx/mime.types',
    ERROR_LOG: options.errorLog ?? 'stderr',
    ACCESS_LOG: accessLog(options.accessLog),
  });
}

/**
 * Fills the gateway's stream template. The gateway instances see nginx's address, not the device's,
 * so the allow-list of source networks is nginx's here (`allow`, then `deny all`) rather than the
 * gateway's GATEWAY_ALLOW_NETWORKS.
 * @param {GatewayStreamOptions} options
 * @returns {string}
 */
export function renderGatewayStreamConfig(options) {
  const { teltonikaInstances, osmandInstances, allowNetworks = [] } = options;
  const servers = (/** @type {readonly string[]} */ instances, /** @type {string} */ what) => {
    if (instances.length === 0) throw new Error(`At least one gateway instance's ${what} address is needed.`);
    for (const instance of instances) {
      if (!ADDRESS.test(instance)) throw new Error(`A gateway instance is host:port; '${instance}' is not.`);
    }
    return instances.map((instance) => `        server ${instance};`).join('\n');
  };
  for (const network of allowNetworks) {
    if (!NETWORK.test(network))
      throw new Error(`An allowed network is an address or CIDR range; '${network}' is not.`);
  }
  const streamModule = options.streamModule === undefined ? DEBIAN_STREAM_MODULE : options.streamModule;
  if (streamModule !== null && (!isAbsolute(streamModule) || /[\s;{}'"]/.test(streamModule))) {
    throw new Error(
      `The stream module is an absolute path without spaces or quotes; '${streamModule}' is not.`,
    );
  }
  const workerConnections = options.workerConnections ?? 32_768;
  if (!Number.isInteger(workerConnections) || workerConnections < 16) {
    throw new Error(`workerConnections is a whole number of at least 16; '${workerConnections}' is not.`);
  }
  const allow =
    allowNetworks.length === 0
      ? '        # Any source: set allowNetworks to narrow it.'
      : [...allowNetworks.map((network) => `        allow ${network};`), '        deny all;'].join('\n');
  return fill(template('gateway-stream.conf.template'), {
    LOAD_STREAM_MODULE:
      streamModule === null ? '# The stream module is built in.' : `load_module ${streamModule};`,
    WORKER_FILES: String(workerConnections * 2),
    WORKER_CONNECTIONS: String(workerConnections),
    ERROR_LOG: options.errorLog ?? 'stderr',
    TELTONIKA_SERVERS: servers(teltonikaInstances, 'Teltonika'),
    OSMAND_SERVERS: servers(osmandInstances, 'OsmAnd'),
    TELTONIKA_LISTEN: listenAddress(options.teltonikaListen ?? 5027),
    OSMAND_LISTEN: listenAddress(options.osmandListen ?? 5055),
    ALLOW: allow,
  });
}

/**
 * `off`, or the file in the `sentinel` format, which leaves the secrets in URLs out.
 * @param {string | undefined} file
 */
function accessLog(file) {
  if (file === undefined || file === 'off') return 'off';
  if (!/^[^\s'";{}]+$/.test(file)) {
    throw new Error(`The access log is a path without spaces, quotes or semicolons; '${file}' is not.`);
  }
  return `${file} sentinel`;
}

/** @param {number | string} value */
function listenAddress(value) {
  const text = String(value);
  if (!LISTEN.test(text)) throw new Error(`A listen address is port or host:port; '${text}' is not.`);
  return text;
}

/** @param {string} name */
function template(name) {
  return readFileSync(join(here, name), 'utf8');
}

/**
 * @param {string} text
 * @param {Record<string, string>} values
 */
function fill(text, values) {
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (_match, /** @type {string} */ key) => {
    const value = values[key];
    if (value === undefined) throw new Error(`The template has no value for {{${key}}}.`);
    return value;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      api: { type: 'string', multiple: true, default: [] },
      listen: { type: 'string', default: '80' },
      app: { type: 'string', multiple: true, default: [] },
      // The device gateway's stream configuration instead, when --teltonika is given.
      teltonika: { type: 'string', multiple: true, default: [] },
      osmand: { type: 'string', multiple: true, default: [] },
      'teltonika-listen': { type: 'string', default: '5027' },
      'osmand-listen': { type: 'string', default: '5055' },
      allow: { type: 'string', multiple: true, default: [] },
    },
  });
  const apps = values.app.map((site) => {
    const [port = '', root = ''] = site.split(/=(.*)/s);
    return { listen: port, root };
  });
  try {
    process.stdout.write(
      values.teltonika.length > 0
        ? renderGatewayStreamConfig({
            teltonikaInstances: values.teltonika,
            osmandInstances: values.osmand,
            teltonikaListen: values['teltonika-listen'],
            osmandListen: values['osmand-listen'],
            allowNetworks: values.allow,
          })
        : renderNginxConfig({ apiInstances: values.api, apiListen: values.listen, apps }),
    );
  } catch (error) {
    console.error(`render.mjs: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
