import { columnsOf, encodeRows, loadRows, type CopyColumn } from '../database/copy-rows';
import type { DbConnection } from '../database/db';
import { contractTemplateFilter } from '../contracts/template-key.sql';
import type { SnapshotFacts } from '../snapshots/snapshot-schedule';
import type { AmuletRulesPayload } from '../splice/amulet-rules.payloads';
import type { ClosedRound, HoldingRow, LicenseRow, OpenedRound, VoteResultRow } from './derived-batch';
import { Q } from './derived-rows';
import { IMPORT_RECORD_TIME } from './update-history.types';

/** What a batch writes to the derived tables. */
export interface DerivedTableWrites {
  holdings: HoldingRow[];
  licenses: LicenseRow[];
  /** Stored contracts archived by the batch: their derived rows are archived with them. */
  archivedContracts: { rowId: string; migrationId: number; recordTime: string }[];
  miningRounds: OpenedRound[];
  closedRounds: ClosedRound[];
  voteResults: VoteResultRow[];
  /** Due ACS snapshot times per migration. */
  snapshots: { migrationId: number; times: string[] }[];
}

/** The owner's party id, refusing a row whose id was not assigned (`assignPartyIds`). */
const OWNER_ID_COLUMN: CopyColumn<HoldingRow> = {
  name: 'owner_id',
  kind: 'int',
  get: (row) => {
    if (row.owner_id === undefined) throw new Error('owner_id of a holding written without party ids');
    return row.owner_id;
  },
};

const HOLDING_COLUMNS: CopyColumn<HoldingRow>[] = [
  ...columnsOf<HoldingRow>({ contract_row_id: 'int', migration_id: 'int' }),
  OWNER_ID_COLUMN,
  ...columnsOf<HoldingRow>({
    amount: 'numeric',
    locked: 'bool',
    created_record_time: 'timestamp',
    archived_record_time: 'timestamp',
  }),
];

const LICENSE_COLUMNS = columnsOf<LicenseRow>({
  contract_row_id: 'int',
  migration_id: 'int',
  validator: 'text',
  first_received_round: 'int',
  last_received_round: 'int',
  num_rounds_missed: 'int',
  created_record_time: 'timestamp',
  archived_record_time: 'timestamp',
});

/** A batch's derived rows loaded by COPY, as COPY text (`encodeDerivedRows`). */
export interface EncodedDerivedRows {
  holdings: string[];
  licenses: string[];
}

/** The COPY text of a batch's new holdings and licenses, for a `write` of them later. */
export function encodeDerivedRows(
  rows: Pick<DerivedTableWrites, 'holdings' | 'licenses'>,
): EncodedDerivedRows {
  return {
    holdings: encodeRows(HOLDING_COLUMNS, rows.holdings),
    licenses: encodeRows(LICENSE_COLUMNS, rows.licenses),
  };
}

/**
 * SQL of the tables derived from the history (amulet_holdings, validator_licenses, mining_rounds, vote_results, acs_snapshots) on the writer's
 * connection: the facts the derived rows depend on, and the rows.
 */
export class DerivedWriteRepository {
  constructor(private readonly connection: DbConnection) {}

  /** The newest active AmuletRules (the reward configuration of rounds opened before the batch has its own). */
  async latestAmuletRules(): Promise<AmuletRulesPayload | undefined> {
    const [pkg, mod, ent] = Q.AmuletRules.split(':');
    const rows = await this.connection.query<{ payload_compact: AmuletRulesPayload }>(
      `SELECT payload_compact FROM contracts
        WHERE ${contractTemplateFilter('contracts', '$1', '$2', '$3')} AND archived_record_time IS NULL
        ORDER BY row_id DESC LIMIT 1`,
      [pkg, mod, ent],
    );
    return rows[0]?.payload_compact;
  }

  /** Stored first non-import record time and last snapshot time per migration. */
  async snapshotFacts(migrationIds: number[]): Promise<Map<number, SnapshotFacts>> {
    const rows = await this.connection.query<{
      migration_id: string;
      first_non_import: string | null;
      last_snapshot: string | null;
    }>(
      `SELECT m.migration_id,
              (SELECT min(u.record_time) FROM updates u WHERE u.migration_id = m.migration_id AND u.record_time > '0001-01-01T00:00:00Z') AS first_non_import,
              (SELECT max(s.record_time) FROM acs_snapshots s WHERE s.migration_id = m.migration_id) AS last_snapshot
         FROM unnest($1::bigint[]) AS m(migration_id)`,
      [migrationIds],
    );
    return new Map(
      rows.map((r) => [
        Number(r.migration_id),
        { firstNonImport: r.first_non_import ?? undefined, lastSnapshot: r.last_snapshot ?? undefined },
      ]),
    );
  }

