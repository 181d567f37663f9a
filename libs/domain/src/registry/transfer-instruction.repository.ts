import { prepared, type Db } from '../database/db';
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

/** A receiver's TransferPreapproval usable now, and the FeaturedAppRight of its provider. */
export interface PreapprovalContracts {
  preapproval?: ActiveContract;
  featuredAppRight?: ActiveContract;
}

/** How a transfer instruction stands in the stored history. */
export type TransferInstructionState =
  | { status: 'unknown' }
  | { status: 'archived'; choice: string | undefined; archivedAt: string }
  | { status: 'pending'; instruction: ActiveContract; lockedAmulet?: ActiveContract };

const T = SpliceTemplates;
const CURRENT = `c.archived_record_time IS NULL AND c.migration_id = (SELECT id FROM m)`;
const SIGNED_BY_DSO = `c.signatories @> (SELECT r.signatories FROM amulet_rules r)`;

/**
 * `$1` is the receiver. The newest current TransferPreapproval of the receiver signed by the DSO
 * that has not expired by the registry's "now" (the record time of the newest ingested update),
 * and the current FeaturedAppRight of its provider. Both branches read ix_contracts_active_template.
 */
function preapprovalStatement(): { text: string; values: unknown[] } {
  const p = new SqlParams();
  const receiver = p.add(null);
  const text = `WITH m AS MATERIALIZED (SELECT ${NEWEST_MIGRATION} AS id),
  ledger_time AS (
    SELECT u.record_time AS t FROM updates u WHERE u.record_time > ${p.add(IMPORT_RECORD_TIME)}::timestamptz
     ORDER BY u.migration_id DESC, u.record_time DESC LIMIT 1),
  amulet_rules AS (
    SELECT c.signatories FROM contracts c WHERE ${p.template(T.AmuletRules)} AND ${CURRENT} ORDER BY c.row_id DESC LIMIT 1),
  preapproval_row AS MATERIALIZED (
    SELECT ${CONTRACT_ROW_COLUMNS} FROM contracts c
     WHERE ${p.template(T.TransferPreapproval)} AND ${CURRENT} AND ${SIGNED_BY_DSO}
       AND c.payload_compact->>'receiver' = ${receiver}
       AND (c.payload_compact->>'expiresAt')::timestamptz > (SELECT t FROM ledger_time)
     ORDER BY c.row_id DESC LIMIT 1),
  preapproval AS (SELECT ${CONTRACT_COLUMNS} FROM preapproval_row c),
  featured AS (
    SELECT ${CONTRACT_COLUMNS} FROM contracts c
     WHERE ${p.template(T.FeaturedAppRight)} AND ${CURRENT} AND ${SIGNED_BY_DSO}
       AND c.payload_compact->>'provider' = (SELECT r.payload_compact->>'provider' FROM preapproval_row r)
     ORDER BY c.row_id DESC LIMIT 1)
  SELECT 'preapproval' AS role, x.* FROM preapproval x
  UNION ALL SELECT 'featured-app-right', x.* FROM featured x`;
  return { text, values: p.values };
}

/**
 * `$1` is the instruction id. Its row of the newest migration holding it, archived or not (a
 * contract archived before a migration is not re-imported: its last row is in an older one), with
 * the choice that archived it (the archiving event, pk_events). Rows are looked up by contract id
 * first (ux_contracts_contract_migration, probing each migration), then checked for template. The
 * LockedAmulet is read as the allocation's is: active in the newest migration, or in flight.
 */
