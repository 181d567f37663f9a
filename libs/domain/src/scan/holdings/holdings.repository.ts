import type { Db } from '../../database/db';
import type { AcsStatement as Statement } from '../acs/acs.repository';

export interface HoldingsSummaryRow {
  owner: string;
  unlocked: string;
  locked: string;
  total: string;
}

/**
 * Per owner, the amulet held at snapshot time T ($2): holdings created before T and not archived
 * before T (ix_amulet_holdings_owner: migration_id, owner, created_record_time). Sums are SQL
 * numeric, rendered with exactly 10 decimals; the total is the sum of the two rendered parts.
 * Owners are deduplicated and keep the order of their first occurrence; an owner without
 * holdings sums to zero.
 */
export function holdingsSummaryStatement(
  migrationId: number,
  snapshotTime: string,
  owners: readonly string[],
): Statement {
  return {
    sql: `WITH owners AS (
            SELECT owner, min(ord) AS ord FROM unnest($3::text[]) WITH ORDINALITY AS o(owner, ord) GROUP BY owner
          ), sums AS (
            SELECT o.owner, o.ord,
                   round(coalesce(sum(h.amount) FILTER (WHERE NOT h.locked), 0), 10) AS unlocked,
                   round(coalesce(sum(h.amount) FILTER (WHERE h.locked), 0), 10) AS locked
              FROM owners o
              LEFT JOIN amulet_holdings h
                ON h.migration_id = $1 AND h.owner = o.owner AND h.created_record_time < $2::timestamptz
               AND (h.archived_record_time IS NULL OR h.archived_record_time >= $2::timestamptz)
             GROUP BY o.owner, o.ord
          )
          SELECT owner, unlocked::text AS unlocked, locked::text AS locked, (unlocked + locked)::text AS total
            FROM sums ORDER BY ord`,
    params: [migrationId, snapshotTime, owners],
  };
}

export class HoldingsRepository {
  constructor(private readonly db: Db) {}

  async summaries(
    migrationId: number,
    snapshotTime: string,
    owners: readonly string[],
  ): Promise<HoldingsSummaryRow[]> {
    const { sql, params } = holdingsSummaryStatement(migrationId, snapshotTime, owners);
    return this.db.query(sql, params);
  }
}
