// Renders sentinel.conf.template for a set of api instances, the api's public port and the apps'
// static roots. Importable (serve.mjs and the tests use renderNginxConfig) and runnable:
//   node deploy/nginx/render.mjs --api 10.0.0.11:5080 --api 10.0.0.12:5080 --listen 80 \
//     --app 8081=/srv/sentinel/dashboard --app 8082=/srv/sentinel/signup > sentinel.conf
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
 * @property {string} [accessLog]   `off` by default
 */

const ADDRESS = /^[A-Za-z0-9.\-[\]:]+:\d{1,5}$/;
const LISTEN = /^([A-Za-z0-9.\-[\]:]+:)?\d{1,5}$/;

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
  const listen = (/** @type {number | string} */ value) => {
    const text = String(value);
    if (!LISTEN.test(text)) throw new Error(`A listen address is port or host:port; '${text}' is not.`);
    return text;
  };
  const servers = apiInstances.map((instance) => `        server ${instance};`).join('\n');
  const sites = apps
    .map(({ listen: port, root }) => {
      if (!isAbsolute(root) || /[\s;{}'"]/.test(root)) {
        throw new Error(`An app root is an absolute path without spaces or quotes; '${root}' is not.`);
      }
      return fill(template('app-server.conf.template'), { LISTEN: listen(port), ROOT: root });
    })
    .join('\n');
  return fill(template('sentinel.conf.template'), {
    API_SERVERS: servers,
    API_LISTEN: listen(apiListen),
    HUB_HASH_KEY: options.hubHashKey ?? '$arg_id',
    APP_SERVERS: sites,
    MIME_TYPES: options.mimeTypes ?? '/etc/nginx/mime.types',
    ERROR_LOG: options.errorLog ?? 'stderr',
    ACCESS_LOG: options.accessLog ?? 'off',
  });
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
    },
  });
  const apps = values.app.map((site) => {
    const [port = '', root = ''] = site.split(/=(.*)/s);
    return { listen: port, root };
  });
  try {
    process.stdout.write(renderNginxConfig({ apiInstances: values.api, apiListen: values.listen, apps }));
  } catch (error) {
    console.error(`render.mjs: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
