import {
  type ActionRequiringConfirmation,
  actionRequiringConfirmationType,
  buildSplicePayload,
  type CloseVoteRequestResult,
  closeVoteRequestResultType,
  fromCompact,
  type HistoryUpdate,
  SpliceChoices,
  SpliceTemplates,
  V,
  type Vote,
  type VoteRequestOutcome,
  type VoteRequestPayload,
  voteType,
} from '@canton-scan/domain';
import type { GenericContract } from './contract-store';
import type { GovernanceFlow } from './governance.flow';
import { formatMicros, parseMicros } from './sim-clock';
import type { SimContext } from './simulator.context';
import { routineVotePlan, scriptedVotePlans, type VotePlan } from './vote-plans';

interface PendingVote {
  readonly plan: VotePlan;
  readonly workflowId: string;
  readonly originalCid: string;
  contract: GenericContract;
  payload: VoteRequestPayload;
  readonly castRound: number;
  readonly closeRound: number;
}

/**
 * Vote requests from request to closed result: the requester's vote comes with the request, the
 * other SVs cast theirs a round later (each cast archives and re-creates the request), and
 * `DsoRules_CloseVoteRequest` closes it two rounds after the request (three for those left to
 * expire), carrying out accepted actions in the same transaction. Scripted votes come from
 * `scriptedVotePlans`; a routine one every `voteEveryRounds` adds volume.
 */
