import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { dialectOf, identityColumn } from '../database';
import { deviceTestCommandsMigration } from './0013-device-test-commands';

/*
 * One table for every command sent to a device: a test command of a free device (the burn-in
 * bench) is a row of device_commands with no vehicle, instead of a row of device_test_commands,
 * which had the same columns and the same life. Each moved row gets a new id (the old ones clash
 * with the vehicles' commands): the old id plus the highest id device_commands ever handed out, and
 * the audit log's DeviceTestCommandSent entries are renumbered the same way, so they still name
 * their command.
 *
 * SQLite cannot drop NOT NULL in place, so there the table is rebuilt the way SQLite documents
 * (https://www.sqlite.org/lang_altertable.html#otheralter): foreign keys off, then in one
 * transaction create the new table, copy, drop the old one, rename the new one, recreate the
 * indexes and check the foreign keys. With foreign keys on, dropping the old table would first
 * delete its rows and so clear every vehicle_history.command_id (ON DELETE SET NULL); renaming the
 * new table (not the old one) keeps vehicle_history's reference by name pointing at it. The api's
 * connection turns foreign keys on, and Kysely's migrator runs a SQLite migration outside any
 * transaction (SQLite has no transactional DDL in its adapter), so this migration can do both.
 * PostgreSQL changes the column in place, inside the migrator's transaction.
 *
 * Branching on the engine here, not through SqlDialect, because the rebuild concerns this one
 * table's history, not a rule every query needs.
 */

type Db = Kysely<unknown>;

// Every column but id, in the order both tables declare them.
const COLUMNS = [
  'device_id',
  'type',
  'status',
  'requested_by_user_id',
  'requested_at',
  'expires_at',
  'delivered_at',
  'completed_at',
  'result_is_locked',
  'reason',
] as const;
const columnList = sql.join(COLUMNS.map((column) => sql.ref(column)));