  /**
   * `encoded`: the holdings' and licenses' COPY text, when encoded already (`encodeDerivedRows`).
   * Returns the rounds whose row an earlier migration's opening replaced or a later migration
   * closed already (their totals are to be computed, again if stored).
   */
  async write(rows: DerivedTableWrites, encoded?: EncodedDerivedRows): Promise<string[]> {
    await loadRows(this.connection, 'amulet_holdings', HOLDING_COLUMNS, rows.holdings, encoded?.holdings);
    await loadRows(this.connection, 'validator_licenses', LICENSE_COLUMNS, rows.licenses, encoded?.licenses);
    await this.archiveDerived(rows.archivedContracts);
    const replaced = await this.insertMiningRounds(rows.miningRounds);
    await this.closeMiningRounds(rows.closedRounds);
    await this.insertVoteResults(rows.voteResults);
    for (const { migrationId, times } of rows.snapshots) await this.insertSnapshots(migrationId, times);
    return replaced;
  }

  /** Archive times of stored contracts carried over to their derived rows. */
  private async archiveDerived(archives: DerivedTableWrites['archivedContracts']): Promise<void> {
    if (archives.length === 0) return;
    const payload = JSON.stringify(
      archives.map((a) => ({ row_id: a.rowId, migration_id: a.migrationId, record_time: a.recordTime })),
    );
    // A derived row's migration is its contract's (the partition key of amulet_holdings).
    for (const table of ['amulet_holdings', 'validator_licenses']) {
      await this.connection.query(
        `UPDATE ${table} d SET archived_record_time = a.record_time
           FROM jsonb_to_recordset($1::jsonb) AS a(row_id bigint, migration_id bigint, record_time timestamptz)
          WHERE d.contract_row_id = a.row_id AND d.migration_id = a.migration_id`,
        [payload],
      );
    }
  }

  /**
   * A round re-created by a later migration's import keeps the row of the earliest migration that
   * opened it, whichever was written first (docs/reward-accounting.md "Migrations written out of
   * order"). Returns the rounds whose row was replaced by an earlier migration's,
   * and those found closed already (`closeFromLaterMigrations`).
   */
  private async insertMiningRounds(rows: OpenedRound[]): Promise<string[]> {
    if (rows.length === 0) return [];
    // One row per round (a batch may bring a round's opening and its re-creation by the next
    // migration's import): the earliest migration's.
    const byRound = new Map<string, OpenedRound>();
    for (const r of rows) {
      const seen = byRound.get(r.round);
      if (seen === undefined || r.migrationId < seen.migrationId) byRound.set(r.round, r);
    }
    const replaced = await this.connection.query<{ round: string }>(
      `WITH x AS (
         SELECT round, "migrationId" AS migration_id, "opensAt" AS opens_at, "openedRecordTime" AS opened_record_time,
                (inputs->>'amuletToIssuePerYear')::numeric AS amulet_to_issue_per_year,
                (inputs->>'appRewardPercentage')::numeric AS app_reward_percentage,
                (inputs->>'featuredAppRewardCap')::numeric AS featured_app_reward_cap,
                (inputs->>'developmentFundPercentage')::numeric AS development_fund_percentage,
                (inputs->>'tickDurationMicros')::bigint AS tick_duration_micros,
                (inputs->>'amuletPrice')::numeric AS amulet_price, (inputs->>'trafficPrice')::numeric AS traffic_price,
                (inputs->>'appRewardCouponThreshold')::numeric AS app_reward_coupon_threshold
           FROM jsonb_to_recordset($1::jsonb) AS r(round bigint, "migrationId" bigint, "opensAt" timestamptz,
                "openedRecordTime" timestamptz, inputs jsonb)
       ),
       replaced AS (
         UPDATE mining_rounds m
            SET migration_id = x.migration_id, opens_at = x.opens_at, opened_record_time = x.opened_record_time,
                amulet_to_issue_per_year = x.amulet_to_issue_per_year, app_reward_percentage = x.app_reward_percentage,
                featured_app_reward_cap = x.featured_app_reward_cap,
                development_fund_percentage = x.development_fund_percentage,
                tick_duration_micros = x.tick_duration_micros, amulet_price = x.amulet_price,
                traffic_price = x.traffic_price, app_reward_coupon_threshold = x.app_reward_coupon_threshold
           FROM x WHERE m.round = x.round AND m.migration_id > x.migration_id
         RETURNING m.round
       ),
       inserted AS (
         INSERT INTO mining_rounds (round, migration_id, opens_at, opened_record_time, amulet_to_issue_per_year,
                app_reward_percentage, featured_app_reward_cap, development_fund_percentage, tick_duration_micros,
                amulet_price, traffic_price, app_reward_coupon_threshold)
         SELECT * FROM x
         ON CONFLICT (round) DO NOTHING
       )
       SELECT round::text AS round FROM replaced`,
      [JSON.stringify([...byRound.values()])],
    );
    const closed = await this.closeFromLaterMigrations(byRound);
    return [...new Set([...replaced.map((r) => r.round), ...closed])];
  }

