import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `history_migrations.hosting_held`: whether the store carries a migration's party-to-participant
 * topology (docs/hosting.md), apart from its verdicts (`verdicts_held`), now that a scan mirror
 * copies the verdicts from its peers but not the topology. Until now one fact stood for both, so
 * existing stores take it from `verdicts_held`.
 */
export class HostingHeld1795521300000 implements MigrationInterface {
  name = 'HostingHeld1795521300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "history_migrations" ADD "hosting_held" boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE "history_migrations" SET "hosting_held" = "verdicts_held"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "history_migrations" DROP COLUMN "hosting_held"`);
  }
}
