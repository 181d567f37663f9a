import {
  type CompactValue,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type HistoryTransaction,
  type HistoryUpdate,
  isTransaction,
  toCompact,
} from '@canton-scan/domain';
import {
  AMULET,
  amuletAmountOf,
  ISSUING_MINING_ROUND,
  LOCKED_AMULET,
  OPEN_MINING_ROUND,
  qualifiedName,
  REWARD_COUPONS,
} from './amulet-payloads';
import { damlFieldsProblems, damlTypeProblems } from './daml-type-check';
import { decimal, formatUnits } from './daml-decimal-rounding';
import { ROOT_CHOICES, ROOT_CREATES } from './root-allow-list';
import { SPLICE_CHOICE_NAMES, SPLICE_CHOICES, SPLICE_TEMPLATES } from './splice-daml-facts';
import { checkTransferLike, PAYMENT_CHOICES, type TransferLedger } from './transfer-checks';

/**
 * What the checks look at:
 * - `root`: every root exercise and root create is one of the workflows Splice runs (ROOT_CHOICES, ROOT_CREATES);
 * - `daml`: every choice argument, exercise result and created payload parses against Splice's Daml field lists;
 * - `conservation`: every transfer's inputs equal its outputs plus fees, by its summary and by the
 *   amulets it archives and creates;
 * - `fees`: every transfer's fees follow Amulet's formulas at the open round's amulet price;
 * - `supply`: what transactions mint and burn (by their exercise results) accounts for every change
 *   of the sum of amulet balances, so the total supply equals the sum of balances.
 */
export type HistoryRule = 'root' | 'daml' | 'conservation' | 'fees' | 'supply';

export interface HistoryViolation {
  readonly rule: HistoryRule;
  /** What broke the rule: a choice, a template, a root; the same for every occurrence. */
  readonly subject: string;
  /** What is wrong, without amounts or ids: the same for every occurrence. */
  readonly problem: string;
  readonly updateId: string;
  /** Amounts and ids of this occurrence. */
  readonly detail?: string;
}

/** One line per kind of violation: rule, subject and problem. */
export function violationKind(v: Pick<HistoryViolation, 'rule' | 'subject' | 'problem'>): string {
  return `${v.rule} | ${v.subject} | ${v.problem}`;
}

export interface ViolationTally {
  readonly count: number;
  readonly example: HistoryViolation;
}

/**
 * Checks a history update by update, holding only the amulets' amounts and the open rounds, and
 * tallies the violations by kind (`violationKind`). Import updates (the first updates of a
 * migration) re-create contracts and are not transactions of a workflow: they are read, not checked.
 */
export class HistoryChecker implements TransferLedger {
  private readonly tallies = new Map<string, { count: number; example: HistoryViolation }>();
  /** Initial amount of every active Amulet and LockedAmulet. */
  readonly amuletAmounts = new Map<string, bigint>();
  /** Payload (compact) of every OpenMiningRound seen, by round number. */
  readonly openRounds = new Map<string, CompactValue>();
  /** Payload (compact) of every IssuingMiningRound seen, by round number. */
  readonly issuingRounds = new Map<string, CompactValue>();
  readonly rewardCoupons = new Map<string, { template: string; payload: CompactValue }>();
  private totalSupply = 0n;
  private sumOfBalances = 0n;
  transactions = 0;
  transfers = 0;

  observe(update: HistoryUpdate): void {
    if (!isTransaction(update)) return;
    if (update.offset === '') {
      for (const event of Object.values(update.events_by_id))
        if (event.event_type === 'created_event' && !this.amuletAmounts.has(event.contract_id)) {
          const amount = this.track(event);
          this.totalSupply += amount;
          this.sumOfBalances += amount;
        }
      return;
    }
    this.transactions++;
    this.checkRoots(update);
    for (const event of Object.values(update.events_by_id)) this.checkDaml(update, event);
    const moved = this.checkTransfersAndMints(update);
    this.applyAndCheckSupply(update, moved);
  }

  /** Violations by kind, with their count and a first example; the end-of-history supply check included. */
  report(): Map<string, ViolationTally> {
    const out = new Map(this.tallies);
    if (this.totalSupply !== this.sumOfBalances) {
      const v: HistoryViolation = {
        rule: 'supply',
        subject: 'the whole history',
        problem: 'total supply (minted less burnt) differs from the sum of amulet balances',
        updateId: '',
        detail: `supply ${formatUnits(this.totalSupply)}, balances ${formatUnits(this.sumOfBalances)}`,
      };
      out.set(violationKind(v), { count: 1, example: v });
    }
    return out;
  }

