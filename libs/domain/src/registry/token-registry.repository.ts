import { prepared, type Db, type Params, type Statement } from '../database/db';
import type { ActiveContract } from '../contracts/active-contracts.repository';
import {
  CONTRACT_COLUMNS,
  CONTRACT_ROW_COLUMNS,
  NEWEST_MIGRATION,
  SqlParams,
  toActiveContract,
  type ContractRow,
} from '../dso/current-contracts.sql';
import { IMPORT_RECORD_TIME } from '../history/update-history.types';
import { SpliceTemplates } from '../splice/splice-templates';

/** The network contracts every amulet choice context draws on. */
export interface NetworkContracts {
  amuletRules?: ActiveContract;
  /** The OpenMiningRound of the AmuletRules' DSO with the highest round number that has opened. */
  openRound?: ActiveContract;
}

export interface FactoryContracts extends NetworkContracts {
  /** ExternalPartyAmuletRules, the amulet AllocationFactory. */
  factory?: ActiveContract;
  externalPartyConfigState?: ActiveContract;
}

export interface AllocationContracts {
  allocation?: ActiveContract;
  /**
   * The allocation's LockedAmulet while it exists: active in the newest migration, or in flight
   * since an older one (a contract unassigned at a migration is not re-imported; it is still
   * travelling, not gone).
   */
  lockedAmulet?: ActiveContract;
  /** The settlement executor's FeaturedAppRight (when asked for). */
  featuredAppRight?: ActiveContract;
}

type Role =
  | 'amulet-rules'
  | 'open-round'
  | 'factory'
  | 'external-party-config-state'
  | 'allocation'
  | 'locked-amulet'
  | 'featured-app-right';

const T = SpliceTemplates;
const CURRENT = `c.archived_record_time IS NULL AND c.migration_id = (SELECT id FROM m)`;

/** Signed by the DSO: AmuletRules' only signatory is the DSO party (read without detoasting its payload). */
const SIGNED_BY_DSO = `c.signatories @> (SELECT r.signatories FROM amulet_rules r)`;

/**
 * CTEs of the network statement: `m` (newest migration), `ledger_time` (the record time of the
 * newest ingested update: the registry's "now"; see TokenRegistryService), `amulet_rules` and
 * `open_round` (the latest round that has opened by then, `opensAt <= ledger_time`).
 */
function networkCtes(p: SqlParams): string {
  return `m AS (SELECT ${NEWEST_MIGRATION} AS id),
  ledger_time AS (
    SELECT u.record_time AS t FROM updates u WHERE u.record_time > ${p.add(IMPORT_RECORD_TIME)}::timestamptz
     ORDER BY u.migration_id DESC, u.record_time DESC LIMIT 1),
  amulet_rules AS (
    SELECT ${CONTRACT_COLUMNS} FROM contracts c WHERE ${p.template(T.AmuletRules)} AND ${CURRENT} ORDER BY c.row_id DESC LIMIT 1),
  open_round AS (
    SELECT ${CONTRACT_COLUMNS} FROM contracts c
     WHERE ${p.template(T.OpenMiningRound)} AND ${CURRENT}
       AND ${SIGNED_BY_DSO}
       AND (c.payload_compact->>'opensAt')::timestamptz <= (SELECT t FROM ledger_time)
     ORDER BY (c.payload_compact->'round'->>'number')::numeric DESC, c.row_id DESC LIMIT 1)`;
}

function networkStatement(): { text: string; values: unknown[] } {
  const p = new SqlParams();
  const text = `WITH ${networkCtes(p)},
  factory AS (
    SELECT ${CONTRACT_COLUMNS} FROM contracts c
     WHERE ${p.template(T.ExternalPartyAmuletRules)} AND ${CURRENT} AND ${SIGNED_BY_DSO}
     ORDER BY c.row_id DESC LIMIT 1),
  config_state AS (
    SELECT ${CONTRACT_COLUMNS} FROM contracts c
     WHERE ${p.template(T.ExternalPartyConfigState)} AND ${CURRENT} AND ${SIGNED_BY_DSO}
     ORDER BY c.row_id DESC LIMIT 1)
  SELECT 'amulet-rules' AS role, x.* FROM amulet_rules x
  UNION ALL SELECT 'open-round', x.* FROM open_round x
  UNION ALL SELECT 'factory', x.* FROM factory x
  UNION ALL SELECT 'external-party-config-state', x.* FROM config_state x`;
  return { text, values: p.values };
}

