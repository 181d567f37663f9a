import type { AmuletRulesPayload } from '../splice/amulet-rules.payloads';
import {
  closedRoundOf,
  holdingOf,
  licenseOf,
  openRoundOf,
  Q,
  qualifiedName,
  rewardConfigAt,
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

/** An opened round; `rules` is the AmuletRules created earlier in the batch, else the stored one applies. */
export interface OpenedRound {
  round: string;
  migrationId: number;
  opensAt: string;
  openedRecordTime: string;
  rules?: AmuletRulesPayload;
}

/** A row of `mining_rounds` as opened (its reward configuration resolved). */
export interface MiningRoundRow {
  round: string;
  migrationId: number;
  opensAt: string;
  openedRecordTime: string;
  pool: string | null;
  threshold: string | null;
  cap: string | null;
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
 * the AmuletRules in force at that point of the batch), rounds closed, votes closed.
 */
export class BatchDerivedFacts {
  readonly openedRounds: OpenedRound[] = [];
  readonly closedRounds: ClosedRound[] = [];
  readonly voteResults: VoteResult[] = [];
  /** AmuletRules created in this batch so far (before that, the stored one applies). */
  private amuletRules?: AmuletRulesPayload;

  contractCreated(p: ParsedUpdate, row: ContractDraft): void {
    const name = qualifiedName(row.package_name, row.template_id);
    const payload = row.payload_compact;
    if (name === Q.AmuletRules) this.amuletRules = payload as unknown as AmuletRulesPayload;
    const open = openRoundOf(name, payload, row.contract_id);
    if (open)
      this.openedRounds.push({
        round: open.round,
        migrationId: p.migrationId,
        opensAt: open.opensAt,
        openedRecordTime: p.recordTime,
        rules: this.amuletRules,
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

/** Opened rounds with their reward configuration: `storedRules` applies to those opened before any AmuletRules of the batch. */
export function miningRoundRows(
  opened: readonly OpenedRound[],
  storedRules: AmuletRulesPayload | undefined,
): MiningRoundRow[] {
  return opened.map(({ rules, ...m }) => {
    const applying = rules ?? storedRules;
    const reward = applying ? rewardConfigAt(applying, m.opensAt) : undefined;
    return {
      ...m,
      pool: reward?.pool ?? null,
      threshold: reward?.threshold ?? null,
      cap: reward?.capPerWeight ?? null,
    };
  });
}
