import type { MigrationInterface, QueryRunner } from 'typeorm';
import { packVerdict, unpackVerdict } from '../../scan/events/verdict-codec';

/**
 * `synchronizer_verdicts.verdict` packed by the application (docs/scaling.md "Cuts made"):
 * `bytea` holding the verdict's JSON text deflated over a dictionary of its keys
 * (verdict-codec.ts), about a quarter of the `json` text, which PostgreSQL never compressed (a
 * row is under its 2 KB TOAST threshold). SQL never looks inside a verdict: it is served and
 * compared as the text it was received as, now unpacked in the application.
 *
 * PostgreSQL cannot deflate, so the rows are converted here, a batch at a time in the table's
 * key order, into a new table that then takes the old one's place: updating the rows in place
 * would leave every old row version (with its JSON) in the heap until a VACUUM FULL.
 */
export class PackedVerdicts1795523700000 implements MigrationInterface {
  name = 'PackedVerdicts1795523700000';

  /** `batch`: verdicts converted per statement (1,000: about 1.2 MB of JSON text). */
  constructor(private readonly batch = 1_000) {}

  async up(q: QueryRunner): Promise<void> {
    await convert(q, this.batch, 'bytea', `decode(r.verdict, 'base64')`, (verdict) =>
      packVerdict(verdict as string).toString('base64'),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await convert(q, this.batch, 'json', 'r.verdict::json', (verdict) => unpackVerdict(verdict as Buffer));
  }
}

/**
 * Copies `synchronizer_verdicts` into a new table whose `verdict` column has type `type`: each
 * verdict as read (the json column's text, or the bytea's bytes) is turned by `recode` into a
 * text `r.verdict`, and `value` of it is stored. Then the new table takes the old one's place,
 * with its key and index.
 */
async function convert(
  q: QueryRunner,
  batch: number,
  type: 'bytea' | 'json',
  value: string,
  recode: (verdict: string | Buffer) => string,
): Promise<void> {
  await q.query(`
    CREATE TABLE "synchronizer_verdicts_converted" (
      "update_id" text NOT NULL,
      "migration_id" bigint NOT NULL,
      "record_time" TIMESTAMP WITH TIME ZONE NOT NULL,
      "verdict" ${type} NOT NULL,
      "traffic_summary" json,
      "app_activity_records" json
    )`);
  // `verdict::text` of the json column: the text as received; the bytea comes as a Buffer.
  const read = type === 'bytea' ? 'v.verdict::text AS verdict' : 'v.verdict';
  // In key order (ux_synchronizer_verdicts_migration_record_time), as the writer appended them;
  // the record time goes back as the session wrote it, every microsecond kept.
  let after = { migrationId: '-1', recordTime: '-infinity' };
  for (;;) {
    const rows: { update_id: string; verdict: string | Buffer; migration_id: string; record_time: string }[] =
      await q.query(
        `SELECT v.update_id, ${read}, v.migration_id::text AS migration_id, v.record_time::text AS record_time
           FROM "synchronizer_verdicts" v
          WHERE (v.migration_id, v.record_time) > ($1::bigint, $2::timestamptz)
          ORDER BY v.migration_id, v.record_time LIMIT $3`,
        [after.migrationId, after.recordTime, batch],
      );
    if (rows.length === 0) break;
    const input = rows.map((r, n) => ({ n, update_id: r.update_id, verdict: recode(r.verdict) }));
    await q.query(
      `INSERT INTO "synchronizer_verdicts_converted"
       SELECT v.update_id, v.migration_id, v.record_time, ${value}, v.traffic_summary, v.app_activity_records
         FROM jsonb_to_recordset($1::jsonb) AS r(n int, update_id text, verdict text)
         JOIN "synchronizer_verdicts" v ON v.update_id = r.update_id
        ORDER BY r.n`,
      [JSON.stringify(input)],
    );
    const last = rows[rows.length - 1];
    after = { migrationId: last.migration_id, recordTime: last.record_time };
  }
  await q.query(`DROP TABLE "synchronizer_verdicts"`);
  await q.query(`ALTER TABLE "synchronizer_verdicts_converted" RENAME TO "synchronizer_verdicts"`);
  await q.query(
    `ALTER TABLE "synchronizer_verdicts" ADD CONSTRAINT "pk_synchronizer_verdicts" PRIMARY KEY ("update_id")`,
  );
  await q.query(
    `CREATE UNIQUE INDEX "ux_synchronizer_verdicts_migration_record_time" ON "synchronizer_verdicts" ("migration_id", "record_time")`,
  );
}