/**
 * `$1` is the allocation id. Contracts are looked up by id alone first (MATERIALIZED, so that the
 * planner probes ux_contracts_contract_migration instead of scanning a template's contracts), then
 * checked for template and liveness. The lock may sit in an older migration only while in flight (a
 * contract unassigned at a migration is not re-imported): `migration_id = ANY (ARRAY[0..newest])`
 * probes each migration.
 */
function allocationStatement(withFeaturedAppRight: boolean): { text: string; values: unknown[] } {
  const p = new SqlParams();
  const allocationId = p.add(null);
  const lookupColumns = `${CONTRACT_ROW_COLUMNS}, c.archived_record_time`;
  const text = `WITH m AS MATERIALIZED (SELECT ${NEWEST_MIGRATION} AS id),
  allocation_row AS MATERIALIZED (
    SELECT ${lookupColumns} FROM contracts c WHERE c.migration_id = (SELECT id FROM m) AND c.contract_id = ${allocationId}),
  allocation AS (
    SELECT ${CONTRACT_COLUMNS} FROM allocation_row c WHERE c.archived_record_time IS NULL AND ${p.template(T.AmuletAllocation)}),
  locked_rows AS MATERIALIZED (
    SELECT ${lookupColumns} FROM contracts c
     WHERE c.migration_id = ANY (ARRAY(SELECT generate_series(0, (SELECT id FROM m))))
       AND c.contract_id = (SELECT a.payload_compact->>'lockedAmulet' FROM allocation a)),
  locked AS (
    SELECT ${CONTRACT_COLUMNS} FROM locked_rows c
     WHERE c.archived_record_time IS NULL AND (c.migration_id = (SELECT id FROM m) OR c.in_flight) AND ${p.template(T.LockedAmulet)}
     ORDER BY c.migration_id DESC LIMIT 1)${
       withFeaturedAppRight
         ? `,
  featured AS (
    SELECT ${CONTRACT_COLUMNS} FROM contracts c
     WHERE ${p.template(T.FeaturedAppRight)} AND ${CURRENT}
       AND c.payload_compact->>'provider' = (SELECT a.payload_compact->'allocation'->'settlement'->>'executor' FROM allocation a)
     ORDER BY c.row_id DESC LIMIT 1)`
         : ''
     }
  SELECT 'allocation' AS role, x.* FROM allocation x
  UNION ALL SELECT 'locked-amulet', x.* FROM locked x${
    withFeaturedAppRight
      ? `
  UNION ALL SELECT 'featured-app-right', x.* FROM featured x`
      : ''
  }`;
  return { text, values: p.values };
}

function named(name: string, built: { text: string; values: unknown[] }): [Statement, Params] {
  return [prepared(name, built.text), built.values];
}

const [NETWORK, NETWORK_PARAMS] = named('registry_network', networkStatement());
const [ALLOCATION_LOCK, ALLOCATION_LOCK_PARAMS] = named(
  'registry_allocation_lock',
  allocationStatement(false),
);
const [ALLOCATION_TRANSFER, ALLOCATION_TRANSFER_PARAMS] = named(
  'registry_allocation_transfer',
  allocationStatement(true),
);
const LEDGER_VERSION = prepared(
  'registry_ledger_version',
  `SELECT u.row_id::text || '/' || u.xmin::text AS version FROM updates u ORDER BY u.row_id DESC LIMIT 1`,
);
const LEDGER_TIME = prepared(
  'registry_ledger_time',
  `SELECT u.record_time AS t FROM updates u WHERE u.record_time > $1::timestamptz
    ORDER BY u.migration_id DESC, u.record_time DESC LIMIT 1`,
);