function instructionStatement(): { text: string; values: unknown[] } {
  const p = new SqlParams();
  const instructionId = p.add(null);
  const lookupColumns = `${CONTRACT_ROW_COLUMNS}, c.archived_record_time, c.archived_update_row_id, c.archived_node_id`;
  const anyMigration = `c.migration_id = ANY (ARRAY(SELECT generate_series(0, (SELECT id FROM m))))`;
  const text = `WITH m AS MATERIALIZED (SELECT ${NEWEST_MIGRATION} AS id),
  instruction_row AS MATERIALIZED (
    SELECT ${lookupColumns} FROM contracts c
     WHERE ${anyMigration} AND c.contract_id = ${instructionId} AND ${p.template(T.AmuletTransferInstruction)}
     ORDER BY c.migration_id DESC LIMIT 1),
  instruction AS (
    SELECT ${CONTRACT_COLUMNS}, c.archived_record_time,
           (SELECT e.choice FROM events e WHERE e.update_row_id = c.archived_update_row_id AND e.node_id = c.archived_node_id) AS archived_by
      FROM instruction_row c),
  locked_rows AS MATERIALIZED (
    SELECT ${lookupColumns} FROM contracts c
     WHERE ${anyMigration}
       AND c.contract_id = (SELECT i.payload_compact->>'lockedAmulet' FROM instruction_row i WHERE i.archived_record_time IS NULL)),
  locked AS (
    SELECT ${CONTRACT_COLUMNS}, NULL::timestamptz AS archived_record_time, NULL::text AS archived_by FROM locked_rows c
     WHERE c.archived_record_time IS NULL AND (c.migration_id = (SELECT id FROM m) OR c.in_flight) AND ${p.template(T.LockedAmulet)}
     ORDER BY c.migration_id DESC LIMIT 1)
  SELECT 'instruction' AS role, x.* FROM instruction x
  UNION ALL SELECT 'locked-amulet', x.* FROM locked x`;
  return { text, values: p.values };
}

const PREAPPROVAL = preapprovalStatement();
const PREAPPROVAL_STATEMENT = prepared('registry_transfer_preapproval', PREAPPROVAL.text);
const INSTRUCTION = instructionStatement();
const INSTRUCTION_STATEMENT = prepared('registry_transfer_instruction', INSTRUCTION.text);

type InstructionRow = ContractRow & {
  role: 'instruction' | 'locked-amulet';
  archived_record_time: string | Date | null;
  archived_by: string | null;
};

/** Reads of the token registry's transfer-instruction API (docs/token-registry.md "Transfers"). */
export class TransferInstructionRepository {
  constructor(private readonly db: Db) {}

  /** The receiver's usable TransferPreapproval and its provider's FeaturedAppRight (see preapprovalStatement). */
  async lookupPreapproval(receiver: string): Promise<PreapprovalContracts> {
    const rows = await this.db.query<ContractRow & { role: 'preapproval' | 'featured-app-right' }>(
      PREAPPROVAL_STATEMENT,
      [receiver, ...PREAPPROVAL.values.slice(1)],
    );
    const result: PreapprovalContracts = {};
    for (const row of rows) {
      if (row.role === 'preapproval') result.preapproval = toActiveContract(row);
      else result.featuredAppRight = toActiveContract(row);
    }
    return result;
  }

  /** Whether the AmuletTransferInstruction is pending (with its LockedAmulet), archived, or was never recorded. */
  async lookupTransferInstruction(instructionId: string): Promise<TransferInstructionState> {
    const rows = await this.db.query<InstructionRow>(INSTRUCTION_STATEMENT, [
      instructionId,
      ...INSTRUCTION.values.slice(1),
    ]);
    const instruction = rows.find((r) => r.role === 'instruction');
    if (!instruction) return { status: 'unknown' };
    if (instruction.archived_record_time !== null) {
      const at = instruction.archived_record_time;
      return {
        status: 'archived',
        choice: instruction.archived_by ?? undefined,
        archivedAt: at instanceof Date ? at.toISOString() : at,
      };
    }
    const locked = rows.find((r) => r.role === 'locked-amulet');
    return {
      status: 'pending',
      instruction: toActiveContract(instruction),
      ...(locked ? { lockedAmulet: toActiveContract(locked) } : {}),
    };
  }
}
