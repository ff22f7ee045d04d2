/** The settings of the test-runner process, from its environment (see the README's table). */
export interface TestRunnerConfig {
  port: number;
  host: string;
  logLevel: string;
  /** Undefined means any localhost origin (the dev servers). */
  corsOrigins: string[] | undefined;
  /** The api's signing key; required in production, unused until bearer checks land. */
  jwtSecret: string | undefined;
}

/** The shortest JWT_SECRET production accepts, as in the api. */
export const MIN_JWT_SECRET_LENGTH = 32;

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/** NODE_ENV=production: the signing key and the allowed origins must be set. */
export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return text(env, 'NODE_ENV') === 'production';
}

/** Reads and checks the settings; throws, naming the setting, when one is wrong or missing. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): TestRunnerConfig {
  const rawPort = text(env, 'PORT');
  const port = rawPort === undefined ? 5090 : Number(rawPort);
  if (!Number.isSafeInteger(port) || port < 0) {
    throw new Error(`PORT must be a whole number; it is '${rawPort}'.`);
  }
  const origins = text(env, 'CORS_ORIGINS')
    ?.split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  const jwtSecret = text(env, 'JWT_SECRET');
  if (isProduction(env)) {
    if (jwtSecret === undefined || jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
      throw new Error(
        `JWT_SECRET must be set to at least ${MIN_JWT_SECRET_LENGTH} characters with NODE_ENV=production` +
          (jwtSecret === undefined ? '; it is not set.' : `; it has ${jwtSecret.length}.`),
      );
    }
    if (origins === undefined || origins.length === 0) {
      throw new Error(
        'CORS_ORIGINS must be set with NODE_ENV=production: the comma-separated origins the apps are served from.',
      );
    }
  }
  return {
    port,
    host: text(env, 'HOST') ?? '127.0.0.1',
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    corsOrigins: origins === undefined || origins.length === 0 ? undefined : origins,
    jwtSecret,
  };
}
