import { startServerProcess } from './server-process';
import { workspaceFolder } from './workspace';

export interface TestRunnerOptions {
  /** The api the bench asks whether a serial is a device. */
  apiUrl: string;
  /** The api's signing key, so the bench accepts its tokens. */
  jwtSecret: string;
  /** Multiplies every test's duration (TEST_DURATION_SCALE). @default 1 */
  durationScale?: number;
  /** Faults pinned per serial (BENCH_FAULTS), e.g. `{ 'SNT-000127': ['weakLockRelay'] }`. */
  pinnedFaults?: Record<string, readonly string[]>;
  /** Share of commands a sound unit fails now and then (BENCH_COMMAND_FAILURE_RATE). @default 0.03 */
  commandFailureRate?: number;
}

export interface RunningTestRunner {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts the burn-in test-runner as its own server process (`apps/test-runner`, its normal entry)
 * on a free local port, with the bench's state in memory.
 */
export async function startTestRunner(options: TestRunnerOptions): Promise<RunningTestRunner> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The test-runner reads these too; what the calling test runs under is not the bench's business.
  for (const name of ['DATABASE_URL', 'NODE_ENV', 'CORS_ORIGINS', 'BENCH_SEED', 'HOST', 'PORT'])
    delete env[name];
  Object.assign(env, {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    BENCH_DATABASE_FILE: ':memory:',
    API_URL: options.apiUrl,
    JWT_SECRET: options.jwtSecret,
    TEST_DURATION_SCALE: String(options.durationScale ?? 1),
    BENCH_FAULTS: Object.entries(options.pinnedFaults ?? {})
      .map(([serial, faults]) => `${serial}=${faults.join('+')}`)
      .join(','),
    BENCH_COMMAND_FAILURE_RATE: String(options.commandFailureRate ?? 0.03),
  });
  const server = await startServerProcess({
    name: 'The test-runner',
    folder: workspaceFolder('apps/test-runner'),
    entry: 'src/server.ts',
    env,
    listening: /^Sentinel test-runner listening on (\S+)$/,
  });
  return { url: server.url, close: server.stop };
}
