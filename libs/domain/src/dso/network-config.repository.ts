import type { Db } from '../database/db';
import type { ActiveContract } from '../contracts/active-contracts.repository';
import type { CompactRecord } from '../daml-value/daml-value.types';
import { SpliceTemplates } from '../splice/splice-templates';
import { MAX_CURRENT_LIST } from './dso-contract-lists.repository';
import {
  CONTRACT_COLUMNS,
  NEWEST_MIGRATION,
  SqlParams,
  toActiveContract,
  type ContractRow,
} from './current-contracts.sql';

const T = SpliceTemplates;
/** `Splice.DSO.AmuletPrice:AmuletPriceVote`: an SV's vote on the amulet price (the simulator makes none). */
export const AMULET_PRICE_VOTE = {
  packageName: 'splice-dso-governance',
  moduleName: 'Splice.DSO.AmuletPrice',
  entityName: 'AmuletPriceVote',
} as const;

const CURRENT = `c.archived_record_time IS NULL AND c.migration_id = (SELECT id FROM m)`;

const DSO_RULES_CONFIG = (() => {
  const p = new SqlParams();
  return `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id)
    SELECT c.payload_compact->'config' AS config FROM contracts c
     WHERE ${p.template(T.DsoRules)} AND ${CURRENT} ORDER BY c.row_id DESC LIMIT 1`;
})();

// The round's OpenMiningRound, archived or not, in the migration that opened it (mining_rounds'
// primary key), within that migration's OpenMiningRounds (ix_contracts_template), signed by the
// DSO of the current DsoRules.
const OPEN_ROUND = (() => {
  const p = new SqlParams();
  const round = p.add(null);
  return `WITH mr AS (SELECT r.migration_id FROM mining_rounds r WHERE r.round = ${round}),
    m AS (SELECT ${NEWEST_MIGRATION} AS id),
    dso AS (SELECT c.payload_compact->>'dso' AS party FROM contracts c
             WHERE ${p.template(T.DsoRules)} AND ${CURRENT} ORDER BY c.row_id DESC LIMIT 1)
    SELECT ${CONTRACT_COLUMNS} FROM contracts c
     WHERE ${p.template(T.OpenMiningRound)} AND c.migration_id = (SELECT mr.migration_id FROM mr)
       AND c.payload_compact->'round'->>'number' = ${round}::text
       AND (SELECT d.party FROM dso d) = ANY (c.signatories)
     ORDER BY c.row_id DESC LIMIT 1`;
})();

const PRICE_VOTES = (() => {
  const p = new SqlParams();
  return `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id),
    dso AS (SELECT c.payload_compact->>'dso' AS party FROM contracts c
             WHERE ${p.template(T.DsoRules)} AND ${CURRENT} ORDER BY c.row_id DESC LIMIT 1)
    SELECT ${CONTRACT_COLUMNS} FROM contracts c
     WHERE ${p.template(AMULET_PRICE_VOTE)} AND ${CURRENT} AND (SELECT d.party FROM dso d) = ANY (c.signatories)
     ORDER BY c.row_id LIMIT ${MAX_CURRENT_LIST}`;
})();

/** Reads of the network's configuration as the DSO's contracts hold it. */
export class NetworkConfigRepository {
  constructor(private readonly db: Db) {}

  /** The `config` of the current DsoRules, if any. */
  async lookupDsoRulesConfig(): Promise<CompactRecord | undefined> {
    const rows = await this.db.query<{ config: CompactRecord | null }>(DSO_RULES_CONFIG, []);
    return rows[0]?.config ?? undefined;
  }

  /** The OpenMiningRound of round `round` (archived or not), if this node recorded its opening. */
  async lookupOpenMiningRound(round: number): Promise<ActiveContract | undefined> {
    const rows = await this.db.query<ContractRow>(OPEN_ROUND, [String(round)]);
    return rows[0] ? toActiveContract(rows[0]) : undefined;
  }

  /** The current AmuletPriceVotes signed by the DSO, oldest first. */
  async listAmuletPriceVotes(): Promise<ActiveContract[]> {
    const rows = await this.db.query<ContractRow>(PRICE_VOTES, []);
    return rows.map(toActiveContract);
  }
}
