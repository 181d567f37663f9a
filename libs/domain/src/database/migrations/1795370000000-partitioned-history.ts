import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureHistoryPartitions, PARTITIONED_HISTORY_TABLES } from '../../history/history-partitions';

const UPDATE_COLUMNS = `"row_id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  "update_id" text NOT NULL,
  "migration_id" bigint NOT NULL,
  "kind" text NOT NULL,
  "is_import" boolean NOT NULL DEFAULT false,
  "record_time" TIMESTAMP WITH TIME ZONE NOT NULL,
  "effective_at" TIMESTAMP WITH TIME ZONE,
  "synchronizer_id" text NOT NULL,
  "workflow_id" text NOT NULL DEFAULT '',
  "command_id" text NOT NULL DEFAULT '',
  "ledger_offset" bigint,
  "external_transaction_hash" text,
  "root_node_ids" integer array,
  "submitter" text,
  "source_synchronizer" text,
  "target_synchronizer" text,
  "unassign_id" text,
  "reassignment_counter" bigint,
  "reassigned_contract_id" text,
  "content_hash" text NOT NULL,
  CONSTRAINT "ck_updates_kind" CHECK ("kind" IN ('transaction', 'assignment', 'unassignment'))`;

const EVENT_COLUMNS = `"update_row_id" bigint NOT NULL,
  "node_id" integer NOT NULL,
  "event_type" text NOT NULL,
  "contract_id" text NOT NULL,
  "template_id" text NOT NULL,
  "package_name" text NOT NULL,
  "create_arguments" json,
  "created_at" TIMESTAMP WITH TIME ZONE,
  "signatories" text array,
  "observers" text array,
  "choice" text,
  "choice_argument" json,
  "exercise_result" json,
  "consuming" boolean,
  "acting_parties" text array,
  "interface_id" text,
  "child_node_ids" integer array,
  "last_descendant_node_id" integer NOT NULL,
  "witnesses" text array,
  "stakeholders" text array NOT NULL,
  CONSTRAINT "ck_events_event_type" CHECK ("event_type" IN ('created', 'exercised'))`;

const CONTRACT_COLUMNS = `"row_id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  "migration_id" bigint NOT NULL,
  "contract_id" text NOT NULL,
  "template_id" text NOT NULL,
  "package_id" text NOT NULL,
  "package_name" text NOT NULL,
  "module_name" text NOT NULL,
  "entity_name" text NOT NULL,
  "payload_compact" json NOT NULL,
  "created_event_blob" text,
  "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
  "signatories" text array NOT NULL,
  "observers" text array NOT NULL,
  "stakeholders" text array NOT NULL,
  "created_update_row_id" bigint NOT NULL,
  "created_node_id" integer NOT NULL,
  "created_offset" bigint,
  "created_record_time" TIMESTAMP WITH TIME ZONE NOT NULL,
  "archived_update_row_id" bigint,
  "archived_node_id" integer,
  "archived_offset" bigint,
  "archived_record_time" TIMESTAMP WITH TIME ZONE,
  "synchronizer_id" text NOT NULL,
  "in_flight" boolean NOT NULL DEFAULT false,
  "reassignment_counter" bigint NOT NULL DEFAULT 0,
  "created_event_blob_derivable" boolean NOT NULL DEFAULT true`;

const HOLDING_COLUMNS = `"contract_row_id" bigint NOT NULL,
  "migration_id" bigint NOT NULL,
  "owner" text NOT NULL,
  "amount" numeric(38,10) NOT NULL,
  "locked" boolean NOT NULL,
  "created_record_time" TIMESTAMP WITH TIME ZONE NOT NULL,
  "archived_record_time" TIMESTAMP WITH TIME ZONE`;

/** Column names of a table as the statements above declare them (for the row moves). */
const names = (columns: string) =>
  [...columns.matchAll(/^\s*"(\w+)" \w/gm)].map((m) => `"${m[1]}"`).join(', ');

