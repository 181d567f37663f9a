import type { RewardInputs } from '../scan/rewards/reward-issuance';
import {
  closedRoundOf,
  holdingOf,
  licenseOf,
  openRoundOf,
  qualifiedName,
  voteResultOf,
  type VoteResultFacts,
} from './derived-rows';
import type { ContractDraft } from './history-row-builder';
import type { HistoryContractRow } from './history-rows';
import type { HistoryExercisedEvent } from './update-history.types';
import type { ParsedUpdate } from './update-validation';

/** A row of `amulet_holdings`. */
export interface HoldingRow {
  contract_row_id: string;
  migration_id: number;
  owner: string;
  /** `parties.id` of `owner`, the stored column (set by `assignPartyIds`; never written unset). */
  owner_id?: number;
  amount: string;
  locked: boolean;
  created_record_time: string;
  archived_record_time: string | null;
}

/** A row of `validator_licenses`. */
export interface LicenseRow {
  contract_row_id: string;
  migration_id: number;
  validator: string;
  first_received_round: string | null;
  last_received_round: string | null;
  num_rounds_missed: string | null;
  created_record_time: string;
  archived_record_time: string | null;
}

/** An opened round, with the reward inputs its OpenMiningRound carries (null: pre-CIP-0104). */
export interface OpenedRound {
  round: string;
  migrationId: number;
  opensAt: string;
  openedRecordTime: string;
  inputs: RewardInputs | null;
}

export interface ClosedRound {
  round: string;
  recordTime: string;
}

/** A closed vote request, its update not yet resolved to a row id. */
export type VoteResult = VoteResultFacts & { updateId: string; nodeId: number };

/** A row of `vote_results`. */
export interface VoteResultRow {
  update_row_id: string;
  node_id: number;
  action_name: string;
  accepted: boolean;
  outcome: string;
  requester: string;
  effective_at: string;
  completed_at: string;
}

/**
 * The derived facts of a batch that depend on the order of its events: rounds opened (with
 * the reward inputs of their OpenMiningRound), rounds closed, votes closed.
 */
export class BatchDerivedFacts {
  readonly openedRounds: OpenedRound[] = [];
  readonly closedRounds: ClosedRound[] = [];
  readonly voteResults: VoteResult[] = [];

  contractCreated(p: ParsedUpdate, row: ContractDraft): void {
    const name = qualifiedName(row.package_name, row.template_id);
    const payload = row.payload_compact;
    const open = openRoundOf(name, payload, row.contract_id);
    if (open)
      this.openedRounds.push({
        round: open.round,
        migrationId: p.migrationId,
        opensAt: open.opensAt,
        openedRecordTime: p.recordTime,
        inputs: open.inputs,
      });
    const closed = closedRoundOf(name, payload, row.contract_id);
    if (closed) this.closedRounds.push({ round: closed, recordTime: p.recordTime });
  }

  /** `compact`: the exercise's payloads are compact already (compact-only history). */
  exercised(updateId: string, nodeId: number, e: HistoryExercisedEvent, compact: boolean): void {
    const vote = voteResultOf(e.choice, e.exercise_result, compact, `${updateId}:${nodeId}`);
    if (vote) this.voteResults.push({ ...vote, updateId, nodeId });
  }
}

/** The derived rows of new contracts (row ids reserved): holdings and validator licences. */
export function contractDerivedRows(contracts: readonly HistoryContractRow[]): {
  holdings: HoldingRow[];
  licenses: LicenseRow[];
} {
  const holdings: HoldingRow[] = [];
  const licenses: LicenseRow[] = [];
  for (const c of contracts) {
    const name = `${c.package_name}:${c.module_name}:${c.entity_name}`;
    const times = {
      created_record_time: c.created_record_time,
      archived_record_time: c.archived_record_time,
    };
    const holding = holdingOf(name, c.payload_compact, c.contract_id);
    if (holding)
      holdings.push({ contract_row_id: c.row_id, migration_id: c.migration_id, ...holding, ...times });
    const license = licenseOf(name, c.payload_compact, c.contract_id);
    if (license)
      licenses.push({
        contract_row_id: c.row_id,
        migration_id: c.migration_id,
        validator: license.validator,
        first_received_round: license.faucet?.firstReceivedRound ?? null,
        last_received_round: license.faucet?.lastReceivedRound ?? null,
        num_rounds_missed: license.faucet?.numCouponsMissed ?? null,
        ...times,
      });
  }
  return { holdings, licenses };
}

export function voteResultRows(
  votes: readonly VoteResult[],
  updateRowIds: ReadonlyMap<string, string>,
): VoteResultRow[] {
  return votes.map((r) => ({
    update_row_id: updateRowIds.get(r.updateId)!,
    node_id: r.nodeId,
    action_name: r.actionName,
    accepted: r.accepted,
    outcome: r.outcome,
    requester: r.requester,
    effective_at: r.effectiveAt,
    completed_at: r.completedAt,
  }));
}
