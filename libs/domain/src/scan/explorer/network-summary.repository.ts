import { prepared, type Db } from '../../database/db';
import { SqlParams } from '../../dso/current-contracts.sql';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';
import { SpliceTemplates } from '../../splice/splice-templates';

export interface NetworkSummaryRow {
  migration_id: string;
  record_time: string;
  unlocked: string;
  locked: string;
  total: string;
  round_number: string | null;
  opens_at: string | null;
  target_closes_at: string | null;
  active_validators: number;
  super_validators: number;
  update_count: string;
}

const T = SpliceTemplates;
const params = new SqlParams();
const current = `c.migration_id = n.migration_id AND c.archived_record_time IS NULL`;

/**
 * The network after its newest update (time T of the newest migration), one statement:
 * - amulet: the holdings summary's figures over every owner (ix_amulet_holdings_owner_row, an
 *   index-only scan of the migration): initial amounts of holdings created at or before T and
 *   not archived by T, locked and unlocked, each rounded to 10 decimals, total = their sum — the
 *   registry's total supply, and what `/v1/holdings/summary` sums at a snapshot just after T;
 * - the current DsoRules (its `svs`) and the DSO's OpenMiningRound with the highest number, as
 *   `GET /v0/dso` picks them (ix_contracts_active_template);
 * - validators: distinct holders of an active ValidatorLicense of the migration;
 * - updates: every non-import update (an index-only count of ix_updates_migration_record_time).
 * As of T, "not archived by T" is "not archived": T is the newest record time.
 */
const NETWORK_SUMMARY = prepared(
  'explorer_network_summary',
  `WITH newest AS (
     SELECT u.migration_id, u.record_time FROM updates u WHERE u.record_time > $1::timestamptz
      ORDER BY u.migration_id DESC, u.record_time DESC LIMIT 1),
   holdings AS (
     SELECT round(coalesce(sum(h.amount) FILTER (WHERE NOT h.locked), 0), 10) AS unlocked,
            round(coalesce(sum(h.amount) FILTER (WHERE h.locked), 0), 10) AS locked
       FROM newest n JOIN amulet_holdings h
         ON h.migration_id = n.migration_id AND h.created_record_time <= n.record_time
        AND (h.archived_record_time IS NULL OR h.archived_record_time > n.record_time)),
   dso_rules AS (
     SELECT c.payload_compact FROM newest n JOIN contracts c ON ${current}
      WHERE ${params.template(T.DsoRules)} ORDER BY c.row_id DESC LIMIT 1),
   latest_round AS (
     SELECT c.payload_compact FROM newest n JOIN contracts c ON ${current}
      WHERE ${params.template(T.OpenMiningRound)}
        AND (SELECT d.payload_compact->>'dso' FROM dso_rules d) = ANY (c.signatories)
      ORDER BY (c.payload_compact->'round'->>'number')::numeric DESC, c.row_id DESC LIMIT 1)
   SELECT n.migration_id::text AS migration_id, n.record_time,
          h.unlocked::text AS unlocked, h.locked::text AS locked, (h.unlocked + h.locked)::text AS total,
          r.payload_compact->'round'->>'number' AS round_number,
          (r.payload_compact->>'opensAt')::timestamptz AS opens_at,
          (r.payload_compact->>'targetClosesAt')::timestamptz AS target_closes_at,
          (SELECT count(DISTINCT v.validator)::int FROM validator_licenses v
            WHERE v.migration_id = n.migration_id AND v.archived_record_time IS NULL) AS active_validators,
          coalesce((SELECT json_array_length(d.payload_compact->'svs') FROM dso_rules d), 0) AS super_validators,
          (SELECT count(*) FROM updates u WHERE u.record_time > $1::timestamptz AND NOT u.is_import)::text AS update_count
     FROM newest n CROSS JOIN holdings h LEFT JOIN latest_round r ON true`,
);

export class NetworkSummaryRepository {
  constructor(private readonly db: Db) {}

  async lookup(): Promise<NetworkSummaryRow | undefined> {
    const rows: NetworkSummaryRow[] = await this.db.query(NETWORK_SUMMARY, [
      IMPORT_RECORD_TIME,
      ...params.values,
    ]);
    return rows[0];
  }
}
