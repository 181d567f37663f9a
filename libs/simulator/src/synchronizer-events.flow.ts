import { createHash } from 'node:crypto';
import {
  computeAppActivity,
  DEFAULT_APP_ACTIVITY_WEIGHT,
  type HistoryTrafficSummary,
  type HistoryTransaction,
  type HistoryUpdate,
  type HistoryVerdict,
  type HistoryVerdictItem,
  type HistoryHostingItem,
  IMPORT_RECORD_TIME,
  isTransaction,
  SpliceTemplates,
  toCompact,
} from '@canton-scan/domain';
import type { SimParty, SimulatedNetwork } from './network-identities';
import { formatMicros, parseMicros } from './sim-clock';
import type { SimContext } from './simulator.context';

/**
 * An item of the simulated history: an update, what the synchronizer says of a transaction, or
 * which participants host a party (party-hosting.flow.ts).
 */
export type SimulatedItem = HistoryUpdate | HistoryVerdictItem | HistoryHostingItem;

/** A contract of the few templates app activity depends on, with when it was active (record times, µs). */
interface Tracked<P> {
  readonly contractId: string;
  readonly payload: P;
  readonly createdAt: number;
  archivedAt?: number;
}

interface OpenRoundFacts {
  round: number;
  opensAt: number;
}

const OPEN_ROUND = SpliceTemplates.OpenMiningRound.qualifiedName;
const FEATURED_APP_RIGHT = SpliceTemplates.FeaturedAppRight.qualifiedName;
const DSO_RULES = SpliceTemplates.DsoRules.qualifiedName;

/** A verdict-only item (a transaction none of this scan's parties sees) follows every this many transactions. */
const PRIVATE_TRANSACTION_EVERY = 41;

const uidOf = (participantId: string) => participantId.replace(/^PAR::/, '');

/**
 * What a scan learns from its synchronizer rather than from the update history (docs/events.md):
 * after each transaction, the mediator's verdict on it, the sequencer's traffic summary and the
 * CIP-0104 app activity records computed from both as Splice's scan computes them; now and then a
 * verdict alone, on a transaction between parties this scan does not host. What the computation
 * needs of the ledger (open rounds, featured app rights and their weights, the SVs' participants)
 * is read from the updates themselves, as a scan reads it from its history.
 *
 * The simulated request: one view per root node, confirmed by the actors of its exercises and the
 * signatories of its creates, in one envelope whose traffic cost grows with the view's nodes; the
 * submitter's participant hosts it (users are hosted on the validators' participants in turn, the
 * DSO's transactions are submitted by the first SV's).
 */
export class SynchronizerEventsFlow {
  private readonly openRounds = new Map<string, Tracked<OpenRoundFacts>>();
  private readonly featuredRights: Tracked<{ provider: string; weight: string }>[] = [];
  private readonly dsoRules: Tracked<{ svParticipantUids: ReadonlySet<string> }>[] = [];
  private readonly participantOf = new Map<string, string>();
  private transactions = 0;
  private privateSeq = 0;

  constructor(private readonly ctx: SimContext) {
    const network: SimulatedNetwork = ctx.network;
    const dsoParticipant = uidOf(network.svs[0].participantId);
    this.participantOf.set(network.dso.id, dsoParticipant);
    for (const sv of network.svs) this.participantOf.set(sv.party.id, uidOf(sv.participantId));
    network.validators.forEach((v, i) =>
      this.participantOf.set(v.id, uidOf(network.validatorParticipantIds[i])),
    );
    network.users.forEach((u, i) =>
      this.participantOf.set(
        u.id,
        uidOf(network.validatorParticipantIds[i % network.validatorParticipantIds.length]),
      ),
    );
  }

  /** Passes `updates` on, each transaction followed by its verdict item (and now and then a verdict alone). */
  *observe<R>(updates: Generator<HistoryUpdate, R, undefined>): Generator<SimulatedItem, R, undefined> {
    let step = updates.next();
    while (!step.done) {
      const update = step.value;
      yield update;
      if (isTransaction(update)) {
        this.track(update);
        if (update.record_time !== IMPORT_RECORD_TIME) {
          yield this.verdictItem(update);
          if (++this.transactions % PRIVATE_TRANSACTION_EVERY === 0) yield this.privateVerdictItem(update);
        }
      }
      step = updates.next();
    }
    return step.value;
  }

