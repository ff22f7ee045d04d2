/*
 * pnpm db:setup — creates or upgrades the database and adds the demo data that is missing.
 * It never deletes or overwrites anything, so it is safe to run at any time, any number of times.
 */
import { readServerConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { seedDemoData } from './db/seed';

const { databaseFile, databaseUrl } = readServerConfig();
const db = createDatabase({ databaseFile, databaseUrl });
try {
  const migrations = await migrateToLatest(db);
  const { addedUsers, addedAccountHolders, addedVehicles, addedDevices } = await seedDemoData(db);
  const applied = migrations
    .filter(({ status }) => status === 'Success')
    .map(({ migrationName }) => migrationName);
  // The URL may carry a password: name the server, not the whole URL.
  console.log(
    `Database ${databaseUrl === undefined ? databaseFile : `PostgreSQL at ${new URL(databaseUrl).host}`}`,
  );
  console.log(`  migrations applied: ${applied.length === 0 ? 'none (up to date)' : applied.join(', ')}`);
  console.log(
    `  demo users added: ${addedUsers.length === 0 ? 'none (all present)' : addedUsers.join(', ')}`,
  );
  console.log(
    `  demo fleet added: ${addedAccountHolders} account holders, ${addedVehicles} vehicles, ${addedDevices} devices`,
  );
} finally {
  await db.destroy();
}