/** Indexes every version has (partitioned or not), beyond the primary keys and the unique ones that change. */
const SHARED_INDEXES = [
  `CREATE INDEX "ix_updates_migration_record_time" ON "updates" ("migration_id", "record_time", "row_id")`,
  `CREATE INDEX "ix_updates_import" ON "updates" ("migration_id", "update_id") WHERE "is_import"`,
  `CREATE INDEX "ix_updates_reassigned_contract" ON "updates" ("reassigned_contract_id", "ledger_offset") WHERE "reassigned_contract_id" IS NOT NULL`,
  `CREATE UNIQUE INDEX "ux_contracts_migration_contract" ON "contracts" ("migration_id", "contract_id")`,
  `CREATE INDEX "ix_contracts_template" ON "contracts" ("package_name", "module_name", "entity_name", "migration_id", "row_id")`,
  `CREATE INDEX "ix_contracts_acs" ON "contracts" ("migration_id", "row_id") INCLUDE ("created_record_time", "archived_record_time")`,
  `CREATE INDEX "ix_contracts_stakeholders" ON "contracts" USING gin ("stakeholders")`,
  `CREATE INDEX "ix_contracts_active_template" ON "contracts" ("package_name", "module_name", "entity_name", "row_id") WHERE "archived_record_time" IS NULL`,
  `CREATE INDEX "ix_contracts_ledger_acs" ON "contracts" ("created_offset", "row_id") WHERE "created_offset" IS NOT NULL`,
  `CREATE INDEX "ix_contracts_contract_offsets" ON "contracts" ("contract_id") INCLUDE ("created_offset", "archived_offset")`,
  `CREATE INDEX "ix_amulet_holdings_owner" ON "amulet_holdings" ("migration_id", "owner", "created_record_time")
     INCLUDE ("archived_record_time", "locked", "amount")`,
];

/** Keys of the partitioned tables: PostgreSQL requires the partition key in each of them. */
const PARTITIONED_KEYS = [
  `ALTER TABLE "updates" ADD CONSTRAINT "pk_updates" PRIMARY KEY ("row_id", "migration_id")`,
  `CREATE UNIQUE INDEX "ux_updates_update_id" ON "updates" ("update_id", "migration_id")`,
  `CREATE UNIQUE INDEX "ux_updates_ledger_offset" ON "updates" ("ledger_offset", "migration_id")`,
  `ALTER TABLE "events" ADD CONSTRAINT "pk_events" PRIMARY KEY ("update_row_id", "node_id", "migration_id")`,
  `ALTER TABLE "contracts" ADD CONSTRAINT "pk_contracts" PRIMARY KEY ("row_id", "migration_id")`,
  `ALTER TABLE "amulet_holdings" ADD CONSTRAINT "pk_amulet_holdings" PRIMARY KEY ("contract_row_id", "migration_id")`,
];

/** Keys of the tables before partitioning. */
const UNPARTITIONED_KEYS = [
  `ALTER TABLE "updates" ADD CONSTRAINT "pk_updates" PRIMARY KEY ("row_id")`,
  `CREATE UNIQUE INDEX "ux_updates_update_id" ON "updates" ("update_id")`,
  `CREATE UNIQUE INDEX "ux_updates_ledger_offset" ON "updates" ("ledger_offset")`,
  `ALTER TABLE "events" ADD CONSTRAINT "pk_events" PRIMARY KEY ("update_row_id", "node_id")`,
  `ALTER TABLE "contracts" ADD CONSTRAINT "pk_contracts" PRIMARY KEY ("row_id")`,
  `ALTER TABLE "amulet_holdings" ADD CONSTRAINT "pk_amulet_holdings" PRIMARY KEY ("contract_row_id")`,
];

/**
 * The history tables `updates`, `events`, `contracts` and `amulet_holdings` partitioned by migration (LIST on
 * `migration_id`; partitions `<table>_m<id>`, created by the writer as migrations arrive), see
 * docs/scaling.md "Partitioned history". `events` gains `migration_id` (its update's) to be
 * partitioned alike. Primary keys and unique indexes include `migration_id`, as PostgreSQL
 * requires of a partitioned table: update ids and ledger offsets stay unique across migrations
 * because the writer checks them (under the writer lock) before it writes.
 *
 * An existing store is converted in this migration's transaction: the tables are renamed aside,
 * the partitioned ones created with a partition per migration held, the rows moved (row ids and
 * identity sequences kept), the indexes built, the old tables dropped.
 */
export class PartitionedHistory1795370000000 implements MigrationInterface {
  name = 'PartitionedHistory1795370000000';

