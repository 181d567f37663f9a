import type { Db } from '../database/db';
import type { ActiveContract } from '../contracts/active-contracts.repository';
import { IMPORT_RECORD_TIME } from '../history/update-history.types';
import { SpliceTemplates } from '../splice/splice-templates';
import {
  CONTRACT_COLUMNS,
  NEWEST_MIGRATION,
  SqlParams,
  toActiveContract,
  type ContractRow,
} from './current-contracts.sql';

/** The current open and issuing mining rounds, each list in ascending round order. */
export interface MiningRounds {
  open: ActiveContract[];
  issuing: ActiveContract[];
  /** The record time of the newest ingested update (this node's "now"), if any. */
  ledgerTime: string | undefined;
}

const T = SpliceTemplates;
const CURRENT = `c.archived_record_time IS NULL AND c.migration_id = (SELECT id FROM m)`;
// The DSO's contracts: AmuletRules' only signatory is the DSO party (read without detoasting its payload).
const DSO_PARTY = (p: SqlParams) => `dso AS (
    SELECT c.signatories FROM contracts c WHERE ${p.template(T.AmuletRules)} AND ${CURRENT} ORDER BY c.row_id DESC LIMIT 1)`;
const SIGNED_BY_DSO = `c.signatories @> (SELECT d.signatories FROM dso d)`;

function dsoPartyIdStatement() {
  const p = new SqlParams();
  const text = `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id)
    SELECT c.payload_compact->>'dso' AS dso FROM contracts c
     WHERE ${p.template(T.DsoRules)} AND ${CURRENT} ORDER BY c.row_id DESC LIMIT 1`;
  return { text, values: p.values };
}

function featuredAppRightStatement() {
  const p = new SqlParams();
  const provider = p.add(null);
  const text = `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id), ${DSO_PARTY(p)}
    SELECT ${CONTRACT_COLUMNS} FROM contracts c
     WHERE ${p.template(T.FeaturedAppRight)} AND ${CURRENT} AND ${SIGNED_BY_DSO}
       AND c.payload_compact->>'provider' = ${provider}
     ORDER BY c.row_id DESC LIMIT 1`;
  return { text, values: p.values };
}

function transferPreapprovalStatement() {
  const p = new SqlParams();
  const receiver = p.add(null);
  const text = `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id), ${DSO_PARTY(p)}
    SELECT ${CONTRACT_COLUMNS} FROM contracts c
     WHERE ${p.template(T.TransferPreapproval)} AND ${CURRENT} AND ${SIGNED_BY_DSO}
       AND c.payload_compact->>'receiver' = ${receiver}
     ORDER BY c.row_id DESC LIMIT 1`;
  return { text, values: p.values };
}

// One statement for both lists and the ledger time; each branch is served by ix_contracts_active_template.
function miningRoundsStatement() {
  const p = new SqlParams();
  const round = `(c.payload_compact->'round'->>'number')::numeric`;
  const text = `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id), ${DSO_PARTY(p)},
  ledger_time AS (
    SELECT u.record_time AS t FROM updates u WHERE u.record_time > ${p.add(IMPORT_RECORD_TIME)}::timestamptz
     ORDER BY u.migration_id DESC, u.record_time DESC LIMIT 1),
  rounds AS (
    SELECT 'open' AS role, ${round} AS round, ${CONTRACT_COLUMNS} FROM contracts c
     WHERE ${p.template(T.OpenMiningRound)} AND ${CURRENT} AND ${SIGNED_BY_DSO}
    UNION ALL
    SELECT 'issuing', ${round}, ${CONTRACT_COLUMNS} FROM contracts c
     WHERE ${p.template(T.IssuingMiningRound)} AND ${CURRENT} AND ${SIGNED_BY_DSO})
  SELECT lt.t AS ledger_time, r.* FROM (SELECT (SELECT t FROM ledger_time) AS t) lt
    LEFT JOIN rounds r ON true
   ORDER BY r.role, r.round, r.row_id`;
  return { text, values: p.values };
}

const DSO_PARTY_ID = dsoPartyIdStatement();
const FEATURED_APP_RIGHT = featuredAppRightStatement();
const MINING_ROUNDS = miningRoundsStatement();
const TRANSFER_PREAPPROVAL = transferPreapprovalStatement();

type RoundRow = ContractRow & { role: 'open' | 'issuing' | null; ledger_time: string | null };

/** Reads of the DSO's contracts that wallets fetch on their own (docs/current-contracts.md "Contracts wallets fetch"). */
export class NetworkContractsRepository {
  constructor(private readonly db: Db) {}

  /** The DSO party named by the current DsoRules, if any. */
  async lookupDsoPartyId(): Promise<string | undefined> {
    const rows = await this.db.query<{ dso: string }>(DSO_PARTY_ID.text, DSO_PARTY_ID.values);
    return rows[0]?.dso;
  }

  /** The newest current FeaturedAppRight of the provider signed by the DSO, if any. */
  async lookupFeaturedAppRight(provider: string): Promise<ActiveContract | undefined> {
    const rows = await this.db.query<ContractRow>(FEATURED_APP_RIGHT.text, [
      provider,
      ...FEATURED_APP_RIGHT.values.slice(1),
    ]);
    return rows[0] ? toActiveContract(rows[0]) : undefined;
  }

  /** The newest current TransferPreapproval of the receiver signed by the DSO, if any. */
  async lookupTransferPreapproval(receiver: string): Promise<ActiveContract | undefined> {
    const rows = await this.db.query<ContractRow>(TRANSFER_PREAPPROVAL.text, [
      receiver,
      ...TRANSFER_PREAPPROVAL.values.slice(1),
    ]);
    return rows[0] ? toActiveContract(rows[0]) : undefined;
  }

  /** The current OpenMiningRound and IssuingMiningRound contracts signed by the DSO. */
  async loadMiningRounds(): Promise<MiningRounds> {
    const rows = await this.db.query<RoundRow>(MINING_ROUNDS.text, MINING_ROUNDS.values);
    const result: MiningRounds = { open: [], issuing: [], ledgerTime: rows[0]?.ledger_time ?? undefined };
    for (const row of rows) if (row.role !== null) result[row.role].push(toActiveContract(row));
    return result;
  }
}