  /**
   * A round opened by a migration written after a later one (migrations copied in parallel) may
   * be closed already, by the later migration's ClosedMiningRound, stored before its row was:
   * its close is taken from there. Only when a later migration is held (a one-time filter:
   * nothing is read in a history written in order).
   */
  private async closeFromLaterMigrations(byRound: ReadonlyMap<string, OpenedRound>): Promise<string[]> {
    const opened = [...byRound.values()];
    const earliest = Math.min(...opened.map((r) => r.migrationId));
    const [pkg, mod, ent] = Q.ClosedMiningRound.split(':');
    const closed = await this.connection.query<{ round: string }>(
      `UPDATE mining_rounds m SET closed_record_time = c.t
         FROM (SELECT (c.payload_compact->'round'->>'number')::bigint AS round, min(c.created_record_time) AS t
                 FROM contracts c
                WHERE ${contractTemplateFilter('c', '$3', '$4', '$5')}
                  AND c.migration_id > $2 AND c.created_record_time > $6::timestamptz
                  AND (c.payload_compact->'round'->>'number')::bigint = ANY($1::bigint[])
                  AND EXISTS (SELECT 1 FROM history_migrations h WHERE h.migration_id > $2)
                GROUP BY 1) AS c
        WHERE m.round = c.round AND m.migration_id < (SELECT max(h.migration_id) FROM history_migrations h)
          AND (m.closed_record_time IS NULL OR m.closed_record_time = $6::timestamptz OR c.t < m.closed_record_time)
       RETURNING m.round::text AS round`,
      [[...byRound.keys()], earliest, pkg, mod, ent, IMPORT_RECORD_TIME],
    );
    return closed.map((r) => r.round);
  }

  /**
   * A round's close is its ClosedMiningRound's creation; a later migration's import re-creates
   * it at the import's record time, which never replaces a real one (the earliest real one wins,
   * whichever was written first).
   */
  private async closeMiningRounds(rows: ClosedRound[]): Promise<void> {
    if (rows.length === 0) return;
    await this.connection.query(
      `UPDATE mining_rounds m SET closed_record_time = x.t
         FROM (SELECT round, coalesce(min("recordTime") FILTER (WHERE "recordTime" <> $2::timestamptz), $2::timestamptz) AS t
                 FROM jsonb_to_recordset($1::jsonb) AS r(round bigint, "recordTime" timestamptz)
                GROUP BY round) AS x
        WHERE m.round = x.round
          AND (m.closed_record_time IS NULL
               OR (m.closed_record_time = $2::timestamptz AND x.t <> $2::timestamptz)
               OR (x.t <> $2::timestamptz AND x.t < m.closed_record_time))`,
      [JSON.stringify(rows), IMPORT_RECORD_TIME],
    );
  }

  private async insertVoteResults(rows: VoteResultRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.connection.query(
      `INSERT INTO vote_results (update_row_id, node_id, action_name, accepted, outcome, requester, effective_at, completed_at)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(update_row_id bigint, node_id integer, action_name text, accepted boolean,
              outcome text, requester text, effective_at timestamptz, completed_at timestamptz)`,
      [JSON.stringify(rows)],
    );
  }

  private async insertSnapshots(migrationId: number, times: string[]): Promise<void> {
    await this.connection.query(
      `INSERT INTO acs_snapshots (migration_id, record_time) SELECT $1, t FROM unnest($2::timestamptz[]) AS t ON CONFLICT DO NOTHING`,
      [migrationId, times],
    );
  }
}
