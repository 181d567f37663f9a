import {
  buildSplicePayload,
  type DamlValue,
  formatDamlDecimal,
  type HistoryUpdate,
  parseDamlDecimal,
  SpliceChoices,
  SpliceTemplates,
  type SubscriptionData,
  type SubscriptionPayData,
  toCompact,
  V,
} from '@canton-scan/domain';
import { divNumeric } from './amulet-arithmetic';
import type { AmuletContract, GenericContract, SimContract } from './contract-store';
import type { AmuletFlow } from './amulet.flow';
import { confirmAndExecute } from './dso-confirmation';
import type { GovernanceFlow } from './governance.flow';
import { ANS_RULES_CONFIG } from './network-config';
import type { SimParty } from './network-identities';
import type { RoundFlow } from './round.flow';
import { formatMicros, parseMicros } from './sim-clock';
import type { SimContext } from './simulator.context';
import type { TxBuilder } from './transaction.builder';

/** A name is bought in the rounds `FIRST_PURCHASE_ROUND + k × PURCHASE_EVERY_ROUNDS`, at most `MAX_PURCHASES` per run. */
const FIRST_PURCHASE_ROUND = 3;
const PURCHASE_EVERY_ROUNDS = 5;
const MAX_PURCHASES = 4;
/** The suffix Splice's wallet gives names its users register. */
export const ANS_NAME_SUFFIX = '.unverified.cns';
const REASON_KEY = 'splice.lfdecentralizedtrust.org/reason';

/** A name the DSO has delivered: its entry, the context and the subscription's idle state. */
interface LiveEntry {
  readonly user: SimParty;
  readonly name: string;
  readonly context: GenericContract;
  readonly walletProvider: SimParty;
  readonly subscriptionData: SubscriptionData;
  readonly payData: SubscriptionPayData;
  readonly requestCid: string;
  /** Whether the user's wallet pays each renewal (else the entry expires). */
  readonly renews: boolean;
  entry: GenericContract;
  idleState: GenericContract;
  subscription: GenericContract;
  expiresAtMicros: number;
}

/**
 * The Amulet Name Service as Splice's wallet and the DSO's automation use it: a user requests a
 * name (`AnsRules_RequestEntry`: an `AnsEntryContext` and a `SubscriptionRequest`), accepts the
 * request paying the entry fee into a lock (`SubscriptionRequest_AcceptAndMakePayment`), and the
 * DSO collects the payment, burning it, and creates the `AnsEntry` (a confirmed
 * `ARC_AnsEntryContext` action running `AnsEntryContext_CollectInitialEntryPayment`). Entries
 * nobody renews are expired after `expiresAt` by an SV (`DsoRules_ExpireAnsEntry`), and their
 * subscriptions with them (`DsoRules_ExpireSubscription`).
 */
