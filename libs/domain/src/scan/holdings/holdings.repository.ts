import type { Db } from '../../database/db';
import type { StreamedBytes } from '../../database/streamed-bytes';
import { NEWEST_MIGRATION, SqlParams } from '../../dso/current-contracts.sql';
import { lookupPartyIds } from '../../parties/party-sql';
import { SpliceTemplates } from '../../splice/splice-templates';
import {
  ACTIVE_CONTRACT_TEXT,
  CREATED_EVENT_TEXT,
  pageBodyPrefix,
  pageBodySql,
  type AcsStatement as Statement,
} from '../acs/acs.repository';

export interface HoldingsSummaryRow {
  owner: string;
  unlocked: string;
  locked: string;
  total: string;
}

/** A summary row with the holding fees as of a round (`/v0/holdings/summary`). */
export interface HoldingsSummaryWithFeesRow extends HoldingsSummaryRow {
  fees_unlocked: string;
  fees_locked: string;
  fees_total: string;
  available: string;
}

/** The holdings of some owners at one snapshot (`/v0|v1/holdings/state`). */
export interface HoldingsSelection {
  migrationId: number;
  /** Snapshot time T: holdings created before T and not archived before T. */
  snapshotTime: string;
  owners: readonly string[];
  /**
   * `owners` as dictionary ids (`lookupPartyIds`: null for a party never seen, which holds
   * nothing), which the statements take; `HoldingsRepository` looks them up.
   */
  ownerIds?: readonly (number | null)[];
}

/** How a holdings page writes each contract: as a CreatedEvent (v0) or an ActiveContract (v1). */
export type HoldingsPageForm = 'created_event' | 'active_contract';

/** The selection's owner ids, which must have been looked up (`HoldingsRepository` does). */
function ownerIdsOf(selection: HoldingsSelection): readonly (number | null)[] {
  if (selection.ownerIds?.length !== selection.owners.length)
    throw new Error('a holdings selection without its owners looked up');
  return selection.ownerIds;
}

/**
 * The requested owners (`$3`, their ids `$4`), deduplicated, each with the position of its first
 * occurrence. The names printed are the requested ones: an owner's id is a function of its name.
 */
const OWNERS = `owners AS (
            SELECT owner, owner_id, min(ord) AS ord
              FROM unnest($3::text[], $4::integer[]) WITH ORDINALITY AS o(owner, owner_id, ord)
             GROUP BY owner, owner_id)`;

/** The holdings `h` of owner `o.owner_id` at snapshot time `$2` in migration `$1` (ix_amulet_holdings_owner_row). */
const HELD_AT_SNAPSHOT = `h.migration_id = $1 AND h.owner_id = o.owner_id AND h.created_record_time < $2::timestamptz
               AND (h.archived_record_time IS NULL OR h.archived_record_time >= $2::timestamptz)`;

/**
 * Per owner, the amulet held at snapshot time T ($2): holdings created before T and not archived
 * before T (ix_amulet_holdings_owner_row: an owner's range, the lifetimes and amounts included). Sums are SQL
 * numeric, rendered with exactly 10 decimals; the total is the sum of the two rendered parts.
 * Owners are deduplicated and keep the order of their first occurrence; an owner without
 * holdings (or never seen: no id) sums to zero.
 */
export function holdingsSummaryStatement(selection: HoldingsSelection): Statement {
  return {
    sql: `WITH ${OWNERS}, sums AS (
            SELECT o.owner, o.ord,
                   round(coalesce(sum(h.amount) FILTER (WHERE NOT h.locked), 0), 10) AS unlocked,
                   round(coalesce(sum(h.amount) FILTER (WHERE h.locked), 0), 10) AS locked
              FROM owners o
              LEFT JOIN amulet_holdings h
                ON ${HELD_AT_SNAPSHOT}
             GROUP BY o.owner, o.ord
          )
          SELECT owner, unlocked::text AS unlocked, locked::text AS locked, (unlocked + locked)::text AS total
            FROM sums ORDER BY ord`,
    params: [selection.migrationId, selection.snapshotTime, selection.owners, ownerIdsOf(selection)],
  };
}

