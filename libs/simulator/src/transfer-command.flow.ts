import {
  buildSplicePayload,
  type DamlValue,
  formatDamlDecimal,
  fromCompact,
  type HistoryUpdate,
  SpliceChoices,
  SpliceTemplates,
  transferResultType,
  V,
} from '@canton-scan/domain';
import type { AmuletContract, GenericContract, SimContract } from './contract-store';
import type { AmuletFlow } from './amulet.flow';
import { confirmAndExecute } from './dso-confirmation';
import type { GovernanceFlow } from './governance.flow';
import type { SimParty } from './network-identities';
import type { RoundFlow } from './round.flow';
import { formatMicros } from './sim-clock';
import type { SimContext } from './simulator.context';

const DAY_MICROS = 86_400_000_000;
/** Share of the commands addressed to a receiver with a TransferPreapproval (the others fail). */
const PREAPPROVED_SHARE = 0.75;

/** What a transfer command came to, as `TransferCommand_Send` reports it. */
export type TransferCommandOutcome = 'sent' | 'failed';

/**
 * Transfers of external parties through Splice's legacy transfer commands (splice-amulet
 * `Splice.ExternalPartyAmuletRules`): the sender's externally signed transaction exercises
 * `ExternalPartyAmuletRules_CreateTransferCommand`, creating a `TransferCommand` whose `nonce` is
 * the sender's next one and whose delegate is the DSO; the DSO's automation creates the sender's
 * `TransferCommandCounter` when it has none (`DsoRules_CreateTransferCommandCounter`, a confirmed
 * action) and exercises `TransferCommand_Send`, which consumes the command, replaces the counter
 * by one with the next nonce and transfers through the receiver's `TransferPreapproval`
 * (`TransferPreapproval_Send`) or, when the receiver has none, fails with
 * `ITR_Other "No TransferPreapproval for receiver '…'"`.
 */
