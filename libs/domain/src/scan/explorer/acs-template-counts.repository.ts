import { prepared, type Db, type Statement } from '../../database/db';
import { contractTemplateId } from '../../contracts/template-key.sql';

export interface AcsTemplateCountsRow {
  record_time: string;
  counts: { template_id: string; count: number }[];
}

/**
 * Per template, the contracts of one ACS snapshot (docs/explorer.md "ACS template counts"):
 * the snapshot row is found first (pk_acs_snapshots; none, no row), then the migration's
 * contracts created before it and not archived before it — the ACS page's selection — are
 * counted by template id, and PostgreSQL writes the list sorted in byte order.
 */
const countsStatement = (name: string, snapshot: string): Statement =>
  prepared(
    name,
    `WITH snap AS (${snapshot})
     SELECT s.record_time,
            coalesce((SELECT json_agg(json_build_object('template_id', t.template_id, 'count', t.n)
                                      ORDER BY t.template_id COLLATE "C")
                        FROM (SELECT ${contractTemplateId('c')} AS template_id, count(*) AS n FROM contracts c
                               WHERE c.migration_id = $1 AND c.created_record_time < s.record_time
                                 AND (c.archived_record_time IS NULL OR c.archived_record_time >= s.record_time)
                               GROUP BY 1) t), '[]'::json) AS counts
       FROM snap s`,
  );

const EXACT = countsStatement(
  'explorer_acs_template_counts_exact',
  `SELECT record_time FROM acs_snapshots WHERE migration_id = $1 AND record_time = $2::timestamptz`,
);
const AT_OR_BEFORE = countsStatement(
  'explorer_acs_template_counts_at_or_before',
  `SELECT record_time FROM acs_snapshots WHERE migration_id = $1 AND record_time <= $2::timestamptz
    ORDER BY record_time DESC LIMIT 1`,
);

export class AcsTemplateCountsRepository {
  constructor(private readonly db: Db) {}

  /** The counts of the snapshot at (`exact`) or latest at or before (`at_or_before`) `recordTime`; undefined without one. */
  async lookup(
    migrationId: number,
    recordTime: string,
    match: 'exact' | 'at_or_before',
  ): Promise<AcsTemplateCountsRow | undefined> {
    const rows: AcsTemplateCountsRow[] = await this.db.query(match === 'exact' ? EXACT : AT_OR_BEFORE, [
      migrationId,
      recordTime,
    ]);
    return rows[0];
  }
}