/**
 * holdingsSummaryStatement's sums plus the holding fees as of round $5 (docs/acs-snapshots.md
 * "Holding fees"). Each holding's amulet (the Amulet's `amount`, or the LockedAmulet's
 * `amulet.amount`) is read from its contract (pk_contracts, one probe per holding); its fee is
 * Splice's `holdingFee`: min(initialAmount, (round - createdAt.number) * ratePerRound.rate),
 * rounded to 10 decimals (exact: the rate has 10 decimals and the factor is an integer, so no
 * rounding rule applies). The fees are summed per owner and per lock state;
 * available = unlocked - unlocked fees.
 */
export function holdingsSummaryWithFeesStatement(selection: HoldingsSelection, asOfRound: string): Statement {
  return {
    sql: `WITH ${OWNERS}, held AS (
            SELECT o.owner, h.locked, h.amount,
                   least(h.amount, round(($5::bigint - (a.amount->'createdAt'->>'number')::numeric)
                                         * (a.amount->'ratePerRound'->>'rate')::numeric, 10)) AS fee
              FROM owners o
              JOIN amulet_holdings h ON ${HELD_AT_SNAPSHOT}
              JOIN contracts c ON c.row_id = h.contract_row_id AND c.migration_id = $1
             CROSS JOIN LATERAL (SELECT CASE WHEN h.locked THEN c.payload_compact->'amulet'->'amount'
                                             ELSE c.payload_compact->'amount' END AS amount) a
          ), sums AS (
            SELECT o.owner, o.ord,
                   round(coalesce(sum(x.amount) FILTER (WHERE NOT x.locked), 0), 10) AS unlocked,
                   round(coalesce(sum(x.amount) FILTER (WHERE x.locked), 0), 10) AS locked,
                   round(coalesce(sum(x.fee) FILTER (WHERE NOT x.locked), 0), 10) AS fees_unlocked,
                   round(coalesce(sum(x.fee) FILTER (WHERE x.locked), 0), 10) AS fees_locked
              FROM owners o LEFT JOIN held x ON x.owner = o.owner
             GROUP BY o.owner, o.ord
          )
          SELECT owner, unlocked::text AS unlocked, locked::text AS locked, (unlocked + locked)::text AS total,
                 fees_unlocked::text AS fees_unlocked, fees_locked::text AS fees_locked,
                 (fees_unlocked + fees_locked)::text AS fees_total, (unlocked - fees_unlocked)::text AS available
            FROM sums ORDER BY ord`,
    params: [
      selection.migrationId,
      selection.snapshotTime,
      selection.owners,
      ownerIdsOf(selection),
      asOfRound,
    ],
  };
}

/**
 * The row ids of the owners' (ids `$3`) holdings at the snapshot, after `$4`, in creation order, at
 * most `$5`: for each owner, its first `$5` holdings after the token (ix_amulet_holdings_owner_row, in row id
 * order, the snapshot filter on the included lifetime bounds), then the first `$5` of them all.
 */
const HOLDINGS_PAGE = `SELECT x.row_id FROM (SELECT DISTINCT unnest($3::integer[]) AS owner_id) o
             CROSS JOIN LATERAL (
               SELECT h.contract_row_id AS row_id FROM amulet_holdings h
                WHERE ${HELD_AT_SNAPSHOT} AND h.contract_row_id > $4::bigint
                ORDER BY h.contract_row_id LIMIT $5) x
             ORDER BY x.row_id LIMIT $5`;

/**
 * A page of the owners' holdings as the whole response body (AcsResponse or AcsResponseV1),
 * written by PostgreSQL as the ACS pages are (pageBodySql): the same contracts, in the same
 * order and form, as the snapshot's ACS restricted to these owners' Amulet and LockedAmulet.
 */
