import type { Db } from '../database/db';
import type { CompactRecord } from '../daml-value/daml-value.types';
import type { ActiveContractsRepository, ActiveContract } from '../contracts/active-contracts.repository';
import { SpliceTemplates } from '../splice/splice-templates';
import {
  CONTRACT_COLUMNS,
  NEWEST_MIGRATION,
  SqlParams,
  toActiveContract,
  type ContractRow,
} from './current-contracts.sql';

/** The contracts DSO info is made of, as they stand now (newest migration, not archived). */
export interface DsoContracts {
  dsoRules?: ActiveContract;
  amuletRules?: ActiveContract;
  /** The OpenMiningRound signed by the DsoRules' DSO party with the highest round number. */
  latestMiningRound?: ActiveContract;
  /** One SvNodeState per SV listed in DsoRules (newest if several), in the DsoRules' SV order. */
  svNodeStates: ActiveContract[];
}

type Role = 'dso_rules' | 'amulet_rules' | 'latest_mining_round' | 'sv_node_state';

const params = new SqlParams();
const T = SpliceTemplates;
const current = `c.archived_record_time IS NULL AND c.migration_id = (SELECT id FROM m)`;
// One statement, one round trip; every branch is served by ix_contracts_active_template. SV node
// states are matched to DsoRules' `svs` (a genMap: [[party, info], ...]), which leaves out
// offboarded SVs whose node state is still active.
const DSO_CONTRACTS_SQL = `
  WITH m AS (SELECT ${NEWEST_MIGRATION} AS id),
  dso_rules AS (
    SELECT ${CONTRACT_COLUMNS}, 0::bigint AS ord FROM contracts c
     WHERE ${params.template(T.DsoRules)} AND ${current} ORDER BY c.row_id DESC LIMIT 1),
  svs AS (
    SELECT e.pair->>0 AS sv, e.ord FROM dso_rules d, json_array_elements(d.payload_compact->'svs') WITH ORDINALITY AS e(pair, ord)),
  amulet_rules AS (
    SELECT ${CONTRACT_COLUMNS}, 0::bigint AS ord FROM contracts c
     WHERE ${params.template(T.AmuletRules)} AND ${current} ORDER BY c.row_id DESC LIMIT 1),
  latest_round AS (
    SELECT ${CONTRACT_COLUMNS}, 0::bigint AS ord FROM contracts c
     WHERE ${params.template(T.OpenMiningRound)} AND ${current}
       AND (SELECT d.payload_compact->>'dso' FROM dso_rules d) = ANY (c.signatories)
     ORDER BY (c.payload_compact->'round'->>'number')::numeric DESC, c.row_id DESC LIMIT 1),
  node_states AS (
    SELECT DISTINCT ON (s.sv) ${CONTRACT_COLUMNS}, s.ord FROM contracts c JOIN svs s ON s.sv = c.payload_compact->>'sv'
     WHERE ${params.template(T.SvNodeState)} AND ${current}
       AND c.payload_compact->>'dso' = (SELECT d.payload_compact->>'dso' FROM dso_rules d)
     ORDER BY s.sv, c.row_id DESC)
  SELECT 'dso_rules' AS role, x.* FROM dso_rules x
  UNION ALL SELECT 'amulet_rules', x.* FROM amulet_rules x
  UNION ALL SELECT 'latest_mining_round', x.* FROM latest_round x
  UNION ALL SELECT 'sv_node_state', x.* FROM node_states x
  ORDER BY role, ord`;
const DSO_CONTRACTS_PARAMS = params.values;

// The SvNodeState payloads of the SVs listed in the current DsoRules, in that order (compact
// payloads only: no blob is derived). Served by ix_contracts_active_template.
const SV_NODE_STATES = (() => {
  const p = new SqlParams();
  const text = `
  WITH m AS (SELECT ${NEWEST_MIGRATION} AS id),
  dso_rules AS (
    SELECT c.payload_compact FROM contracts c
     WHERE ${p.template(T.DsoRules)} AND ${current} ORDER BY c.row_id DESC LIMIT 1),
  svs AS (
    SELECT e.pair->>0 AS sv, e.ord FROM dso_rules d, json_array_elements(d.payload_compact->'svs') WITH ORDINALITY AS e(pair, ord))
  SELECT DISTINCT ON (s.ord) c.payload_compact AS payload FROM contracts c JOIN svs s ON s.sv = c.payload_compact->>'sv'
   WHERE ${p.template(T.SvNodeState)} AND ${current}
     AND c.payload_compact->>'dso' = (SELECT d.payload_compact->>'dso' FROM dso_rules d)
   ORDER BY s.ord, c.row_id DESC`;
  return { text, values: p.values };
})();

/** Reads of the DSO's governance and configuration contracts. */
export class DsoRepository {
  constructor(
    private readonly db: Db,
    private readonly active: ActiveContractsRepository,
  ) {}

  /** The current AmuletRules, if any. */
  lookupAmuletRules(): Promise<ActiveContract | undefined> {
    return this.active.lookupLatestByTemplate(SpliceTemplates.AmuletRules.qualifiedName);
  }

  async loadDsoContracts(): Promise<DsoContracts> {
    const rows: (ContractRow & { role: Role })[] = await this.db.query(
      DSO_CONTRACTS_SQL,
      DSO_CONTRACTS_PARAMS,
    );
    const result: DsoContracts = { svNodeStates: [] };
    for (const row of rows) {
      const contract = toActiveContract(row);
      switch (row.role) {
        case 'dso_rules':
          result.dsoRules = contract;
          break;
        case 'amulet_rules':
          result.amuletRules = contract;
          break;
        case 'latest_mining_round':
          result.latestMiningRound = contract;
          break;
        case 'sv_node_state':
          result.svNodeStates.push(contract);
          break;
      }
    }
    return result;
  }

  /**
   * The compact payloads of the current SvNodeStates of the SVs listed in the current DsoRules
   * (the newest one per SV), in the DsoRules' SV order; empty without DsoRules.
   */
  async listSvNodeStatePayloads(): Promise<CompactRecord[]> {
    const rows: { payload: CompactRecord }[] = await this.db.query(
      SV_NODE_STATES.text,
      SV_NODE_STATES.values,
    );
    return rows.map((r) => r.payload);
  }

  /** The lowest mining round this node knows of (the round its history starts from), if any. */
  async lookupInitialRound(): Promise<string | undefined> {
    const rows: { round: string | null }[] = await this.db.query(
      `SELECT min(round)::text AS round FROM mining_rounds`,
    );
    return rows[0]?.round ?? undefined;
  }
}
