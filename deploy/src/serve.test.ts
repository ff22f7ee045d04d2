import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runToEnd } from './test/processes';

const SERVE = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));

/** Runs npm run serve's script with these settings over an environment without the scale ones. */
function serve(settings: Record<string, string>) {
  const { DATABASE_URL: _database, REDIS_URL: _redis, API_INSTANCES: _instances, ...env } = process.env;
  return runToEnd(process.execPath, [SERVE], { env: { ...env, ...settings } });
}

describe('npm run serve refuses a set-up that cannot work', () => {
  it('refuses several api instances on SQLite', async () => {
    const { code, output } = await serve({ API_INSTANCES: '2' });
    expect(code).toBe(1);
    expect(output).toContain(
      "npm run serve: API_INSTANCES=2 needs DATABASE_URL (PostgreSQL) shared by all instances: SQLite is one process's file.",
    );
  });

  it('refuses several api instances without the Redis backplane', async () => {
    const { code, output } = await serve({
      API_INSTANCES: '3',
      DATABASE_URL: 'postgres://localhost/sentinel',
    });
    expect(code).toBe(1);
    expect(output).toContain('npm run serve: API_INSTANCES=3 needs REDIS_URL');
  });

  it('refuses several api instances without nginx in front', async () => {
    const { code, output } = await serve({ API_INSTANCES: '2', SERVE_NGINX: 'off' });
    expect(code).toBe(1);
    expect(output).toContain('npm run serve: API_INSTANCES=2 needs nginx in front');
  });

  it('refuses an instance count that is not one', async () => {
    const { code, output } = await serve({ API_INSTANCES: 'two' });
    expect(code).toBe(1);
    expect(output).toContain("API_INSTANCES must be a whole number from 1 to 16; it is 'two'.");
  });
});