export class TransferCommandFlow {
  /** The TransferPreapproval of each receiver that has one, by party id. */
  readonly preapprovals = new Map<
    string,
    { receiver: SimParty; provider: SimParty; contract: GenericContract }
  >();
  /** The live TransferCommandCounter of each sender, by party id. */
  private readonly counters = new Map<string, GenericContract>();
  private readonly nextNonce = new Map<string, number>();
  private credit = 0;
  /** Every command sent, in order (for tests). */
  readonly outcomes: { sender: string; nonce: number; outcome: TransferCommandOutcome }[] = [];

  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
    private readonly amulets: AmuletFlow,
    private readonly rounds: RoundFlow,
  ) {}

  /** Records a receiver's TransferPreapproval (valid for the whole run). */
  preapprovalCreated(receiver: SimParty, provider: SimParty, contract: GenericContract): void {
    this.preapprovals.set(receiver.id, { receiver, provider, contract });
  }

  *tick(round: number): Generator<HistoryUpdate> {
    const senders = this.ctx.network.users.filter((u) => u.external);
    if (senders.length === 0 || this.ctx.network.users.length < 2) return;
    this.credit += this.ctx.options.transferCommandsPerRound;
    while (this.credit >= 1) {
      this.credit -= 1;
      yield* this.command(round, this.ctx.rng.pick(senders));
    }
  }

  private pickReceiver(sender: SimParty): SimParty {
    const { rng, network } = this.ctx;
    const preapproved = [...this.preapprovals.values()].map((p) => p.receiver).filter((r) => r !== sender);
    if (preapproved.length > 0 && rng.chance(PREAPPROVED_SHARE)) return rng.pick(preapproved);
    const others = network.users.filter((u) => u !== sender && !this.preapprovals.has(u.id));
    return others.length > 0 ? rng.pick(others) : network.users.find((u) => u !== sender)!;
  }

  private *command(round: number, sender: SimParty): Generator<HistoryUpdate> {
    const { dso } = this.ctx;
    const receiver = this.pickReceiver(sender);
    const amount = this.amulets.randomWhole(1, 100);
    const nonce = this.nextNonce.get(sender.id) ?? 0;
    this.nextNonce.set(sender.id, nonce + 1);
    let command: GenericContract | undefined;
    yield this.ctx.transaction({ command: 'create-transfer-command', external: true }, (tx) => {
      const args = {
        sender: V.party(sender.id),
        receiver: V.party(receiver.id),
        delegate: V.party(dso.id),
        amount: V.numeric(formatDamlDecimal(amount)),
        expiresAt: V.timestamp(formatMicros(tx.effectiveMicros + DAY_MICROS)),
        nonce: V.int64(nonce),
        description: V.none(),
      };
      tx.exercise(
        this.governance.externalPartyAmuletRules,
        {
          choice: SpliceChoices.ExternalPartyAmuletRulesCreateTransferCommand,
          argument: V.record({ ...args, expectedDso: V.some(V.party(dso.id)) }),
          consuming: false,
          actingParties: [sender.id],
        },
        () => {
          command = tx.create(
            SpliceTemplates.TransferCommand,
            V.record({ dso: V.party(dso.id), ...args }),
            [sender.id, dso.id],
            [dso.id],
          );
          return V.record({ transferCommandCid: V.contractId(tx.contractId(command)) });
        },
      );
    });
    if (!this.counters.has(sender.id)) yield* this.createCounter(sender);
    const preapproval = this.preapprovals.get(receiver.id);
    const inputs: AmuletContract[] = [];
    if (preapproval) yield* this.amulets.fund(sender, amount, round, inputs);
    yield this.send(round, sender, receiver, amount, nonce, command!, preapproval, inputs);
  }

  /** The DSO's automation creates the sender's first counter, a confirmed DsoRules action. */
  private *createCounter(sender: SimParty): Generator<HistoryUpdate> {
    const { dso } = this.ctx;
    yield* confirmAndExecute(
      this.ctx,
      this.governance,
      'create-transfer-command-counter',
      {
        tag: 'ARC_DsoRules',
        value: { dsoAction: { tag: 'SRARC_CreateTransferCommandCounter', value: { sender: sender.id } } },
      },
      (tx) =>
        tx.exercise(
          this.governance.dsoRules,
          {
            choice: SpliceChoices.DsoRulesCreateTransferCommandCounter,
            argument: V.record({ sender: V.party(sender.id) }),
            consuming: false,
            actingParties: [dso.id],
          },
          () => {
            const counter = tx.create(
              SpliceTemplates.TransferCommandCounter,
              buildSplicePayload(SpliceTemplates.TransferCommandCounter, {
                dso: dso.id,
                sender: sender.id,
                nextNonce: '0',
              }),
              [dso.id],
              [sender.id],
            );
            this.counters.set(sender.id, counter);
            return V.record({ transferCommandCounterCid: V.contractId(tx.contractId(counter)) });
          },
        ),
    );
  }

  private send(
    round: number,
    sender: SimParty,
    receiver: SimParty,
    amount: bigint,
    nonce: number,
    command: GenericContract,
    preapprovalOf: { provider: SimParty; contract: GenericContract } | undefined,
    inputs: readonly AmuletContract[],
  ): HistoryUpdate {
    const { dso } = this.ctx;
    return this.ctx.transaction({ command: 'send-transfer-command' }, (tx) => {
      const cid = (c: SimContract): DamlValue => V.contractId(tx.contractId(c));
      const counter = this.counters.get(sender.id)!;
      const preapproval = preapprovalOf?.contract;
      const provider = preapprovalOf?.provider;
      const featured = provider ? this.governance.featuredAppRights.get(provider.id) : undefined;
      tx.exercise(
        command,
        {
          choice: SpliceChoices.TransferCommandSend,
          argument: V.record({
            context: V.record({
              amuletRules: cid(this.governance.amuletRules),
              context: V.record({
                openMiningRound: cid(this.rounds.openRound(round)),
                issuingMiningRounds: V.genMap([]),
                validatorRights: V.genMap([]),
                featuredAppRight: V.optional(featured ? cid(featured) : null),
              }),
            }),
            inputs: V.list(inputs.map((a) => V.variant('InputAmulet', cid(a)))),
            transferPreapprovalCidO: V.optional(preapproval ? cid(preapproval) : null),
            transferCounterCid: cid(counter),
          }),
          consuming: true,
          actingParties: [dso.id],
        },
        () => {
          tx.archive(counter, [dso.id]);
          const next = tx.create(
            SpliceTemplates.TransferCommandCounter,
            buildSplicePayload(SpliceTemplates.TransferCommandCounter, {
              dso: dso.id,
              sender: sender.id,
              nextNonce: String(nonce + 1),
            }),
            [dso.id],
            [sender.id],
          );
          this.counters.set(sender.id, next);
          let result: DamlValue;
          if (!preapproval || !provider) {
            result = V.variant(
              'TransferCommandResultFailure',
              V.record({
                reason: V.variant(
                  'ITR_Other',
                  V.record({ description: V.text(`No TransferPreapproval for receiver '${receiver.id}'`) }),
                ),
              }),
            );
            this.outcomes.push({ sender: sender.id, nonce, outcome: 'failed' });
          } else {
            let transferResult: DamlValue = V.unit();
            tx.exercise(
              preapproval,
              {
                choice: SpliceChoices.TransferPreapprovalSend,
                argument: V.record({
                  context: V.record({
                    amuletRules: cid(this.governance.amuletRules),
                    context: V.record({
                      openMiningRound: cid(this.rounds.openRound(round)),
                      issuingMiningRounds: V.genMap([]),
                      validatorRights: V.genMap([]),
                      featuredAppRight: V.optional(featured ? cid(featured) : null),
                    }),
                  }),
                  inputs: V.list(inputs.map((a) => V.variant('InputAmulet', cid(a)))),
                  amount: V.numeric(formatDamlDecimal(amount)),
                  sender: V.party(sender.id),
                  description: V.none(),
                }),
                consuming: false,
                actingParties: [sender.id],
              },
              () => {
                const outcome = this.amulets.transfer(
                  tx,
                  sender,
                  inputs,
                  [{ receiver, amount, meta: {} }],
                  round,
                  [],
                  {
                    provider,
                  },
                );
                const full = outcome.result!;
                transferResult = fromCompact(transferResultType, { ...full, meta: null });
                // The V1 history metadata: the transfer's own, then the (absent) description's.
                const meta = full.meta ?? { values: {} };
                return V.record({
                  result: transferResult,
                  meta: V.some(
                    V.record({
                      values: V.textMap(
                        Object.fromEntries(Object.entries(meta.values).map(([k, v]) => [k, V.text(v)])),
                      ),
                    }),
                  ),
                });
              },
            );
            result = V.variant('TransferCommandResultSuccess', V.record({ result: transferResult }));
            this.outcomes.push({ sender: sender.id, nonce, outcome: 'sent' });
          }
          return V.record({ result, sender: V.party(sender.id), nonce: V.int64(nonce) });
        },
      );
    });
  }
}