/**
 * The amulet in existence after the newest ingested update: every Amulet and LockedAmulet of that
 * update's migration created by then and not archived by then, summed as initial amounts (the
 * holdings summary's figures) with 10 decimals. One statement, so the sum and its time agree; the
 * sum is an index-only scan of the migration's holdings (ix_amulet_holdings_owner_row INCLUDE amount).
 */
const TOTAL_SUPPLY = prepared(
  'registry_total_supply',
  `WITH newest AS (
     SELECT u.migration_id, u.record_time FROM updates u WHERE u.record_time > $1::timestamptz
      ORDER BY u.migration_id DESC, u.record_time DESC LIMIT 1)
   SELECT n.record_time AS as_of,
          (SELECT round(coalesce(sum(h.amount), 0), 10)::text FROM amulet_holdings h
            WHERE h.migration_id = n.migration_id AND h.created_record_time <= n.record_time
              AND (h.archived_record_time IS NULL OR h.archived_record_time > n.record_time)) AS total
     FROM newest n`,
);

function assign(target: FactoryContracts & AllocationContracts, role: Role, contract: ActiveContract): void {
  switch (role) {
    case 'amulet-rules':
      target.amuletRules = contract;
      break;
    case 'open-round':
      target.openRound = contract;
      break;
    case 'factory':
      target.factory = contract;
      break;
    case 'external-party-config-state':
      target.externalPartyConfigState = contract;
      break;
    case 'allocation':
      target.allocation = contract;
      break;
    case 'locked-amulet':
      target.lockedAmulet = contract;
      break;
    case 'featured-app-right':
      target.featuredAppRight = contract;
      break;
  }
}

/**
 * Reads of the token registry, each a single statement whose branches are index lookups
 * (ix_contracts_active_template, ux_contracts_contract_migration, ix_updates_migration_record_time).
 */
export class TokenRegistryRepository {
  constructor(private readonly db: Db) {}

  /**
   * A token that changes whenever the stored ledger does: the newest update's row id and the
   * transaction that wrote it (`xmin`; row ids alone repeat after a TRUNCATE ... RESTART IDENTITY).
   * Every write goes through LedgerWriter.append, which adds update rows in its transaction.
   */
  async lookupLedgerVersion(): Promise<string> {
    const rows = await this.db.query<{ version: string }>(LEDGER_VERSION);
    return rows[0]?.version ?? 'empty';
  }

  /** AmuletRules, the latest usable round, the allocation factory and the external-party config state. */
  async loadNetworkContracts(): Promise<FactoryContracts> {
    return this.load(NETWORK, NETWORK_PARAMS);
  }

  /** The allocation and its lock; with `withFeaturedAppRight` also its settlement executor's FeaturedAppRight. */
  async loadAllocationContracts(
    allocationId: string,
    withFeaturedAppRight: boolean,
  ): Promise<AllocationContracts> {
    const [statement, params] = withFeaturedAppRight
      ? [ALLOCATION_TRANSFER, ALLOCATION_TRANSFER_PARAMS]
      : [ALLOCATION_LOCK, ALLOCATION_LOCK_PARAMS];
    return this.load(statement, [allocationId, ...params.slice(1)]);
  }

  /** The registry's "now": the record time of the newest ingested update, if any. */
  async lookupLedgerTime(): Promise<string | undefined> {
    const rows = await this.db.query<{ t: string }>(LEDGER_TIME, [IMPORT_RECORD_TIME]);
    return rows[0]?.t;
  }

  /** The total amulet supply at the newest record time (see TOTAL_SUPPLY); undefined before any update. */
  async lookupTotalSupply(): Promise<{ total: string; asOf: string } | undefined> {
    const rows = await this.db.query<{ total: string; as_of: string }>(TOTAL_SUPPLY, [IMPORT_RECORD_TIME]);
    return rows[0] && { total: rows[0].total, asOf: rows[0].as_of };
  }

  private async load(statement: Statement, params: Params): Promise<FactoryContracts & AllocationContracts> {
    const rows = await this.db.query<ContractRow & { role: Role }>(statement, params);
    const result: FactoryContracts & AllocationContracts = {};
    for (const row of rows) assign(result, row.role, toActiveContract(row));
    return result;
  }
}
