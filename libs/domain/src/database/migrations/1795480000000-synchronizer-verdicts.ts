import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * App activity comes from the synchronizer, not from the ledger (CIP-0104; docs/events.md):
 * - `synchronizer_verdicts`: per confirmation request, the mediator's verdict, traffic summary
 *   and app activity records as received;
 * - `app_activity_records` now holds the rows of those records (per verdict and provider)
 *   instead of rows derived from `AppActivityRecord` contracts, a template Splice does not have;
 *   the rows and the totals computed from them are dropped;
 * - `history_migrations.verdicts_held`: whether the store carries a migration's verdicts. Stores
 *   written before hold none, so their rounds' activity totals answer CannotProvide.
 */
export class SynchronizerVerdicts1795480000000 implements MigrationInterface {
  name = 'SynchronizerVerdicts1795480000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "synchronizer_verdicts" (
        "update_id" text NOT NULL,
        "migration_id" bigint NOT NULL,
        "record_time" TIMESTAMP WITH TIME ZONE NOT NULL,
        "verdict" json NOT NULL,
        "traffic_summary" json,
        "app_activity_records" json,
        CONSTRAINT "pk_synchronizer_verdicts" PRIMARY KEY ("update_id")
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "ux_synchronizer_verdicts_migration_record_time" ON "synchronizer_verdicts" ("migration_id", "record_time")`,
    );
    await q.query(`DELETE FROM "reward_accounting_totals"`);
    await q.query(`DROP TABLE "app_activity_records"`);
    await q.query(`
      CREATE TABLE "app_activity_records" (
        "update_id" text NOT NULL,
        "provider" text NOT NULL,
        "round" bigint NOT NULL,
        "activity_weight" bigint NOT NULL,
        "migration_id" bigint NOT NULL,
        CONSTRAINT "pk_app_activity_records" PRIMARY KEY ("update_id", "provider")
      )`);
    await q.query(
      `CREATE INDEX "ix_app_activity_records_round" ON "app_activity_records" ("round", "provider")`,
    );
    await q.query(`ALTER TABLE "history_migrations" ADD "verdicts_held" boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "history_migrations" DROP COLUMN "verdicts_held"`);
    await q.query(`DROP TABLE "app_activity_records"`);
    await q.query(`
      CREATE TABLE "app_activity_records" (
        "contract_id" text NOT NULL,
        "round" bigint NOT NULL,
        "provider" text NOT NULL,
        "activity_weight" bigint NOT NULL,
        "migration_id" bigint NOT NULL,
        CONSTRAINT "pk_app_activity_records" PRIMARY KEY ("contract_id")
      )`);
    await q.query(
      `CREATE INDEX "ix_app_activity_records_round" ON "app_activity_records" ("round", "provider")`,
    );
    await q.query(`DROP TABLE "synchronizer_verdicts"`);
  }
}
