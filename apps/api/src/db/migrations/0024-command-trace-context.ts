import type { Kysely, Migration } from 'kysely';

/*
 * The trace a lock or unlock command belongs to, as a W3C traceparent (src/tracing): the device's
 * fetch and its answer come later, in other requests and maybe through another instance, and
 * continue the trace of the request that asked for the command. Null when tracing is off
 * (OTEL_EXPORTER_OTLP_ENDPOINT unset) and for every command made before this column.
 */
export const commandTraceContextMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('device_commands').addColumn('trace_parent', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('device_commands').dropColumn('trace_parent').execute();
  },
};