  flag(v: HistoryViolation): void {
    const kind = violationKind(v);
    const tally = this.tallies.get(kind);
    if (tally) tally.count++;
    else this.tallies.set(kind, { count: 1, example: v });
  }

  private checkRoots(tx: HistoryTransaction): void {
    for (const id of tx.root_event_ids) {
      const event = tx.events_by_id[id];
      if (event.event_type === 'created_event') {
        const template = qualifiedName(event.template_id);
        if (!ROOT_CREATES.has(template))
          this.flag({
            rule: 'root',
            subject: `create ${template}`,
            problem: 'not a root create of a Splice workflow',
            updateId: tx.update_id,
          });
      } else if (!ROOT_CHOICES.has(event.choice)) {
        this.flag({
          rule: 'root',
          subject: `${qualifiedName(event.template_id)} ${event.choice}`,
          problem: 'not a root choice of a Splice workflow',
          updateId: tx.update_id,
        });
      }
    }
  }

  private checkDaml(tx: HistoryTransaction, event: HistoryCreatedEvent | HistoryExercisedEvent): void {
    const problems = (subject: string, list: string[]): void => {
      for (const problem of list) this.flag({ rule: 'daml', subject, problem, updateId: tx.update_id });
    };
    if (event.event_type === 'created_event') {
      const template = qualifiedName(event.template_id);
      const fields = SPLICE_TEMPLATES[template];
      if (!fields) problems(`create ${template}`, ['not a template of Splice’s Daml']);
      else problems(`create ${template}`, damlFieldsProblems(event.create_arguments, fields, 'payload'));
      return;
    }
    const on = qualifiedName(event.interface_id ?? event.template_id);
    const key = `${on}:${event.choice}`;
    if (event.choice === 'Archive') {
      problems(key, [
        ...damlFieldsProblems(event.choice_argument, {}, 'argument'),
        ...damlTypeProblems(event.exercise_result, 'Unit', 'result'),
      ]);
      return;
    }
    const facts = SPLICE_CHOICES[key];
    if (!facts) {
      problems(key, [
        SPLICE_CHOICE_NAMES.has(key)
          ? 'a choice of Splice’s Daml not described in splice-daml-facts.ts'
          : 'not a choice of Splice’s Daml',
      ]);
      return;
    }
    problems(key, [
      ...damlFieldsProblems(event.choice_argument, facts.argument, 'argument'),
      ...damlTypeProblems(event.exercise_result, facts.result, 'result'),
    ]);
  }

  /** Checks the transfers and returns what the transaction mints less what it burns, by its exercises. */
  private checkTransfersAndMints(tx: HistoryTransaction): bigint {
    let moved = 0n;
    const events = Object.values(tx.events_by_id);
    const childChoices = (event: HistoryExercisedEvent): Set<string> => {
      const out = new Set<string>();
      const walk = (ids: readonly string[]): void => {
        for (const id of ids) {
          const child = tx.events_by_id[id];
          if (child?.event_type !== 'exercised_event') continue;
          out.add(child.choice);
          walk(child.child_event_ids);
        }
      };
      walk(event.child_event_ids);
      return out;
    };
    for (const event of events) {
      if (event.event_type !== 'exercised_event') continue;
      switch (event.choice) {
        case 'AmuletRules_Mint':
          moved += amountArgument(event);
          break;
        case 'AmuletRules_DevNet_Tap':
          // 0.1.22's tap exercises AmuletRules_Mint, which then counts the amount.
          if (!childChoices(event).has('AmuletRules_Mint')) moved += amountArgument(event);
          break;
        default:
          if (event.choice === 'AmuletRules_Transfer' || PAYMENT_CHOICES.has(event.choice)) {
            this.transfers++;
            const nestedTransfer =
              PAYMENT_CHOICES.has(event.choice) && childChoices(event).has('AmuletRules_Transfer');
            moved += checkTransferLike(this, tx, event, rootChoiceOf(tx, event), nestedTransfer);
          } else if (
            event.consuming &&
            /Expire/.test(event.choice) &&
            [AMULET, LOCKED_AMULET].includes(qualifiedName(event.template_id))
          )
            moved -= this.amuletAmounts.get(event.contract_id) ?? 0n;
          else if (
            event.choice === 'Archive' &&
            qualifiedName(event.template_id) === AMULET &&
            ANS_PAYMENT_COLLECTIONS.has(parentChoiceOf(tx, event.event_id))
          )
            // The name service burns the amulet it is paid (AnsRules' `fetchAndArchive` of the DSO's amulet),
            // created by the payment's transfer earlier in the same transaction.
            moved -= this.amuletAmounts.get(event.contract_id) ?? createdAmuletAmount(tx, event.contract_id);
      }
    }
    return moved;
  }

