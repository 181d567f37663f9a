import type { Queryable } from '../../database/db';
import { rejectUpdate } from '../../history/update-validation';
import { packVerdict, unpackVerdict } from './verdict-codec';
import type { VerdictRow } from './verdict-item';

/** The batch's rows: `verdict` packed (`packVerdict`) in base64, `i` the row's index in the batch. */
const INPUT = `jsonb_to_recordset($1::jsonb) AS r(i int, update_id text, migration_id bigint, record_time timestamptz,
  verdict text, traffic_summary text, app_activity_records text)`;

/**
 * The verdicts of a batch and their app activity rows, in one statement: a verdict already stored
 * is not written again (nor are its rows), so re-appending a batch is a no-op.
 */
const INSERT = `
  WITH inserted AS (
    INSERT INTO synchronizer_verdicts (update_id, migration_id, record_time, verdict, traffic_summary, app_activity_records)
    SELECT r.update_id, r.migration_id, r.record_time, decode(r.verdict, 'base64'), r.traffic_summary::json, r.app_activity_records::json
      FROM ${INPUT}
    ON CONFLICT DO NOTHING
    RETURNING update_id)
  INSERT INTO app_activity_records (update_id, provider, round, activity_weight, migration_id)
  SELECT a.update_id, a.provider, a.round, a.weight, a.migration_id
    FROM jsonb_to_recordset($2::jsonb) AS a(update_id text, provider text, round bigint, weight bigint, migration_id bigint)
    JOIN inserted i ON i.update_id = a.update_id`;

/**
 * The verdicts of the batch that are not stored as given, those with a known problem first: a
 * verdict with the same id and other content, or another verdict at its (migration, record time)
 * (pk_synchronizer_verdicts, then ux_updates_update_id for the update it is on, which must have
 * its migration and record time). A verdict stored as other bytes (`stored_verdict`) may be the
 * same text packed by another zlib: the caller compares the texts.
 */
const CONFLICT = `
  SELECT c.i, c.update_id, c.problem, c.stored_verdict FROM (
    SELECT r.i, r.update_id,
           CASE WHEN $2::boolean AND NOT coalesce(h.verdicts_held, false)
                  THEN 'its migration is held without verdicts (or not held at all)'
                WHEN v.update_id IS NULL THEN 'another verdict is stored at its migration and record time'
                WHEN u.update_id IS NOT NULL THEN 'its update has another migration id or record time'
                WHEN v.migration_id <> r.migration_id OR v.record_time <> r.record_time
                  OR v.traffic_summary::text IS DISTINCT FROM r.traffic_summary
                  OR v.app_activity_records::text IS DISTINCT FROM r.app_activity_records
                  THEN 'is already stored with different content' END AS problem,
           CASE WHEN v.verdict <> decode(r.verdict, 'base64') THEN v.verdict END AS stored_verdict
      FROM ${INPUT}
      LEFT JOIN synchronizer_verdicts v ON v.update_id = r.update_id
      LEFT JOIN LATERAL (
        SELECT u.update_id FROM updates u
         WHERE u.update_id = r.update_id AND (u.migration_id <> r.migration_id OR u.record_time <> r.record_time)
         LIMIT 1) u ON true
      LEFT JOIN history_migrations h ON h.migration_id = r.migration_id) c
   WHERE c.problem IS NOT NULL OR c.stored_verdict IS NOT NULL
   ORDER BY c.problem IS NULL, c.i`;

/** Writes verdict items on the writer's transaction (see `LedgerWriter`). */
export class VerdictWriteRepository {
  constructor(private readonly connection: Queryable) {}

  /**
   * Stores `rows`, or throws InconsistentHistory (the caller's transaction then writes nothing).
   * `heldMigrationsOnly` (copied verdicts, the mirror): a verdict of a migration the store does
   * not hold with its verdicts (`history_migrations.verdicts_held`) is refused too.
   */
  async write(rows: readonly VerdictRow[], { heldMigrationsOnly = false } = {}): Promise<void> {
    if (rows.length === 0) return;
    const input = JSON.stringify(
      rows.map(({ activity: _activity, ...row }, i) => ({
        ...row,
        i,
        verdict: packVerdict(row.verdict).toString('base64'),
      })),
    );
    const activity = JSON.stringify(
      rows.flatMap((r) =>
        r.activity.map((a) => ({ update_id: r.update_id, migration_id: r.migration_id, ...a })),
      ),
    );
    await this.connection.query(INSERT, [input, activity]);
    const conflicts = await this.connection.query<{
      i: number;
      update_id: string;
      problem: string | null;
      stored_verdict: Buffer | null;
    }>(CONFLICT, [input, heldMigrationsOnly]);
    for (const c of conflicts) {
      if (c.problem !== null) throw rejectUpdate(c.update_id, `verdict item: ${c.problem}`);
      if (unpackVerdict(c.stored_verdict!) !== rows[c.i].verdict)
        throw rejectUpdate(c.update_id, 'verdict item: is already stored with different content');
    }
  }
}
