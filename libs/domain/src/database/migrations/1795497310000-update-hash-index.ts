import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Externally signed transactions by the hash their external party signed (scan's
 * `GET /v2/updates/hash/{hash}`). Partial: most transactions carry no hash. Not unique: the
 * hash names a prepared transaction, and the lookup answers the first one recorded.
 */
export class UpdateHashIndex1795497310000 implements MigrationInterface {
  name = 'UpdateHashIndex1795497310000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_updates_external_transaction_hash" ON "updates" ("external_transaction_hash", "migration_id", "row_id")
        WHERE "external_transaction_hash" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_updates_external_transaction_hash"`);
  }
}