export class AnsFlow {
  private readonly live: LiveEntry[] = [];
  private purchases = 0;

  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
    private readonly rounds: RoundFlow,
    private readonly amulets: AmuletFlow,
  ) {}

  /** The names bought so far (delivered, not yet expired). */
  get entries(): readonly { user: SimParty; name: string; expiresAtMicros: number }[] {
    return this.live;
  }

  *tick(round: number): Generator<HistoryUpdate> {
    yield* this.expire(round);
    const tickStart = this.ctx.clock.tickStart(round);
    const window = Number(ANS_RULES_CONFIG.renewalDuration.microseconds);
    for (const e of this.live.filter(
      (l) => l.renews && tickStart < l.expiresAtMicros && tickStart + window >= l.expiresAtMicros,
    ))
      yield* this.renew(round, e);
    const buyers = this.ctx.network.users.filter((u) => !u.external);
    if (
      round >= FIRST_PURCHASE_ROUND &&
      (round - FIRST_PURCHASE_ROUND) % PURCHASE_EVERY_ROUNDS === 0 &&
      this.purchases < Math.min(MAX_PURCHASES, buyers.length)
    ) {
      const user = buyers[this.purchases];
      this.purchases++;
      yield* this.buy(round, user);
    }
  }

  private *buy(round: number, user: SimParty): Generator<HistoryUpdate> {
    const { dso, network } = this.ctx;
    const walletProvider = network.validators[user.index % network.validators.length];
    const name = `${user.hint.toLowerCase()}${ANS_NAME_SUFFIX}`;
    const url = user.index % 2 === 0 ? `https://${user.hint.toLowerCase()}.example.com` : '';
    const description = user.index % 2 === 0 ? `${user.hint}'s name` : '';
    const cid = (tx: TxBuilder, c: SimContract): DamlValue => V.contractId(tx.contractId(c));
    const subscriptionData: SubscriptionData = {
      sender: user.id,
      receiver: dso.id,
      provider: dso.id,
      dso: dso.id,
      // Daml's `show` of a Text quotes it.
      description: `${ANS_RULES_CONFIG.descriptionPrefix}${JSON.stringify(name)}`,
    };
    const payData: SubscriptionPayData = {
      paymentAmount: { amount: ANS_RULES_CONFIG.entryFee, unit: 'USDUnit' },
      paymentInterval: ANS_RULES_CONFIG.entryLifetime,
      paymentDuration: ANS_RULES_CONFIG.renewalDuration,
    };
    const signatories = [user.id, dso.id];

    // 1. The user requests the name.
    let request: GenericContract | undefined;
    let context: GenericContract | undefined;
    yield this.ctx.transaction({ command: 'request-ans-entry' }, (tx) => {
      tx.exercise(
        this.governance.ansRules,
        {
          choice: SpliceChoices.AnsRulesRequestEntry,
          argument: V.record({
            name: V.text(name),
            url: V.text(url),
            description: V.text(description),
            user: V.party(user.id),
          }),
          consuming: false,
          actingParties: [user.id],
        },
        () => {
          request = tx.create(
            SpliceTemplates.SubscriptionRequest,
            buildSplicePayload(SpliceTemplates.SubscriptionRequest, { subscriptionData, payData }),
            signatories,
          );
          context = tx.create(
            SpliceTemplates.AnsEntryContext,
            buildSplicePayload(SpliceTemplates.AnsEntryContext, {
              dso: dso.id,
              user: user.id,
              name,
              url,
              description,
              reference: tx.contractId(request),
            }),
            [dso.id, user.id],
          );
          return V.record({ entryCid: cid(tx, context), requestCid: cid(tx, request) });
        },
      );
    });
    if (!request || !context) throw new Error('simulator bug: no ANS entry request');
    const requestCid = this.ctx.ids.contractId(request.seq);

    // 2. The user's wallet accepts it, locking the fee in amulet (lockAndMakeChange).
    const openRound = this.rounds.openRoundPayload(round);
    const targetAmount = divNumeric(
      parseDamlDecimal(payData.paymentAmount.amount),
      parseDamlDecimal(openRound.amuletPrice),
    );
    const inputs: AmuletContract[] = [];
    yield* this.amulets.fund(user, targetAmount, round, inputs);
    let payment: GenericContract | undefined;
    let locked: GenericContract | undefined;
    yield this.ctx.transaction({ command: 'accept-ans-entry-request' }, (tx) => {
      const lockExpiresAt = Math.max(
        tx.effectiveMicros + Number(openRound.tickDuration.microseconds),
        parseMicros(openRound.targetClosesAt),
      );
      const paymentContext = V.record({
        amuletRules: cid(tx, this.governance.amuletRules),
        context: V.record({
          openMiningRound: cid(tx, this.rounds.openRound(round)),
          issuingMiningRounds: V.genMap([]),
          validatorRights: V.genMap([]),
          featuredAppRight: V.optional(this.featuredRight(tx, walletProvider)),
        }),
      });
      tx.exercise(
        request!,
        {
          choice: SpliceChoices.SubscriptionRequestAcceptAndMakePayment,
          argument: V.record({
            inputs: V.list(inputs.map((a) => V.variant('InputAmulet', cid(tx, a)))),
            context: paymentContext,
            walletProvider: V.party(walletProvider.id),
          }),
          consuming: true,
          actingParties: [...new Set([user.id, walletProvider.id])],
        },
        () => {
          const outcome = this.amulets.transfer(
            tx,
            user,
            inputs,
            [
              {
                receiver: user,
                amount: targetAmount,
                lock: {
                  holders: [dso.id],
                  expiresAt: formatMicros(lockExpiresAt),
                  optContext: `amulet-subscription: ${subscriptionData.description}`,
                },
                meta: {
                  [REASON_KEY]: `Locking amulet for subscription payment: ${subscriptionData.description}`,
                },
              },
            ],
            round,
            [],
            { provider: walletProvider },
          );
          locked = outcome.outputs[0] as GenericContract;
          payment = tx.create(
            SpliceTemplates.SubscriptionInitialPayment,
            buildSplicePayload(SpliceTemplates.SubscriptionInitialPayment, {
              subscriptionData,
              payData,
              targetAmount: formatDamlDecimal(targetAmount),
              lockedAmulet: tx.contractId(locked),
              round: { number: String(round) },
              reference: requestCid,
            }),
            signatories,
          );
          return V.record({
            subscriptionPayment: cid(tx, payment),
            senderChange: V.optional(outcome.change ? cid(tx, outcome.change) : null),
          });
        },
      );
    });
    if (!payment || !locked) throw new Error('simulator bug: no ANS entry payment');

    // 3. The DSO collects the payment and delivers the entry.
    const ids = this.ctx.ids;
    const paymentCid = ids.contractId(payment.seq);
    const transferContext = {
      amuletRules: ids.contractId(this.governance.amuletRules.seq),
      openMiningRound: ids.contractId(this.rounds.openRound(round).seq),
      featuredAppRight: null,
    };
    const ansRulesCid = ids.contractId(this.governance.ansRules.seq);
    const contextCid = ids.contractId(context.seq);
    const collect = { paymentCid, transferContext, ansRulesCid };
    const collectArgument = V.record({
      paymentCid: V.contractId(paymentCid),
      transferContext: V.record({
        amuletRules: V.contractId(transferContext.amuletRules),
        openMiningRound: V.contractId(transferContext.openMiningRound),
        featuredAppRight: V.none(),
      }),
      ansRulesCid: V.contractId(ansRulesCid),
    });
    let delivered: Pick<LiveEntry, 'entry' | 'idleState' | 'subscription' | 'expiresAtMicros'> | undefined;
    yield* confirmAndExecute(
      this.ctx,
      this.governance,
      'collect-ans-entry-payment',
      {
        tag: 'ARC_AnsEntryContext',
        value: {
          ansEntryContextCid: contextCid,
          ansEntryContextAction: { tag: 'ANSRARC_CollectInitialEntryPayment', value: collect },
        },
      },
      (tx) =>
        tx.exercise(
          context!,
          {
            choice: SpliceChoices.AnsEntryContextCollectInitialEntryPayment,
            argument: collectArgument,
            consuming: false,
            actingParties: [dso.id],
          },
          () => {
            let result: DamlValue = V.record({});
            tx.exercise(
              this.governance.ansRules,
              {
                choice: SpliceChoices.AnsRulesCollectInitialEntryPayment,
                argument: V.record({
                  user: V.party(user.id),
                  entryContext: V.contractId(contextCid),
                  paymentCid: V.contractId(paymentCid),
                  transferContext: transferContextValue(transferContext),
                }),
                consuming: false,
                actingParties: [dso.id, user.id],
              },
              () => {
                const collected = this.collectInitialPayment(tx, round, user, payment!, locked!, {
                  subscriptionData,
                  payData,
                  targetAmount,
                  requestCid,
                  transferContext,
                });
                // fetchAndArchive: the DSO burns the amulet it was paid.
                tx.archive(collected.amulet, [dso.id]);
                const entry = tx.create(
                  SpliceTemplates.AnsEntry,
                  buildSplicePayload(SpliceTemplates.AnsEntry, {
                    user: user.id,
                    dso: dso.id,
                    name,
                    url,
                    description,
                    expiresAt: formatMicros(collected.nextPaymentDueAtMicros),
                  }),
                  [user.id, dso.id],
                );
                delivered = {
                  entry,
                  idleState: collected.idleState,
                  subscription: collected.subscription,
                  expiresAtMicros: collected.nextPaymentDueAtMicros,
                };
                result = V.record({
                  entryCid: cid(tx, entry),
                  subscriptionStateCid: cid(tx, collected.idleState),
                });
                return result;
              },
            );
            return result;
          },
        ),
    );
    if (!delivered) throw new Error('simulator bug: ANS entry not delivered');
    this.live.push({
      user,
      name,
      context,
      walletProvider,
      subscriptionData,
      payData,
      requestCid,
      // Every other buyer renews.
      renews: this.purchases % 2 === 1,
      ...delivered,
    });
  }

  /**
   * A renewal as the wallet and the DSO's automation make it: the user pays the next period into a
   * lock (`SubscriptionIdleState_MakePayment`, once the due date is within `renewalDuration`),
   * and an SV collects it (`DsoRules_CollectEntryRenewalPayment`), burning the payment and
   * renewing the entry (`AnsEntry_Renew`: the entry re-created with `expiresAt` one
   * `entryLifetime` later).
   */
  private *renew(round: number, e: LiveEntry): Generator<HistoryUpdate> {
    const { dso } = this.ctx;
    const { user, walletProvider, subscriptionData, payData } = e;
    const signatories = [user.id, dso.id];
    const cid = (tx: TxBuilder, c: SimContract): DamlValue => V.contractId(tx.contractId(c));
    const openRound = this.rounds.openRoundPayload(round);
    const targetAmount = divNumeric(
      parseDamlDecimal(payData.paymentAmount.amount),
      parseDamlDecimal(openRound.amuletPrice),
    );
    const interval = Number(payData.paymentInterval.microseconds);
    const inputs: AmuletContract[] = [];
    yield* this.amulets.fund(user, targetAmount, round, inputs);
    let payment: GenericContract | undefined;
    let locked: GenericContract | undefined;
    yield this.ctx.transaction({ command: 'renew-ans-entry' }, (tx) => {
      const lockExpiresAt = Math.max(
        tx.effectiveMicros + Number(openRound.tickDuration.microseconds),
        parseMicros(openRound.targetClosesAt),
      );
      tx.exercise(
        e.idleState,
        {
          choice: SpliceChoices.SubscriptionIdleStateMakePayment,
          argument: V.record({
            inputs: V.list(inputs.map((a) => V.variant('InputAmulet', cid(tx, a)))),
            context: V.record({
              amuletRules: cid(tx, this.governance.amuletRules),
              context: V.record({
                openMiningRound: cid(tx, this.rounds.openRound(round)),
                issuingMiningRounds: V.genMap([]),
                validatorRights: V.genMap([]),
                featuredAppRight: V.optional(this.featuredRight(tx, walletProvider)),
              }),
            }),
            walletProvider: V.party(walletProvider.id),
          }),
          consuming: true,
          actingParties: [...new Set([user.id, walletProvider.id])],
        },
        () => {
          const outcome = this.amulets.transfer(
            tx,
            user,
            inputs,
            [
              {
                receiver: user,
                amount: targetAmount,
                lock: {
                  holders: [dso.id],
                  expiresAt: formatMicros(lockExpiresAt),
                  optContext: `amulet-subscription: ${subscriptionData.description}`,
                },
                meta: {
                  [REASON_KEY]: `Locking amulet for subscription payment: ${subscriptionData.description}`,
                },
              },
            ],
            round,
            [],
            { provider: walletProvider },
          );
          locked = outcome.outputs[0] as GenericContract;
          payment = tx.create(
            SpliceTemplates.SubscriptionPayment,
            buildSplicePayload(SpliceTemplates.SubscriptionPayment, {
              subscription: tx.contractId(e.subscription),
              subscriptionData,
              payData,
              thisPaymentDueAt: formatMicros(e.expiresAtMicros),
              targetAmount: formatDamlDecimal(targetAmount),
              lockedAmulet: tx.contractId(locked),
              round: { number: String(round) },
              reference: e.requestCid,
            }),
            signatories,
          );
          return V.record({
            subscriptionPayment: cid(tx, payment),
            senderChange: V.optional(outcome.change ? cid(tx, outcome.change) : null),
          });
        },
      );
    });
    if (!payment || !locked) throw new Error('simulator bug: no ANS renewal payment');
    const sv = this.governance.currentSvs[0].party.id;
    yield this.ctx.transaction({ command: 'collect-ans-renewal' }, (tx) => {
      const transferContext = transferContextValue({
        amuletRules: tx.contractId(this.governance.amuletRules),
        openMiningRound: tx.contractId(this.rounds.openRound(round)),
        featuredAppRight: null,
      });
      const paymentCid = cid(tx, payment!);
      const entryCid = cid(tx, e.entry);
      const ansRulesCid = cid(tx, this.governance.ansRules);
      const choiceArg = V.record({ paymentCid, entryCid, transferContext, ansRulesCid });
      let result: { entry: GenericContract; idleState: GenericContract } | undefined;
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesCollectEntryRenewalPayment,
          argument: V.record({
            ansEntryContextCid: cid(tx, e.context),
            choiceArg,
            sv: V.optional(V.party(sv)),
          }),
          consuming: false,
          actingParties: [sv],
        },
        () => {
          tx.exercise(
            e.context,
            {
              choice: SpliceChoices.AnsEntryContextCollectEntryRenewalPayment,
              argument: choiceArg,
              consuming: false,
              actingParties: [dso.id],
            },
            () => {
              tx.exercise(
                this.governance.ansRules,
                {
                  choice: SpliceChoices.AnsRulesCollectEntryRenewalPayment,
                  argument: V.record({
                    user: V.party(user.id),
                    entryContext: cid(tx, e.context),
                    paymentCid,
                    entryCid,
                    transferContext,
                  }),
                  consuming: false,
                  actingParties: [dso.id, user.id],
                },
                () => {
                  let idleState: GenericContract | undefined;
                  let paid: AmuletContract | undefined;
                  tx.exercise(
                    payment!,
                    {
                      choice: SpliceChoices.SubscriptionPaymentCollect,
                      argument: V.record({ transferContext }),
                      consuming: true,
                      actingParties: signatories,
                    },
                    () => {
                      idleState = tx.create(
                        SpliceTemplates.SubscriptionIdleState,
                        buildSplicePayload(SpliceTemplates.SubscriptionIdleState, {
                          subscription: tx.contractId(e.subscription),
                          subscriptionData,
                          payData,
                          nextPaymentDueAt: formatMicros(e.expiresAtMicros + interval),
                          reference: e.requestCid,
                        }),
                        signatories,
                      );
                      paid = this.unlockAndPay(tx, round, user, locked!, targetAmount, subscriptionData);
                      return V.record({ subscriptionState: cid(tx, idleState), amulet: cid(tx, paid) });
                    },
                  );
                  // fetchAndArchive: the DSO burns the amulet it was paid.
                  tx.archive(paid!, [dso.id]);
                  let renewed: GenericContract | undefined;
                  tx.exercise(
                    e.entry,
                    {
                      choice: SpliceChoices.AnsEntryRenew,
                      argument: V.record({
                        extension: V.record({ microseconds: V.int64(String(interval)) }),
                      }),
                      consuming: true,
                      actingParties: signatories,
                    },
                    () => {
                      renewed = tx.create(
                        SpliceTemplates.AnsEntry,
                        buildSplicePayload(SpliceTemplates.AnsEntry, {
                          user: user.id,
                          dso: dso.id,
                          name: e.name,
                          url: toCompactEntry(e.entry).url,
                          description: toCompactEntry(e.entry).description,
                          expiresAt: formatMicros(e.expiresAtMicros + interval),
                        }),
                        signatories,
                      );
                      return V.record({ entryCid: cid(tx, renewed) });
                    },
                  );
                  result = { entry: renewed!, idleState: idleState! };
                  return V.record({ entryCid: cid(tx, renewed!), subscriptionStateCid: cid(tx, idleState!) });
                },
              );
              return V.record({
                entryCid: cid(tx, result!.entry),
                subscriptionStateCid: cid(tx, result!.idleState),
              });
            },
          );
          return V.record({
            ansEntry: cid(tx, result!.entry),
            subscriptionState: cid(tx, result!.idleState),
          });
        },
      );
      e.entry = result!.entry;
      e.idleState = result!.idleState;
      e.expiresAtMicros += interval;
    });
  }

  /** `SubscriptionInitialPayment_Collect`: the subscription starts, the lock is released and paid to the DSO. */
  private collectInitialPayment(
    tx: TxBuilder,
    round: number,
    user: SimParty,
    payment: GenericContract,
    locked: GenericContract,
    p: {
      subscriptionData: SubscriptionData;
      payData: SubscriptionPayData;
      targetAmount: bigint;
      requestCid: string;
      transferContext: { amuletRules: string; openMiningRound: string; featuredAppRight: null };
    },
  ): {
    subscription: GenericContract;
    idleState: GenericContract;
    amulet: AmuletContract;
    nextPaymentDueAtMicros: number;
  } {
    const { dso } = this.ctx;
    const signatories = [user.id, dso.id];
    let out:
      | {
          subscription: GenericContract;
          idleState: GenericContract;
          amulet: AmuletContract;
          nextPaymentDueAtMicros: number;
        }
      | undefined;
    tx.exercise(
      payment,
      {
        choice: SpliceChoices.SubscriptionInitialPaymentCollect,
        argument: V.record({ transferContext: transferContextValue(p.transferContext) }),
        consuming: true,
        actingParties: signatories,
      },
      () => {
        const nextPaymentDueAtMicros = tx.effectiveMicros + Number(p.payData.paymentInterval.microseconds);
        const subscription = tx.create(
          SpliceTemplates.Subscription,
          buildSplicePayload(SpliceTemplates.Subscription, {
            subscriptionData: p.subscriptionData,
            reference: p.requestCid,
          }),
          signatories,
        );
        const idleState = tx.create(
          SpliceTemplates.SubscriptionIdleState,
          buildSplicePayload(SpliceTemplates.SubscriptionIdleState, {
            subscription: tx.contractId(subscription),
            subscriptionData: p.subscriptionData,
            payData: p.payData,
            nextPaymentDueAt: formatMicros(nextPaymentDueAtMicros),
            reference: p.requestCid,
          }),
          signatories,
        );
        const amulet = this.unlockAndPay(tx, round, user, locked, p.targetAmount, p.subscriptionData);
        out = { subscription, idleState, amulet, nextPaymentDueAtMicros };
        return V.record({
          subscription: V.contractId(tx.contractId(subscription)),
          subscriptionState: V.contractId(tx.contractId(idleState)),
          amulet: V.contractId(tx.contractId(amulet)),
        });
      },
    );
    if (!out) throw new Error('simulator bug: initial payment not collected');
    return out;
  }

  /** unlockAndTransfer: `LockedAmulet_UnlockV2`, then exactly the locked amount to the DSO (provider: the DSO). */
  private unlockAndPay(
    tx: TxBuilder,
    round: number,
    user: SimParty,
    locked: GenericContract,
    targetAmount: bigint,
    subscriptionData: SubscriptionData,
  ): AmuletContract {
    const { dso } = this.ctx;
    let unlocked: AmuletContract | undefined;
    tx.exercise(
      locked,
      {
        choice: SpliceChoices.LockedAmuletUnlockV2,
        argument: V.record({}),
        consuming: true,
        actingParties: [user.id, dso.id],
      },
      () => {
        unlocked = tx.createAmulet(dso, user, targetAmount, round, this.amulets.holdingFeeRate(round));
        return V.record({
          amuletCid: V.contractId(tx.contractId(unlocked)),
          meta: V.record({
            values: V.textMap({
              [REASON_KEY]: V.text('holders released lock'),
              'splice.lfdecentralizedtrust.org/tx-kind': V.text('unlock'),
            }),
          }),
        });
      },
    );
    const outcome = this.amulets.transfer(
      tx,
      user,
      [unlocked!],
      [
        {
          receiver: dso,
          amount: targetAmount,
          meta: { [REASON_KEY]: `subscription payment: ${subscriptionData.description}` },
        },
      ],
      round,
      [],
      { provider: dso },
    );
    return outcome.outputs[0] as AmuletContract;
  }

  /** The DSO's expiry automation: entries past `expiresAt`, then their subscriptions. */
  private *expire(round: number): Generator<HistoryUpdate> {
    const tickStart = this.ctx.clock.tickStart(round);
    const due = this.live.filter((e) => e.expiresAtMicros < tickStart);
    if (due.length === 0) return;
    const dso = this.ctx.dso.id;
    const sv = this.governance.currentSvs[0].party.id;
    for (const e of due) {
      this.live.splice(this.live.indexOf(e), 1);
      yield this.ctx.transaction({ command: 'expire-ans-entry' }, (tx) => {
        tx.exercise(
          this.governance.dsoRules,
          {
            choice: SpliceChoices.DsoRulesExpireAnsEntry,
            argument: V.record({
              ansEntryCid: V.contractId(tx.contractId(e.entry)),
              choiceArg: V.record({ actor: V.party(dso) }),
              sv: V.optional(V.party(sv)),
            }),
            consuming: false,
            actingParties: [sv],
          },
          () => {
            tx.exercise(
              e.entry,
              {
                choice: SpliceChoices.AnsEntryExpire,
                argument: V.record({ actor: V.party(dso) }),
                consuming: true,
                actingParties: [dso],
              },
              () => V.record({}),
            );
            return V.enum('DsoRules_ExpireAnsEntryResult');
          },
        );
      });
      yield this.ctx.transaction({ command: 'expire-ans-subscription' }, (tx) => {
        tx.exercise(
          this.governance.dsoRules,
          {
            choice: SpliceChoices.DsoRulesExpireSubscription,
            argument: V.record({
              ansEntryContextCid: V.contractId(tx.contractId(e.context)),
              subscriptionIdleStateCid: V.contractId(tx.contractId(e.idleState)),
              choiceArg: V.record({ actor: V.party(dso) }),
              sv: V.optional(V.party(sv)),
            }),
            consuming: false,
            actingParties: [sv],
          },
          () => {
            let terminated: GenericContract | undefined;
            tx.exercise(
              e.idleState,
              {
                choice: SpliceChoices.SubscriptionIdleStateExpireSubscription,
                argument: V.record({ actor: V.party(dso) }),
                consuming: true,
                actingParties: [dso],
              },
              () => {
                tx.exercise(
                  e.subscription,
                  {
                    choice: SpliceChoices.SubscriptionArchive,
                    argument: V.record({}),
                    consuming: true,
                    actingParties: [e.user.id, dso],
                  },
                  () => {
                    terminated = tx.create(
                      SpliceTemplates.TerminatedSubscription,
                      (e.subscription as GenericContract).payload,
                      [e.user.id, dso],
                    );
                    return V.record({ terminatedSubscription: V.contractId(tx.contractId(terminated)) });
                  },
                );
                return V.record({ terminatedSubscription: V.contractId(tx.contractId(terminated!)) });
              },
            );
            tx.exercise(
              e.context,
              {
                choice: SpliceChoices.AnsEntryContextTerminate,
                argument: V.record({
                  actor: V.party(dso),
                  terminatedSubscriptionCid: V.contractId(tx.contractId(terminated!)),
                }),
                consuming: true,
                actingParties: [dso],
              },
              () => {
                // fetchUncheckedAndArchive of the terminated subscription.
                tx.archive(terminated!, [e.user.id, dso]);
                return V.record({});
              },
            );
            return V.enum('DsoRules_ExpireSubscriptionResult');
          },
        );
      });
    }
  }

  private featuredRight(tx: TxBuilder, provider: SimParty): DamlValue | null {
    const right = this.governance.featuredAppRights.get(provider.id);
    return right ? V.contractId(tx.contractId(right)) : null;
  }
}

function transferContextValue(c: {
  amuletRules: string;
  openMiningRound: string;
  featuredAppRight: string | null;
}): DamlValue {
  return V.record({
    amuletRules: V.contractId(c.amuletRules),
    openMiningRound: V.contractId(c.openMiningRound),
    featuredAppRight: V.optional(c.featuredAppRight === null ? null : V.contractId(c.featuredAppRight)),
  });
}

/** The url and description of an AnsEntry (kept across renewals). */
function toCompactEntry(entry: GenericContract): { url: string; description: string } {
  return toCompact(entry.payload) as unknown as { url: string; description: string };
}