export function holdingsPageStatement(
  selection: HoldingsSelection,
  afterRowId: string | undefined,
  limit: number,
  form: HoldingsPageForm,
): Statement {
  return {
    sql: pageBodySql(
      HOLDINGS_PAGE,
      '$5',
      '$6',
      form === 'created_event' ? CREATED_EVENT_TEXT : ACTIVE_CONTRACT_TEXT,
    ),
    params: [
      selection.migrationId,
      selection.snapshotTime,
      ownerIdsOf(selection),
      afterRowId ?? '0',
      limit,
      pageBodyPrefix(selection.migrationId, selection.snapshotTime),
    ],
  };
}

/** Whether a contract row is one of the owners' holdings at the snapshot (a page token must name one). */
export function holdingRowCheckStatement(selection: HoldingsSelection, rowId: string): Statement {
  return {
    sql: `SELECT EXISTS (SELECT 1 FROM (SELECT DISTINCT unnest($3::integer[]) AS owner_id) o
                           JOIN amulet_holdings h ON ${HELD_AT_SNAPSHOT}
                          WHERE h.contract_row_id = $4::bigint) AS ok`,
    params: [selection.migrationId, selection.snapshotTime, ownerIdsOf(selection), rowId],
  };
}

/**
 * The earliest current OpenMiningRound's number (Splice's default `as_of_round`: the first open
 * round of the current state in creation order), over ix_contracts_active_template.
 */
function earliestOpenRoundStatement(): Statement {
  const p = new SqlParams();
  return {
    sql: `SELECT c.payload_compact->'round'->>'number' AS round FROM contracts c
           WHERE ${p.template(SpliceTemplates.OpenMiningRound)} AND c.archived_record_time IS NULL
             AND c.migration_id = ${NEWEST_MIGRATION}
           ORDER BY c.row_id LIMIT 1`,
    params: p.values,
  };
}

const EARLIEST_OPEN_ROUND = earliestOpenRoundStatement();

export class HoldingsRepository {
  constructor(private readonly db: Db) {}

  async summaries(
    migrationId: number,
    snapshotTime: string,
    owners: readonly string[],
  ): Promise<HoldingsSummaryRow[]> {
    const selection = await this.withOwnerIds({ migrationId, snapshotTime, owners });
    const { sql, params } = holdingsSummaryStatement(selection);
    return this.db.query(sql, params);
  }

  async summariesWithFees(
    migrationId: number,
    snapshotTime: string,
    owners: readonly string[],
    asOfRound: string,
  ): Promise<HoldingsSummaryWithFeesRow[]> {
    const selection = await this.withOwnerIds({ migrationId, snapshotTime, owners });
    const { sql, params } = holdingsSummaryWithFeesStatement(selection, asOfRound);
    return this.db.query(sql, params);
  }

  /** A holdings page's response body, as the UTF-8 bytes PostgreSQL writes (holdingsPageStatement), as they arrive. */
  async page(
    selection: HoldingsSelection,
    afterRowId: string | undefined,
    limit: number,
    form: HoldingsPageForm,
  ): Promise<StreamedBytes> {
    const { sql, params } = holdingsPageStatement(
      await this.withOwnerIds(selection),
      afterRowId,
      limit,
      form,
    );
    return this.db.textStream(sql, params);
  }

  async isHoldingRowOf(selection: HoldingsSelection, rowId: string): Promise<boolean> {
    const { sql, params } = holdingRowCheckStatement(await this.withOwnerIds(selection), rowId);
    const [row]: { ok: boolean }[] = await this.db.query(sql, params);
    return row.ok;
  }

  /**
   * The selection with its owners' ids (one dictionary lookup, none when it has them), so that the
   * statements match the stored ids and the planner sees them as values.
   */
  async withOwnerIds(selection: HoldingsSelection): Promise<HoldingsSelection> {
    if (selection.ownerIds) return selection;
    return { ...selection, ownerIds: await lookupPartyIds(this.db, selection.owners) };
  }

  /** The round number of the earliest current OpenMiningRound, if there is one. */
  async lookupEarliestOpenRound(): Promise<string | undefined> {
    const rows = await this.db.query<{ round: string }>(EARLIEST_OPEN_ROUND.sql, EARLIEST_OPEN_ROUND.params);
    return rows[0]?.round;
  }
}