async function createCommandsTable(db: Db, name: string, vehicleRequired: boolean): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('id', 'integer', identityColumn(db))
    // Null for a test command of a free device: it belongs to no vehicle and changes none.
    .addColumn('vehicle_id', 'integer', (column) => {
      const reference = column.references('vehicles.id').onDelete('cascade');
      return vehicleRequired ? reference.notNull() : reference;
    })
    .addColumn('device_id', 'integer', (column) =>
      column.notNull().references('devices.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('requested_by_user_id', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('requested_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('result_is_locked', 'integer')
    .addColumn('reason', 'text')
    .execute();
}

/** The indexes of 0008, recreated after SQLite's rebuild. */
async function createVehicleCommandIndexes(db: Db): Promise<void> {
  await db.schema
    .createIndex('device_commands_one_pending')
    .on('device_commands')
    .column('vehicle_id')
    .unique()
    .where(sql.ref('status'), '=', 'Pending')
    .execute();
  await db.schema
    .createIndex('device_commands_device_status')
    .on('device_commands')
    .columns(['device_id', 'status'])
    .execute();
  await db.schema
    .createIndex('device_commands_vehicle_newest')
    .on('device_commands')
    .columns(['vehicle_id', 'id'])
    .execute();
  await db.schema
    .createIndex('device_commands_open_expiry')
    .on('device_commands')
    .columns(['status', 'expires_at'])
    .execute();
}

/** SQLite's documented rebuild of device_commands, copying the rows `where` keeps with their ids. */
async function rebuildOnSqlite(db: Db, vehicleRequired: boolean, where: ReturnType<typeof sql>) {
  await createCommandsTable(db, 'device_commands_new', vehicleRequired);
  await sql`insert into device_commands_new (id, vehicle_id, ${columnList})
    select id, vehicle_id, ${columnList} from device_commands where ${where}`.execute(db);
  await db.schema.dropTable('device_commands').execute();
  await db.schema.alterTable('device_commands_new').renameTo('device_commands').execute();
  await createVehicleCommandIndexes(db);
}

/** The highest id the table has handed out, including those of rows since deleted. */
async function highestIdEver(db: Db, table: 'device_commands' | 'device_test_commands'): Promise<number> {
  const { rows } = await sql<{ highest: number | string | null }>`
    select max(id) as highest from ${sql.table(table)}`.execute(db);
  const highest = Number(rows[0]?.highest ?? 0);
  const sequence =
    dialectOf(db).name === 'sqlite'
      ? sql<{ used: number | string | null }>`
          select seq as used from sqlite_sequence where name = ${table}`
      : sql<{ used: number | string | null }>`
          select pg_sequence_last_value(pg_get_serial_sequence(${table}, 'id')::regclass) as used`;
  const used = Number((await sequence.execute(db)).rows[0]?.used ?? 0);
  return Math.max(highest, used);
}

/** Makes the next id device_commands numbers itself come after `floor`, never going back. */
async function continueIdsAfter(db: Db, floor: number): Promise<void> {
  if (floor <= 0) return;
  if (dialectOf(db).name === 'sqlite') {
    await sql`update sqlite_sequence set seq = ${floor}
      where name = 'device_commands' and seq < ${floor}`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select 'device_commands', ${floor}
      where not exists (select 1 from sqlite_sequence where name = 'device_commands')`.execute(db);
  } else {
    await sql`select setval(pg_get_serial_sequence('device_commands', 'id'), ${floor})
      where ${floor} > coalesce(
        pg_sequence_last_value(pg_get_serial_sequence('device_commands', 'id')::regclass), 0)`.execute(db);
  }
}

/** Adds `offset` to the command id each DeviceTestCommandSent audit entry names. */
async function renumberAuditedTestCommands(db: Db, offset: number): Promise<void> {
  if (offset === 0) return;
  const { rows } = await sql<{ id: number; detail: string | null }>`
    select id, detail from audit_log where action = 'DeviceTestCommandSent'`.execute(db);
  for (const row of rows) {
    const detail: unknown = row.detail === null ? null : JSON.parse(row.detail);
    if (typeof detail !== 'object' || detail === null || !('commandId' in detail)) continue;
    const { commandId } = detail;
    if (typeof commandId !== 'number') continue;
    const renumbered = JSON.stringify({ ...detail, commandId: commandId + offset });
    await sql`update audit_log set detail = ${renumbered} where id = ${row.id}`.execute(db);
  }
}

async function oneTable(db: Db): Promise<void> {
  const engine = dialectOf(db).name;
  const offset = await highestIdEver(db, 'device_commands');
  // Deleted test commands count too: an audit entry may still name one.
  const testIds = await highestIdEver(db, 'device_test_commands');
  if (engine === 'sqlite') {
    await rebuildOnSqlite(db, false, sql`1 = 1`);
  } else {
    await sql`alter table device_commands alter column vehicle_id drop not null`.execute(db);
  }
  await sql`insert into device_commands (id, vehicle_id, ${columnList})
    select id + ${offset}, null, ${columnList} from device_test_commands`.execute(db);
  await continueIdsAfter(db, offset + testIds);
  if (testIds > 0) await renumberAuditedTestCommands(db, offset);
  await db.schema.dropTable('device_test_commands').execute();
  // At most one test command waits for each free device, as one command waits for each vehicle
  // (device_commands_one_pending). One index on device_id for both would not say the same: a
  // vehicle's waiting command stays with the device it was sent to when that device is unlinked
  // or moved, and must not stop the device's next vehicle (or a test) from being sent one.
  await db.schema
    .createIndex('device_commands_one_pending_test')
    .on('device_commands')
    .column('device_id')
    .unique()
    .where(sql.ref('status'), '=', 'Pending')
    .where(sql.ref('vehicle_id'), 'is', null)
    .execute();
}

/** Back to two tables: the test commands return to device_test_commands with the ids they have now. */
async function twoTables(db: Db): Promise<void> {
  await deviceTestCommandsMigration.up(db);
  await sql`insert into device_test_commands (id, ${columnList})
    select id, ${columnList} from device_commands where vehicle_id is null`.execute(db);
  if (dialectOf(db).name === 'sqlite') {
    await rebuildOnSqlite(db, true, sql`vehicle_id is not null`);
  } else {
    await dialectOf(db).continueIdsAfterMax(db, 'device_test_commands');
    await db.schema.dropIndex('device_commands_one_pending_test').execute();
    await sql`delete from device_commands where vehicle_id is null`.execute(db);
    await sql`alter table device_commands alter column vehicle_id set not null`.execute(db);
  }
}

/** On SQLite: `change` in one transaction with foreign keys off, checked before it commits. */
async function withForeignKeysOff(db: Db, change: (db: Db) => Promise<void>): Promise<void> {
  // The column comes back as foreignKeys through the connection's CamelCasePlugin.
  const { rows } = await sql<{ foreignKeys: number }>`pragma foreign_keys`.execute(db);
  const wasOn = rows[0]?.foreignKeys === 1;
  // A no-op inside a transaction, hence before it.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await change(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) {
        throw new Error(`Foreign keys broken by the rebuild: ${JSON.stringify(broken.rows)}`);
      }
    });
  } finally {
    if (wasOn) await sql`pragma foreign_keys = on`.execute(db);
  }
}

export const oneDeviceCommandsTableMigration: Migration = {
  async up(db: Db) {
    await (dialectOf(db).name === 'sqlite' ? withForeignKeysOff(db, oneTable) : oneTable(db));
  },

  async down(db: Db) {
    await (dialectOf(db).name === 'sqlite' ? withForeignKeysOff(db, twoTables) : twoTables(db));
  },
};