  private track(tx: HistoryTransaction): void {
    const at = tx.record_time === IMPORT_RECORD_TIME ? 0 : parseMicros(tx.record_time);
    for (const e of Object.values(tx.events_by_id)) {
      const name = `${e.package_name}:${e.template_id.split(':').slice(1).join(':')}`;
      if (e.event_type === 'created_event') {
        if (name !== OPEN_ROUND && name !== FEATURED_APP_RIGHT && name !== DSO_RULES) continue;
        const payload = toCompact(e.create_arguments) as Record<string, unknown>;
        if (name === OPEN_ROUND) {
          const round = Number((payload.round as { number: string }).number);
          this.openRounds.set(e.contract_id, {
            contractId: e.contract_id,
            payload: { round, opensAt: parseMicros(payload.opensAt as string) },
            createdAt: at,
          });
        } else if (name === FEATURED_APP_RIGHT) {
          if (this.featuredRights.some((r) => r.contractId === e.contract_id)) continue; // re-imported
          const weight = (payload.activityWeight as string | null | undefined) ?? DEFAULT_APP_ACTIVITY_WEIGHT;
          this.featuredRights.push({
            contractId: e.contract_id,
            payload: { provider: payload.provider as string, weight },
            createdAt: at,
          });
        } else if (name === DSO_RULES) {
          if (this.dsoRules.some((r) => r.contractId === e.contract_id)) continue;
          const svs = payload.svs as [string, { participantId: string }][];
          this.dsoRules.push({
            contractId: e.contract_id,
            payload: { svParticipantUids: new Set(svs.map(([, info]) => uidOf(info.participantId))) },
            createdAt: at,
          });
        }
      } else if (e.consuming) {
        const round = this.openRounds.get(e.contract_id);
        if (round) round.archivedAt = at;
        for (const list of [this.featuredRights, this.dsoRules] as Tracked<unknown>[][]) {
          const found = list.find((r) => r.contractId === e.contract_id && r.archivedAt === undefined);
          if (found) found.archivedAt = at;
        }
      }
    }
    this.prune();
  }

  /** Forgets what no later verdict can ask about: rounds archived, rights and rules replaced before every open round opened. */
  private prune(): void {
    for (const [id, r] of this.openRounds) if (r.archivedAt !== undefined) this.openRounds.delete(id);
    let oldest = Infinity;
    for (const r of this.openRounds.values()) oldest = Math.min(oldest, r.payload.opensAt);
    for (const list of [this.featuredRights, this.dsoRules] as Tracked<unknown>[][])
      for (let i = list.length - 1; i >= 0; i--) {
        const archivedAt = list[i].archivedAt;
        if (archivedAt !== undefined && archivedAt <= oldest) list.splice(i, 1);
      }
  }

  /** The round a request at `at` counts for: the lowest open one that has opened. */
  private roundAt(at: number): OpenRoundFacts | undefined {
    let chosen: OpenRoundFacts | undefined;
    for (const r of this.openRounds.values())
      if (r.payload.opensAt <= at && (chosen === undefined || r.payload.round < chosen.round))
        chosen = r.payload;
    return chosen;
  }

  private activeAt<P>(list: readonly Tracked<P>[], at: number): Tracked<P>[] {
    return list.filter((r) => r.createdAt <= at && (r.archivedAt === undefined || r.archivedAt > at));
  }

  private withActivity(verdict: HistoryVerdict, traffic: HistoryTrafficSummary): HistoryVerdictItem {
    const round = this.roundAt(parseMicros(verdict.record_time));
    const asOf = round?.opensAt ?? 0;
    const featuredAppWeights = new Map<string, string>();
    for (const r of this.activeAt(this.featuredRights, asOf)) {
      const prior = featuredAppWeights.get(r.payload.provider);
      // The greatest weight when a provider holds several rights.
      if (prior === undefined || Number(r.payload.weight) > Number(prior))
        featuredAppWeights.set(r.payload.provider, r.payload.weight);
    }
    const rules = this.activeAt(this.dsoRules, asOf);
    const records = computeAppActivity(verdict, traffic, {
      round: round?.round,
      featuredAppWeights,
      svParticipantUids: rules.length === 1 ? rules[0].payload.svParticipantUids : new Set(),
    });
    return { verdict, traffic_summary: traffic, ...(records ? { app_activity_records: records } : {}) };
  }

