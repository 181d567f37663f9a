import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Updates loaded from compact-only history (`ingest --encoding compact_json`: saved
 * `POST /v2/updates` answers, bulk-download objects): their payloads are stored as the compact
 * JSON they came in, which cannot be turned back into the lossless value without the packages'
 * types, so lossless reads that would include one are refused (docs/compact-only.md).
 */
export class CompactOnlyUpdates1795460000000 implements MigrationInterface {
  name = 'CompactOnlyUpdates1795460000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "updates" ADD "compact_only" boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "updates" DROP COLUMN "compact_only"`);
  }
}