  async up(q: QueryRunner): Promise<void> {
    await setAside(q);
    await q.query(`CREATE TABLE "updates" (${UPDATE_COLUMNS}) PARTITION BY LIST ("migration_id")`);
    await q.query(
      `CREATE TABLE "events" (${EVENT_COLUMNS}, "migration_id" bigint NOT NULL) PARTITION BY LIST ("migration_id")`,
    );
    await q.query(`CREATE TABLE "contracts" (${CONTRACT_COLUMNS}) PARTITION BY LIST ("migration_id")`);
    await q.query(`CREATE TABLE "amulet_holdings" (${HOLDING_COLUMNS}) PARTITION BY LIST ("migration_id")`);
    const held: { migration_id: string }[] = await q.query(
      `SELECT migration_id::text FROM "updates_unpartitioned" UNION SELECT migration_id::text FROM "contracts_unpartitioned"`,
    );
    await ensureHistoryPartitions(
      q,
      held.map((r) => r.migration_id),
    );
    await moveRows(q, true);
    for (const statement of [...PARTITIONED_KEYS, ...SHARED_INDEXES]) await q.query(statement);
    await dropAside(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await setAside(q);
    await q.query(`CREATE TABLE "updates" (${UPDATE_COLUMNS})`);
    await q.query(`CREATE TABLE "events" (${EVENT_COLUMNS})`);
    await q.query(`CREATE TABLE "contracts" (${CONTRACT_COLUMNS})`);
    await q.query(`CREATE TABLE "amulet_holdings" (${HOLDING_COLUMNS})`);
    await moveRows(q, false);
    for (const statement of [...UNPARTITIONED_KEYS, ...SHARED_INDEXES]) await q.query(statement);
    await dropAside(q);
  }
}

/** Renames the history tables (and their sequences) to `<table>_unpartitioned`, freeing every name. */
async function setAside(q: QueryRunner): Promise<void> {
  for (const table of PARTITIONED_HISTORY_TABLES) {
    await q.query(`ALTER TABLE "${table}" DROP CONSTRAINT "pk_${table}"`);
    await q.query(`ALTER TABLE "${table}" RENAME TO "${table}_unpartitioned"`);
  }
  for (const index of [
    'ux_updates_update_id',
    'ux_updates_ledger_offset',
    ...SHARED_INDEXES.map((s) => /INDEX "(\w+)"/.exec(s)![1]),
  ])
    await q.query(`DROP INDEX "${index}"`);
  for (const table of ['updates', 'contracts'])
    await q.query(`ALTER SEQUENCE "${table}_row_id_seq" RENAME TO "${table}_unpartitioned_row_id_seq"`);
}

/** Copies the rows set aside into the new tables; identity sequences carry on where they were. */
async function moveRows(q: QueryRunner, eventsGainMigration: boolean): Promise<void> {
  const updates = names(UPDATE_COLUMNS);
  await q.query(
    `INSERT INTO "updates" (${updates}) OVERRIDING SYSTEM VALUE SELECT ${updates} FROM "updates_unpartitioned"`,
  );
  const events = names(EVENT_COLUMNS);
  await q.query(
    eventsGainMigration
      ? `INSERT INTO "events" (${events}, "migration_id")
         SELECT ${events.replace(/"(\w+)"/g, 'e."$1"')}, u."migration_id"
           FROM "events_unpartitioned" e JOIN "updates_unpartitioned" u ON u."row_id" = e."update_row_id"`
      : `INSERT INTO "events" (${events}) SELECT ${events} FROM "events_unpartitioned"`,
  );
  const contracts = names(CONTRACT_COLUMNS);
  await q.query(
    `INSERT INTO "contracts" (${contracts}) OVERRIDING SYSTEM VALUE SELECT ${contracts} FROM "contracts_unpartitioned"`,
  );
  const holdings = names(HOLDING_COLUMNS);
  await q.query(
    `INSERT INTO "amulet_holdings" (${holdings}) SELECT ${holdings} FROM "amulet_holdings_unpartitioned"`,
  );
  for (const table of ['updates', 'contracts'])
    await q.query(
      `SELECT setval(pg_get_serial_sequence('"${table}"', 'row_id'), s.last_value, s.is_called)
         FROM "${table}_unpartitioned_row_id_seq" s`,
    );
}

async function dropAside(q: QueryRunner): Promise<void> {
  for (const table of PARTITIONED_HISTORY_TABLES) await q.query(`DROP TABLE "${table}_unpartitioned"`);
}
