import type { MigrationInterface, QueryRunner } from 'typeorm';

const FOREIGN_KEYS = [
  {
    table: 'events',
    name: 'fk_events_update',
    def: `FOREIGN KEY ("update_row_id") REFERENCES "updates" ("row_id") ON DELETE CASCADE`,
  },
  {
    table: 'contracts',
    name: 'fk_contracts_created_update',
    def: `FOREIGN KEY ("created_update_row_id") REFERENCES "updates" ("row_id")`,
  },
  {
    table: 'contracts',
    name: 'fk_contracts_archived_update',
    def: `FOREIGN KEY ("archived_update_row_id") REFERENCES "updates" ("row_id")`,
  },
  {
    table: 'amulet_holdings',
    name: 'fk_amulet_holdings_contract',
    def: `FOREIGN KEY ("contract_row_id") REFERENCES "contracts" ("row_id") ON DELETE CASCADE`,
  },
  {
    table: 'validator_licenses',
    name: 'fk_validator_licenses_contract',
    def: `FOREIGN KEY ("contract_row_id") REFERENCES "contracts" ("row_id") ON DELETE CASCADE`,
  },
  {
    table: 'vote_results',
    name: 'fk_vote_results_update',
    def: `FOREIGN KEY ("update_row_id") REFERENCES "updates" ("row_id") ON DELETE CASCADE`,
  },
];

/**
 * Leaner history rows, for ingest throughput (bench:ingest). Each contract row carried its
 * payload three times (lossless, compact and a base64 blob of the lossless form) next to the
 * lossless copy in its created event; half the bytes of an ingest were those copies.
 * - `contracts.payload` goes: the lossless payload is the creating event's `create_arguments`
 *   (`created_update_row_id`, `created_node_id`), which no reader took from the contract anyway.
 * - `contracts.created_event_blob` holds only a blob the history supplied; a null one is derived
 *   on read from the creating event (`deriveCreatedEventBlob`), the same for the same event.
 * - Payload columns are `json`: stored as written (created events' arguments as canonical JSON,
 *   which blobs are derived from), nothing in SQL indexes into them, and jsonb's decomposition
 *   costs more on write and on output than it saves on the few `->>` lookups.
 * - `events.witnesses` is null when it equals `stakeholders` (every created event, most
 *   consuming exercises); readers take `COALESCE(witnesses, stakeholders)`.
 * - The foreign keys between history tables go: rows are written only by the validating write
 *   path, in one transaction per batch under the writer lock, and nothing deletes them; the
 *   per-row checks cost about a third of a COPY.
 */
export class LeanHistoryRows1795330000000 implements MigrationInterface {
  name = 'LeanHistoryRows1795330000000';

  async up(q: QueryRunner): Promise<void> {
    for (const fk of FOREIGN_KEYS) await q.query(`ALTER TABLE "${fk.table}" DROP CONSTRAINT "${fk.name}"`);
    await q.query(`ALTER TABLE "contracts" DROP COLUMN "payload"`);
    await q.query(`ALTER TABLE "contracts" ALTER COLUMN "created_event_blob" DROP NOT NULL`);
    await q.query(
      `ALTER TABLE "contracts" ALTER COLUMN "payload_compact" TYPE json USING "payload_compact"::json`,
    );
    for (const column of ['create_arguments', 'choice_argument', 'exercise_result']) {
      await q.query(`ALTER TABLE "events" ALTER COLUMN "${column}" TYPE json USING "${column}"::json`);
    }
    await q.query(`ALTER TABLE "events" ALTER COLUMN "witnesses" DROP NOT NULL`);
    await q.query(`UPDATE "events" SET "witnesses" = NULL WHERE "witnesses" = "stakeholders"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE "events" SET "witnesses" = "stakeholders" WHERE "witnesses" IS NULL`);
    await q.query(`ALTER TABLE "events" ALTER COLUMN "witnesses" SET NOT NULL`);
    for (const column of ['create_arguments', 'choice_argument', 'exercise_result']) {
      await q.query(`ALTER TABLE "events" ALTER COLUMN "${column}" TYPE jsonb USING "${column}"::jsonb`);
    }
    await q.query(
      `ALTER TABLE "contracts" ALTER COLUMN "payload_compact" TYPE jsonb USING "payload_compact"::jsonb`,
    );
    // Derived blobs are computed in the application (canonical JSON); SQL cannot recreate them.
    await q.query(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM "contracts" WHERE "created_event_blob" IS NULL) THEN
        RAISE EXCEPTION 'cannot revert LeanHistoryRows: contracts with derived created event blobs are stored';
      END IF; END $$`);
    await q.query(`ALTER TABLE "contracts" ALTER COLUMN "created_event_blob" SET NOT NULL`);
    await q.query(`ALTER TABLE "contracts" ADD COLUMN "payload" jsonb`);
    await q.query(`UPDATE "contracts" c SET "payload" = e."create_arguments"
                     FROM "events" e WHERE e."update_row_id" = c."created_update_row_id" AND e."node_id" = c."created_node_id"`);
    await q.query(`ALTER TABLE "contracts" ALTER COLUMN "payload" SET NOT NULL`);
    for (const fk of FOREIGN_KEYS)
      await q.query(`ALTER TABLE "${fk.table}" ADD CONSTRAINT "${fk.name}" ${fk.def}`);
  }
}
