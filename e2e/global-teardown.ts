// Removes the run's database files (and SQLite's -wal and -shm beside them) from the temp folder.
import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  for (const file of [process.env.SENTINEL_E2E_DATABASE, process.env.SENTINEL_E2E_BENCH_DATABASE]) {
    if (file === undefined) continue;
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
}
