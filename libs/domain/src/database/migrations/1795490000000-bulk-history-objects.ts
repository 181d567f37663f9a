import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pre-alpha bulk history (docs/bulk-history.md): folders built, their objects (digest,
 * size) and the objects' zstd frames as bytea.
 */
export class BulkHistoryObjects1795490000000 implements MigrationInterface {
  name = 'BulkHistoryObjects1795490000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "bulk_history_folders" (
        "kind" text NOT NULL,
        "folder" text NOT NULL,
        "object_count" integer NOT NULL,
        CONSTRAINT "pk_bulk_history_folders" PRIMARY KEY ("kind", "folder")
      )`);
    await q.query(`
      CREATE TABLE "bulk_history_objects" (
        "object_key" text NOT NULL,
        "kind" text NOT NULL,
        "folder" text NOT NULL,
        "object_index" integer NOT NULL,
        "digest" text NOT NULL,
        "size_bytes" bigint NOT NULL,
        CONSTRAINT "pk_bulk_history_objects" PRIMARY KEY ("object_key")
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "ix_bulk_history_objects_folder" ON "bulk_history_objects" ("kind", "folder", "object_index")`,
    );
    await q.query(`
      CREATE TABLE "bulk_history_frames" (
        "object_key" text NOT NULL,
        "frame_index" integer NOT NULL,
        "bytes" bytea NOT NULL,
        CONSTRAINT "pk_bulk_history_frames" PRIMARY KEY ("object_key", "frame_index")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "bulk_history_frames"`);
    await q.query(`DROP TABLE "bulk_history_objects"`);
    await q.query(`DROP TABLE "bulk_history_folders"`);
  }
}
