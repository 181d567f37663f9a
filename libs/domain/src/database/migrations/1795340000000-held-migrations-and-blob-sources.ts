import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Facts the store records instead of inferring them on read:
 * - `history_migrations`: per migration held, whether the store holds it from its start. Existing
 *   stores are converted with the rule readers used until now (migration 0, or an earlier
 *   migration is held, or the migration's import updates are held), so nothing changes for them.
 * - `contracts.created_event_blob_derivable`: whether a missing blob may be derived from the
 *   creating event (history from the simulator or a history file) or not (mirrored history,
 *   whose blobs only peers can supply). Existing rows were all derivable.
 */
export class HeldMigrationsAndBlobSources1795340000000 implements MigrationInterface {
  name = 'HeldMigrationsAndBlobSources1795340000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "history_migrations" ("migration_id" bigint NOT NULL, "from_start" boolean NOT NULL,
         CONSTRAINT "pk_history_migrations" PRIMARY KEY ("migration_id"))`,
    );
    await q.query(
      `INSERT INTO "history_migrations" ("migration_id", "from_start")
       SELECT m.migration_id,
              m.migration_id = 0
              OR EXISTS (SELECT 1 FROM "updates" u WHERE u.migration_id < m.migration_id)
              OR EXISTS (SELECT 1 FROM "updates" u WHERE u.migration_id = m.migration_id AND u.is_import)
         FROM (SELECT DISTINCT migration_id FROM "updates") m`,
    );
    await q.query(`ALTER TABLE "contracts" ADD "created_event_blob_derivable" boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "contracts" DROP COLUMN "created_event_blob_derivable"`);
    await q.query(`DROP TABLE "history_migrations"`);
  }
}