  private applyAndCheckSupply(tx: HistoryTransaction, moved: bigint): void {
    let delta = 0n;
    for (const event of Object.values(tx.events_by_id)) {
      if (event.event_type === 'created_event') delta += this.track(event);
      else if (event.consuming) {
        this.rewardCoupons.delete(event.contract_id);
        const amount = this.amuletAmounts.get(event.contract_id);
        if (amount !== undefined) {
          delta -= amount;
          this.amuletAmounts.delete(event.contract_id);
        }
      }
    }
    this.totalSupply += moved;
    this.sumOfBalances += delta;
    if (delta !== moved) {
      const root = tx.events_by_id[tx.root_event_ids[0]];
      this.flag({
        rule: 'supply',
        subject:
          root.event_type === 'created_event' ? `create ${qualifiedName(root.template_id)}` : root.choice,
        problem: 'amulet balances change by other than what its exercises mint and burn',
        updateId: tx.update_id,
        detail: `balances change by ${formatUnits(delta)}, minted less burnt ${formatUnits(moved)}`,
      });
    }
  }

  /** Records an amulet's amount or an open round's payload; returns the amulet amount created (0 for anything else). */
  private track(event: HistoryCreatedEvent): bigint {
    const template = qualifiedName(event.template_id);
    if (template === OPEN_MINING_ROUND || template === ISSUING_MINING_ROUND) {
      const payload = toCompact(event.create_arguments, 'ledger') as { round?: { number?: string } };
      const rounds = template === OPEN_MINING_ROUND ? this.openRounds : this.issuingRounds;
      if (payload.round?.number !== undefined) rounds.set(payload.round.number, payload);
      return 0n;
    }
    if (REWARD_COUPONS.has(template)) {
      this.rewardCoupons.set(event.contract_id, {
        template,
        payload: toCompact(event.create_arguments, 'ledger'),
      });
      return 0n;
    }
    if (template !== AMULET && template !== LOCKED_AMULET) return 0n;
    const amount = amuletAmountOf(template, toCompact(event.create_arguments, 'ledger'));
    if (amount === undefined) return 0n;
    this.amuletAmounts.set(event.contract_id, amount);
    return amount;
  }
}

function amountArgument(event: HistoryExercisedEvent): bigint {
  const arg = toCompact(event.choice_argument, 'ledger') as { amount?: unknown };
  return typeof arg.amount === 'string' ? decimal(arg.amount) : 0n;
}

/** The root choice (or create) a nested event belongs to, or '' when it is a root itself. */
/** The choices in which the DSO burns the amulet a name's subscription paid it. */
const ANS_PAYMENT_COLLECTIONS: ReadonlySet<string> = new Set([
  'AnsRules_CollectInitialEntryPayment',
  'AnsRules_CollectEntryRenewalPayment',
]);

function createdAmuletAmount(tx: HistoryTransaction, contractId: string): bigint {
  for (const event of Object.values(tx.events_by_id))
    if (event.event_type === 'created_event' && event.contract_id === contractId)
      return (
        amuletAmountOf(qualifiedName(event.template_id), toCompact(event.create_arguments, 'ledger')) ?? 0n
      );
  return 0n;
}

function parentChoiceOf(tx: HistoryTransaction, eventId: string): string {
  for (const event of Object.values(tx.events_by_id))
    if (event.event_type === 'exercised_event' && event.child_event_ids.includes(eventId))
      return event.choice;
  return '';
}

function rootChoiceOf(tx: HistoryTransaction, event: HistoryExercisedEvent): string {
  if (tx.root_event_ids.includes(event.event_id)) return '';
  const root = tx.root_event_ids
    .map((id) => tx.events_by_id[id])
    .find((r) => r.event_type === 'exercised_event' && contains(tx, r, event.event_id));
  return root?.event_type === 'exercised_event' ? root.choice : '';
}

function contains(tx: HistoryTransaction, from: HistoryExercisedEvent, target: string): boolean {
  for (const id of from.child_event_ids) {
    if (id === target) return true;
    const child = tx.events_by_id[id];
    if (child?.event_type === 'exercised_event' && contains(tx, child, target)) return true;
  }
  return false;
}

/** Runs every check over a history. */
export function checkHistory(updates: Iterable<HistoryUpdate>): Map<string, ViolationTally> {
  const checker = new HistoryChecker();
  for (const update of updates) checker.observe(update);
  return checker.report();
}
