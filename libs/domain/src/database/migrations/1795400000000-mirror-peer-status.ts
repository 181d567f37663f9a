import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `mirror_peer_status`: what the scan mirror knows of each peer scan, and its own position, so
 * that scan-api (another process) can show it (`GET /v0/explorer/mirror-status`).
 */
export class MirrorPeerStatus1795400000000 implements MigrationInterface {
  name = 'MirrorPeerStatus1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "mirror_peer_status" (
        "peer_url" text NOT NULL,
        "last_poll_at" TIMESTAMP WITH TIME ZONE,
        "migration_id" bigint,
        "newest_record_time" TIMESTAMP WITH TIME ZONE,
        "agrees" boolean,
        "last_disagreement_at" TIMESTAMP WITH TIME ZONE,
        "last_disagreement" text,
        "consecutive_failures" integer NOT NULL DEFAULT 0,
        "last_error" text,
        "last_error_at" TIMESTAMP WITH TIME ZONE,
        "mirror_migration_id" bigint NOT NULL,
        "mirror_record_time" TIMESTAMP WITH TIME ZONE,
        "mirror_lag_seconds" double precision,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_mirror_peer_status" PRIMARY KEY ("peer_url"),
        CONSTRAINT "ck_mirror_peer_status_failures" CHECK ("consecutive_failures" >= 0)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "mirror_peer_status"`);
  }
}
