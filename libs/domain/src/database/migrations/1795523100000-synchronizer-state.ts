import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a scan mirror copies from its peers of the synchronizer's own state (docs/traffic.md,
 * docs/hosting.md):
 *
 * - `member_traffic_states`: a sequencer member's traffic state (`actual`) as f + 1 peers
 *   answered it alike, with when they did; null totals when they agreed it has none (404);
 * - `synchronizer_state_sources`: one row per kind of synchronizer state this store takes from
 *   its peers (the store fact scan-api reads to know it serves a mirror's copy), with how far
 *   the mirror has asked for the hosting of the parties of its history;
 * - `party_hosting.source`: `history` for a mapping of the history's own hosting items, `peers`
 *   for one the mirror copied.
 */
export class SynchronizerState1795523100000 implements MigrationInterface {
  name = 'SynchronizerState1795523100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "member_traffic_states" (
        "synchronizer_id" text NOT NULL,
        "member_id" text NOT NULL,
        "total_consumed" bigint,
        "total_limit" bigint,
        "as_of" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "pk_member_traffic_states" PRIMARY KEY ("synchronizer_id", "member_id"),
        CONSTRAINT "ck_member_traffic_states_actual" CHECK (("total_consumed" IS NULL) = ("total_limit" IS NULL))
      )`);
    await q.query(`
      CREATE TABLE "synchronizer_state_sources" (
        "kind" text NOT NULL,
        "source" text NOT NULL,
        "since" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "checked_through_update_row_id" bigint,
        CONSTRAINT "pk_synchronizer_state_sources" PRIMARY KEY ("kind"),
        CONSTRAINT "ck_synchronizer_state_sources_kind" CHECK ("kind" IN ('member_traffic', 'party_hosting')),
        CONSTRAINT "ck_synchronizer_state_sources_source" CHECK ("source" = 'peers')
      )`);
    await q.query(`ALTER TABLE "party_hosting" ADD "source" text NOT NULL DEFAULT 'history'`);
    await q.query(
      `ALTER TABLE "party_hosting" ADD CONSTRAINT "ck_party_hosting_source" CHECK ("source" IN ('history', 'peers'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "party_hosting" DROP CONSTRAINT "ck_party_hosting_source"`);
    await q.query(`ALTER TABLE "party_hosting" DROP COLUMN "source"`);
    await q.query(`DROP TABLE "synchronizer_state_sources"`);
    await q.query(`DROP TABLE "member_traffic_states"`);
  }
}