  private verdictItem(tx: HistoryTransaction): HistoryVerdictItem {
    const views: HistoryVerdict['transaction_views']['views'] = [];
    const envelopes: HistoryTrafficSummary['envelope_traffic_summaries'] = [];
    tx.root_event_ids.forEach((rootId, viewId) => {
      const confirmers = new Set<string>();
      const informees = new Set<string>();
      let nodes = 0;
      const visit = (id: string): void => {
        const e = tx.events_by_id[id];
        nodes++;
        if (e.event_type === 'created_event') {
          for (const p of e.signatories) confirmers.add(p);
          for (const p of [...e.signatories, ...e.observers]) informees.add(p);
        } else {
          for (const p of e.acting_parties) confirmers.add(p);
          for (const p of e.acting_parties) informees.add(p);
          e.child_event_ids.forEach(visit);
        }
      };
      visit(rootId);
      for (const p of confirmers) informees.add(p);
      views.push({
        view_id: viewId,
        informees: [...informees].sort(),
        confirming_parties: [{ parties: [...confirmers].sort(), threshold: confirmers.size }],
        sub_views: [],
        view_hash: viewHash(tx.update_id, viewId),
      });
      envelopes.push({ traffic_cost: 1_000 + 350 * nodes + 40 * informees.size, view_ids: [viewId] });
    });
    const root = tx.events_by_id[tx.root_event_ids[0]];
    const submitters = root.event_type === 'created_event' ? root.signatories : root.acting_parties;
    const verdict: HistoryVerdict = {
      update_id: tx.update_id,
      migration_id: tx.migration_id,
      domain_id: tx.synchronizer_id,
      record_time: tx.record_time,
      finalization_time: formatMicros(parseMicros(tx.record_time) + 180_000),
      submitting_parties: [...submitters],
      submitting_participant_uid:
        this.participantOf.get(submitters[0]) ?? this.participantOf.get(this.ctx.dso.id)!,
      verdict_result: 'VERDICT_RESULT_ACCEPTED',
      mediator_group: 0,
      transaction_views: { views, root_views: views.map((v) => v.view_id) },
    };
    return this.withActivity(verdict, {
      total_traffic_cost: 300 + envelopes.reduce((sum, e) => sum + e.traffic_cost, 0),
      envelope_traffic_summaries: envelopes,
    });
  }

  /**
   * A verdict on a transaction between a featured app provider's users this scan does not host
   * (no update: the scan's parties see none of it). Every third one was rejected.
   */
  private privateVerdictItem(after: HistoryTransaction): HistoryVerdictItem {
    const seq = this.privateSeq++;
    const providers = this.ctx.network.appProviders;
    const provider: SimParty = providers[seq % providers.length];
    const counterparty = `private-user-${seq % 7}::1220${hex(`private-party:${seq % 7}`)}`;
    const updateId = `1220${hex(`private-transaction:${this.ctx.options.seed}:${seq}`)}`;
    const recordTime = formatMicros(this.ctx.clock.nextRecord());
    const parties = [provider.id, counterparty].sort();
    const verdict: HistoryVerdict = {
      update_id: updateId,
      migration_id: after.migration_id,
      domain_id: after.synchronizer_id,
      record_time: recordTime,
      finalization_time: formatMicros(parseMicros(recordTime) + 210_000),
      submitting_parties: [counterparty],
      submitting_participant_uid: `private-participant-${seq % 3}::1220${hex(`private-participant:${seq % 3}`)}`,
      verdict_result: seq % 3 === 2 ? 'VERDICT_RESULT_REJECTED' : 'VERDICT_RESULT_ACCEPTED',
      mediator_group: 0,
      transaction_views: {
        views: [
          {
            view_id: 0,
            informees: parties,
            confirming_parties: [{ parties, threshold: 2 }],
            sub_views: [1],
            view_hash: viewHash(updateId, 0),
          },
          {
            view_id: 1,
            informees: [counterparty],
            confirming_parties: [{ parties: [counterparty], threshold: 1 }],
            sub_views: [],
            view_hash: viewHash(updateId, 1),
          },
        ],
        root_views: [0],
      },
    };
    return this.withActivity(verdict, {
      total_traffic_cost: 4_800,
      envelope_traffic_summaries: [
        { traffic_cost: 3_100, view_ids: [0] },
        { traffic_cost: 1_400, view_ids: [1] },
      ],
    });
  }
}

function hex(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

function viewHash(updateId: string, viewId: number): string {
  return hex(`view:${updateId}:${viewId}`);
}