export class VoteFlow {
  private readonly plans: VotePlan[];
  private readonly pending: PendingVote[] = [];
  private votesRequested = 0;

  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
  ) {
    this.plans = scriptedVotePlans(
      ctx,
      () => governance.currentSvs,
      () => governance.amuletConfigAt(ctx.clock.tickStart(ctx.round)),
      () => governance.dsoRulesPayload.config,
    );
  }

  *tick(round: number): Generator<HistoryUpdate> {
    for (const vote of this.pending.filter((v) => v.closeRound === round)) yield this.close(vote);
    for (const vote of this.pending.filter((v) => v.castRound === round)) yield* this.castVotes(vote);
    for (const plan of this.plans.filter((p) => p.requestRound === round)) yield* this.request(plan);
    const every = this.ctx.options.voteEveryRounds;
    if (round > 0 && round % every === 0)
      yield* this.request(
        routineVotePlan(
          this.ctx,
          this.governance.currentSvs,
          this.governance.amuletConfigAt(this.ctx.clock.tickStart(round)),
          round,
          round / every,
        ),
      );
  }

  private *request(plan: VotePlan): Generator<HistoryUpdate> {
    const action = plan.action();
    if (action === undefined) return;
    const svs = this.governance.currentSvs;
    const number = this.votesRequested++;
    const requester = svs.find((sv) => sv.name === plan.requester) ?? svs[number % svs.length];
    const workflowId = `vote-request-${number}`;
    const tick = this.ctx.options.tickMicros;
    let pendingVote: PendingVote | undefined;
    yield this.ctx.transaction({ command: 'request-vote', workflowId }, (tx) => {
      const reason = { url: `https://forum.example.com/t/${number}`, body: plan.summary };
      const votes: [string, Vote][] = [
        [
          requester.name,
          {
            sv: requester.party.id,
            accept: true,
            reason: { url: '', body: 'I accept, as I requested the vote.' },
            optCastAt: tx.effectiveAt,
          },
        ],
      ];
      const effectiveRound =
        plan.effectiveRound ??
        (plan.effectiveAfterRounds === undefined ? undefined : this.ctx.round + plan.effectiveAfterRounds);
      const targetEffectiveMicros =
        effectiveRound === undefined ? undefined : this.ctx.clock.tickStart(effectiveRound);
      const defaultTimeout = Number(this.governance.dsoRulesPayload.config.voteRequestTimeout.microseconds);
      // Expiring votes get a short deadline; the others the DsoRules' seven days, cut short so that
      // the deadline is not after a requested effective time (VoteRequest's `ensure`).
      const voteRequestTimeout =
        plan.outcome === 'expired'
          ? 2 * tick
          : targetEffectiveMicros !== undefined && targetEffectiveMicros - tx.effectiveMicros < defaultTimeout
            ? targetEffectiveMicros - tx.effectiveMicros
            : null;
      const payload: VoteRequestPayload = {
        dso: this.ctx.dso.id,
        requester: requester.name,
        action,
        reason,
        voteBefore: formatMicros(tx.effectiveMicros + (voteRequestTimeout ?? defaultTimeout)),
        votes,
        trackingCid: null,
        targetEffectiveAt: targetEffectiveMicros === undefined ? null : formatMicros(targetEffectiveMicros),
      };
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesRequestVote,
          argument: V.record({
            requester: V.party(requester.party.id),
            action: fromCompact(actionRequiringConfirmationType, action),
            reason: V.record({ url: V.text(reason.url), body: V.text(reason.body) }),
            voteRequestTimeout: V.optional(
              voteRequestTimeout === null
                ? null
                : V.record({ microseconds: V.int64(String(voteRequestTimeout)) }),
            ),
            targetEffectiveAt: V.optional(
              payload.targetEffectiveAt === null ? null : V.timestamp(payload.targetEffectiveAt),
            ),
          }),
          consuming: false,
          actingParties: [requester.party.id],
        },
        () => {
          const contract = tx.create(
            SpliceTemplates.VoteRequest,
            buildSplicePayload(SpliceTemplates.VoteRequest, payload),
            [this.ctx.dso.id],
          );
          const cid = tx.contractId(contract);
          pendingVote = {
            plan,
            workflowId,
            originalCid: cid,
            contract,
            payload,
            castRound: this.ctx.round + 1,
            // An accepted request with an effective round is closed (and executed) in that round.
            closeRound:
              plan.outcome === 'accepted' && effectiveRound !== undefined
                ? effectiveRound
                : this.ctx.round + (plan.outcome === 'expired' ? 3 : 2),
          };
          return V.record({ voteRequest: V.contractId(cid) });
        },
      );
    });
    if (pendingVote) this.pending.push(pendingVote);
  }

  private *castVotes(vote: PendingVote): Generator<HistoryUpdate> {
    const voted = new Set(vote.payload.votes.map(([name]) => name));
    const voters = this.governance.currentSvs.filter((sv) => !voted.has(sv.name));
    // An expiring request gathers a single extra vote; the others hear from everybody.
    for (const [i, voter] of (vote.plan.outcome === 'expired' ? voters.slice(0, 1) : voters).entries()) {
      const accept =
        vote.plan.outcome === 'accepted'
          ? i !== 2
          : vote.plan.outcome === 'rejected'
            ? i === 2
            : this.ctx.rng.chance(0.5);
      yield this.ctx.transaction({ command: 'cast-vote', workflowId: vote.workflowId }, (tx) => {
        const cast: Vote = {
          sv: voter.party.id,
          accept,
          reason: { url: '', body: accept ? 'Looks good.' : 'Not now.' },
          optCastAt: tx.effectiveAt,
        };
        const payload: VoteRequestPayload = {
          ...vote.payload,
          // A Daml Map: entries in key order.
          votes: [...vote.payload.votes, [voter.name, cast] as [string, Vote]].sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
          trackingCid: vote.originalCid,
        };
        tx.exercise(
          this.governance.dsoRules,
          {
            choice: SpliceChoices.DsoRulesCastVote,
            argument: V.record({
              requestCid: V.contractId(tx.contractId(vote.contract)),
              vote: fromCompact(voteType, cast),
            }),
            consuming: false,
            actingParties: [voter.party.id],
          },
          () => {
            // Splice's DsoRules_CastVote archives the request and re-creates it with the vote.
            tx.archive(vote.contract, [this.ctx.dso.id]);
            const next = tx.create(
              SpliceTemplates.VoteRequest,
              buildSplicePayload(SpliceTemplates.VoteRequest, payload),
              [this.ctx.dso.id],
            );
            vote.contract = next;
            vote.payload = payload;
            return V.record({ voteRequest: V.contractId(tx.contractId(next)) });
          },
        );
      });
    }
  }

  private close(vote: PendingVote): HistoryUpdate {
    this.pending.splice(this.pending.indexOf(vote), 1);
    return this.ctx.transaction({ command: 'close-vote-request', workflowId: vote.workflowId }, (tx) => {
      const voted = new Set(vote.payload.votes.map(([name]) => name));
      const outcome: VoteRequestOutcome =
        vote.plan.outcome === 'accepted'
          ? {
              tag: 'VRO_Accepted',
              value: {
                effectiveAt:
                  vote.payload.targetEffectiveAt ??
                  scheduledEffectiveAt(vote.payload.action) ??
                  tx.effectiveAt,
              },
            }
          : vote.plan.outcome === 'rejected'
            ? { tag: 'VRO_Rejected', value: {} }
            : { tag: 'VRO_Expired', value: {} };
      const result: CloseVoteRequestResult = {
        request: vote.payload,
        completedAt: tx.effectiveAt,
        offboardedVoters: [],
        abstainingSvs: this.governance.currentSvs.filter((sv) => !voted.has(sv.name)).map((sv) => sv.name),
        outcome,
      };
      const action = vote.payload.action;
      const closer = this.governance.currentSvs[0].party.id;
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesCloseVoteRequest,
          argument: V.record({
            requestCid: V.contractId(tx.contractId(vote.contract)),
            amuletRulesCid: V.optional(
              action.tag === 'ARC_AmuletRules'
                ? V.contractId(tx.contractId(this.governance.amuletRules))
                : null,
            ),
            sv: V.optional(V.party(closer)),
          }),
          consuming: false,
          actingParties: [closer],
        },
        () => {
          tx.archive(vote.contract, [this.ctx.dso.id]);
          if (vote.plan.outcome === 'accepted') this.governance.executeAction(tx, action);
          return fromCompact(closeVoteRequestResultType, result);
        },
      );
    });
  }
}

/** Splice's `actionRequiringConfirmationEffectiveAt`: the time a config schedule action names. */
function scheduledEffectiveAt(action: ActionRequiringConfirmation): string | undefined {
  if (action.tag !== 'ARC_AmuletRules') return undefined;
  const inner = action.value.amuletRulesAction;
  switch (inner.tag) {
    case 'CRARC_AddFutureAmuletConfigSchedule':
      return formatMicros(parseMicros(inner.value.newScheduleItem._1));
    case 'CRARC_RemoveFutureAmuletConfigSchedule':
      return formatMicros(parseMicros(inner.value.scheduleTime));
    default:
      return undefined;
  }
}
