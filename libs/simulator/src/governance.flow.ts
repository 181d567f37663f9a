import {
  type ActionRequiringConfirmation,
  type AddSv,
  addSvType,
  type AmuletConfig,
  amuletConfigType,
  type AmuletPriceVotePayload,
  type AmuletRulesPayload,
  buildSplicePayload,
  type DamlValue,
  type DsoBootstrapPayload,
  type DsoRulesPayload,
  dsoRulesConfigType,
  fromCompact,
  type HistoryUpdate,
  SpliceChoices,
  SpliceTemplates,
  type SvNodeStatePayload,
  type SvRewardStatePayload,
  type SvStatusReportPayload,
  synchronizerNodeConfigType,
  V,
} from '@canton-scan/domain';
import type { GenericContract } from './contract-store';
import { confirmAndExecute, type ConfirmationTarget } from './dso-confirmation';
import type { SimParty, SimSv } from './network-identities';
import {
  amuletConfig,
  ANS_RULES_CONFIG,
  dsoRulesConfig,
  REWARD_CONFIGS,
  svNodeStatePayload,
  TRANSFER_CONFIG,
} from './network-config';
import { svScanUrl } from './simulator.options';
import { formatMicros, parseMicros } from './sim-clock';
import type { SimContext } from './simulator.context';
import type { TxBuilder } from './transaction.builder';

/** An SV's per-SV contract (reward state, price vote, status report, node state) and its payload. */
export interface SvContract<P> {
  contract: GenericContract;
  payload: P;
}

const INITIAL_AMULET_PRICE = '0.0050000000';
const SV_REWARD_WEIGHT = '10000';

/**
 * DSO governance state: DsoRules (the SVs), AmuletRules (the config schedule), the
 * external-party rules, the SVs' per-SV contracts and featured app rights, and the execution of
 * accepted vote actions (`VoteFlow` runs the votes themselves). The network starts as Splice's
 * does: a `DsoBootstrap` with SV1 as sole SV, then each further SV added by a confirmed
 * `SRARC_AddSv` and its node configured with `DsoRules_SetSynchronizerNodeConfig`.
 */
export class GovernanceFlow implements ConfirmationTarget {
  dsoRules!: GenericContract;
  dsoRulesPayload!: DsoRulesPayload;
  amuletRules!: GenericContract;
  amuletRulesPayload!: AmuletRulesPayload;
  ansRules!: GenericContract;
  externalPartyAmuletRules!: GenericContract;
  externalPartyConfigState!: GenericContract;
  /** SV name to its SvNodeState. */
  readonly svNodeStates = new Map<string, GenericContract>();
  private readonly svNodeStatePayloads = new Map<string, SvNodeStatePayload>();
  /** SV party to its AmuletPriceVote. */
  readonly priceVotes = new Map<string, SvContract<AmuletPriceVotePayload>>();
  /** SV name to its SvRewardState. */
  readonly svRewardStates = new Map<string, SvContract<SvRewardStatePayload>>();
  /** SV party to its latest SvStatusReport. */
  readonly svStatusReports = new Map<string, SvContract<SvStatusReportPayload>>();
  /** Provider party id to its FeaturedAppRight. */
  readonly featuredAppRights = new Map<string, GenericContract>();

  constructor(private readonly ctx: SimContext) {}

  /** SVs currently in DsoRules. */
  get currentSvs(): SimSv[] {
    const members = new Set(this.dsoRulesPayload.svs.map(([party]) => party));
    return this.ctx.network.svs.filter((sv) => members.has(sv.party.id));
  }

  get confirmationTimeoutMicros(): number {
    return Number(this.dsoRulesPayload.config.actionConfirmationTimeout.microseconds);
  }

  /** `voteCooldownTime` of the DsoRules config (Splice's default: one minute). */
  get voteCooldownMicros(): number {
    return Number(this.dsoRulesPayload.config.voteCooldownTime?.microseconds ?? 60_000_000);
  }

  /** The AmuletConfig in force at `micros` (the latest schedule entry at or before it). */
  amuletConfigAt(micros: number): AmuletConfig {
    const { initialValue, futureValues } = this.amuletRulesPayload.configSchedule;
    let config = initialValue;
    for (const item of futureValues) if (parseMicros(item._1) <= micros) config = item._2;
    return config;
  }

  /**
   * The genesis transaction, as on MainNet: a root `DsoBootstrap` create and its
   * `DsoBootstrap_Bootstrap`, which creates AmuletRules, ExternalPartyAmuletRules, AnsRules, the
   * first rounds (`AmuletRules_Bootstrap_Rounds`, whose children `bootstrapRounds` adds), DsoRules
   * with SV1 and SV1's per-SV contracts.
   */
  bootstrap(tx: TxBuilder, bootstrapRounds: (tx: TxBuilder) => readonly GenericContract[]): void {
    const { network, options } = this.ctx;
    const dso = network.dso.id;
    const sv1 = network.svs[0];
    const initialConfig = amuletConfig(network, options.tickMicros, REWARD_CONFIGS.genesis);
    const sv1Nodes = svNodeStatePayload(network, sv1, 0, svScanUrl(options, 0)).state.synchronizerNodes;
    const bootstrap: DsoBootstrapPayload = {
      dso,
      sv1Party: sv1.party.id,
      sv1Name: sv1.name,
      sv1RewardWeight: SV_REWARD_WEIGHT,
      sv1ParticipantId: sv1.participantId,
      sv1SynchronizerNodes: sv1Nodes,
      round0Duration: { microseconds: String(options.tickMicros) },
      amuletConfig: initialConfig,
      amuletPrice: INITIAL_AMULET_PRICE,
      ansRulesConfig: ANS_RULES_CONFIG,
      config: dsoRulesConfig(network),
      initialTrafficState: [],
      isDevNet: true,
      initialRound: null,
    };
    const bootstrapContract = tx.create(
      SpliceTemplates.DsoBootstrap,
      buildSplicePayload(SpliceTemplates.DsoBootstrap, bootstrap),
      [dso],
      [sv1.party.id],
    );
    tx.exercise(
      bootstrapContract,
      {
        choice: SpliceChoices.DsoBootstrapBootstrap,
        argument: V.record({}),
        consuming: true,
        actingParties: [dso],
        result: V.enum('DsoBootstrap_BootstrapResult'),
      },
      () => {
        this.amuletRulesPayload = {
          dso,
          configSchedule: {
            initialValue: initialConfig,
            // As in Splice since 0.1.12: no future values; config changes are `CRARC_SetConfig` votes.
            futureValues: [],
          },
          isDevNet: true,
          contractStateSchemaVersion: null,
        };
        this.amuletRules = tx.create(
          SpliceTemplates.AmuletRules,
          buildSplicePayload(SpliceTemplates.AmuletRules, this.amuletRulesPayload),
          [dso],
        );
        this.externalPartyAmuletRules = tx.create(
          SpliceTemplates.ExternalPartyAmuletRules,
          buildSplicePayload(SpliceTemplates.ExternalPartyAmuletRules, { dso }),
          [dso],
        );
        this.ansRules = tx.create(
          SpliceTemplates.AnsRules,
          buildSplicePayload(SpliceTemplates.AnsRules, { dso, config: ANS_RULES_CONFIG }),
          [dso],
        );
        this.bootstrapRounds(tx, bootstrapRounds);
        this.dsoRulesPayload = {
          dso,
          epoch: '0',
          svs: [
            [
              sv1.party.id,
              {
                name: sv1.name,
                joinedAsOfRound: { number: '0' },
                svRewardWeight: SV_REWARD_WEIGHT,
                participantId: sv1.participantId,
              },
            ],
          ],
          offboardedSvs: [],
          dsoDelegate: sv1.party.id,
          config: bootstrap.config,
          initialTrafficState: [],
          isDevNet: true,
        };
        this.dsoRules = this.createDsoRules(tx);
        this.createPerSvContracts(tx, sv1, { number: '0' }, INITIAL_AMULET_PRICE, sv1Nodes);
      },
    );
  }

  /** `AmuletRules_Bootstrap_Rounds`: the three first rounds, then the two external-party config states. */
  private bootstrapRounds(
    tx: TxBuilder,
    bootstrapRounds: (tx: TxBuilder) => readonly GenericContract[],
  ): void {
    const dso = this.ctx.dso.id;
    tx.exercise(
      this.amuletRules,
      {
        choice: SpliceChoices.AmuletRulesBootstrapRounds,
        argument: V.record({
          amuletPrice: V.numeric(INITIAL_AMULET_PRICE),
          round0Duration: V.record({ microseconds: V.int64(String(this.ctx.options.tickMicros)) }),
          initialRound: V.none(),
        }),
        consuming: false,
        actingParties: [dso],
      },
      () => {
        const [round0, round1, round2] = bootstrapRounds(tx);
        const cid = (c: GenericContract): DamlValue => V.contractId(tx.contractId(c));
        tx.exercise(
          this.amuletRules,
          {
            choice: SpliceChoices.AmuletRulesBootstrapExternalPartyConfigState,
            argument: V.record({
              openMiningRoundTriple: V.record({
                round0Cid: cid(round0),
                round1Cid: cid(round1),
                round2Cid: cid(round2),
              }),
              expectedDso: V.party(dso),
            }),
            consuming: false,
            actingParties: [dso],
            result: V.enum('AmuletRules_BootstrapExternalPartyConfigStateResult'),
          },
          () => {
            // Two states, the second one tick of the state's duration later (Splice's default: 24 h).
            const day = 86_400_000_000;
            const transfer = TRANSFER_CONFIG;
            for (const after of [day, 2 * day]) {
              this.externalPartyConfigState = tx.create(
                SpliceTemplates.ExternalPartyConfigState,
                buildSplicePayload(SpliceTemplates.ExternalPartyConfigState, {
                  dso,
                  holdingFeesOpenRoundNumber: { number: '0' },
                  amuletPrice: INITIAL_AMULET_PRICE,
                  transferConfig: {
                    holdingFee: transfer.holdingFee,
                    maxNumInputs: transfer.maxNumInputs,
                    maxNumOutputs: transfer.maxNumOutputs,
                    maxNumLockHolders: transfer.maxNumLockHolders,
                    tokenStandardMaxTTL: transfer.tokenStandardMaxTTL,
                  },
                  targetArchiveAfter: formatMicros(tx.effectiveMicros + after),
                  rewardCalculationVersion: null,
                }),
                [dso],
              );
            }
          },
        );
        return V.record({
          openMiningRoundCid: cid(round2),
          initialRound: V.optional(V.record({ number: V.int64('0') })),
        });
      },
    );
  }

  /**
   * Adds the other SVs one by one as Splice's `SRARC_AddSv` does (confirmed by the SVs already in
   * DsoRules), each then publishing its nodes (`DsoRules_SetSynchronizerNodeConfig`).
   */
  *addGenesisSvs(): Generator<HistoryUpdate> {
    const { network, options } = this.ctx;
    for (const [i, sv] of network.svs.entries()) {
      if (i === 0) continue;
      const addSv: AddSv = {
        newSvParty: sv.party.id,
        newSvName: sv.name,
        newSvRewardWeight: SV_REWARD_WEIGHT,
        newSvParticipantId: sv.participantId,
        joinedAsOfRound: { number: '0' },
      };
      yield* confirmAndExecute(
        this.ctx,
        this,
        'add-sv',
        { tag: 'ARC_DsoRules', value: { dsoAction: { tag: 'SRARC_AddSv', value: addSv } } },
        (tx) => this.addSv(tx, sv, addSv),
      );
      const nodes = svNodeStatePayload(network, sv, i, svScanUrl(options, i)).state.synchronizerNodes;
      yield this.setSynchronizerNodeConfig(sv, nodes);
    }
  }

  private addSv(tx: TxBuilder, sv: SimSv, addSv: AddSv): void {
    tx.exercise(
      this.dsoRules,
      {
        choice: SpliceChoices.DsoRulesAddSv,
        argument: fromCompact(addSvType, addSv),
        consuming: true,
        actingParties: [this.ctx.dso.id],
      },
      () => {
        this.createPerSvContracts(tx, sv, addSv.joinedAsOfRound, null, []);
        this.dsoRulesPayload = {
          ...this.dsoRulesPayload,
          svs: [
            ...this.dsoRulesPayload.svs,
            [
              sv.party.id,
              {
                name: sv.name,
                joinedAsOfRound: addSv.joinedAsOfRound,
                svRewardWeight: addSv.newSvRewardWeight,
                participantId: sv.participantId,
              },
            ],
          ],
        };
        this.dsoRules = this.createDsoRules(tx);
        return V.record({ newDsoRules: V.contractId(tx.contractId(this.dsoRules)) });
      },
    );
  }

  /** Splice's `createPerSvContracts` and `createPerSvPartyContracts`, in their order. */
  private createPerSvContracts(
    tx: TxBuilder,
    sv: SimSv,
    joinedAsOfRound: { number: string },
    amuletPrice: string | null,
    synchronizerNodes: SvNodeStatePayload['state']['synchronizerNodes'],
  ): void {
    const dso = this.ctx.dso.id;
    const rewardState: SvRewardStatePayload = {
      dso,
      svName: sv.name,
      state: {
        numRoundsMissed: '0',
        numRoundsCollected: '0',
        lastRoundCollected: { number: String(Number(joinedAsOfRound.number) - 1) },
        numCouponsIssued: '0',
      },
    };
    this.svRewardStates.set(sv.name, {
      contract: tx.create(
        SpliceTemplates.SvRewardState,
        buildSplicePayload(SpliceTemplates.SvRewardState, rewardState),
        [dso],
      ),
      payload: rewardState,
    });
    // Backdated by the cooldown, so the SV may vote at once.
    const vote: AmuletPriceVotePayload = {
      dso,
      sv: sv.party.id,
      amuletPrice,
      lastUpdatedAt: formatMicros(tx.effectiveMicros - this.voteCooldownMicros),
    };
    this.priceVotes.set(sv.party.id, {
      contract: tx.create(
        SpliceTemplates.AmuletPriceVote,
        buildSplicePayload(SpliceTemplates.AmuletPriceVote, vote),
        [dso],
      ),
      payload: vote,
    });
    const report: SvStatusReportPayload = {
      dso,
      sv: sv.party.id,
      svName: sv.name,
      number: '0',
      status: null,
    };
    this.svStatusReports.set(sv.party.id, {
      contract: tx.create(
        SpliceTemplates.SvStatusReport,
        buildSplicePayload(SpliceTemplates.SvStatusReport, report),
        [dso],
      ),
      payload: report,
    });
    const nodeState: SvNodeStatePayload = {
      dso,
      sv: sv.party.id,
      svName: sv.name,
      state: { synchronizerNodes },
    };
    this.setNodeState(tx, sv, nodeState);
  }

  /**
   * `DsoRules_SetSynchronizerNodeConfig`: the SV publishes its nodes on one synchronizer (given, or
   * made from the transaction's effective time in microseconds).
   */
  setSynchronizerNodeConfig(
    sv: SimSv,
    nodes:
      | SvNodeStatePayload['state']['synchronizerNodes']
      | ((effectiveMicros: number) => SvNodeStatePayload['state']['synchronizerNodes']),
  ): HistoryUpdate {
    return this.ctx.transaction({ command: 'set-synchronizer-node-config' }, (tx) => {
      const [[synchronizerId, nodeConfig]] = typeof nodes === 'function' ? nodes(tx.effectiveMicros) : nodes;
      const previous = this.svNodeStates.get(sv.name);
      const payload = this.svNodeStatePayloads.get(sv.name);
      if (!previous || !payload) throw new Error(`simulator bug: ${sv.name} has no node state`);
      tx.exercise(
        this.dsoRules,
        {
          choice: SpliceChoices.DsoRulesSetSynchronizerNodeConfig,
          argument: V.record({
            sv: V.party(sv.party.id),
            synchronizerId: V.text(synchronizerId),
            newNodeConfig: fromCompact(synchronizerNodeConfigType, nodeConfig),
            nodeStateCid: V.contractId(tx.contractId(previous)),
          }),
          consuming: false,
          actingParties: [sv.party.id],
        },
        () => {
          tx.archive(previous, [this.ctx.dso.id]);
          const others = payload.state.synchronizerNodes.filter(([id]) => id !== synchronizerId);
          const next = this.setNodeState(tx, sv, {
            ...payload,
            state: { synchronizerNodes: [...others, [synchronizerId, nodeConfig]] },
          });
          return V.record({ svNodeState: V.contractId(tx.contractId(next)) });
        },
      );
    });
  }

  /** The SV's current SvNodeState payload. */
  nodeStatePayloadOf(sv: SimSv): SvNodeStatePayload {
    const payload = this.svNodeStatePayloads.get(sv.name);
    if (!payload) throw new Error(`simulator bug: ${sv.name} has no node state`);
    return payload;
  }

  private setNodeState(tx: TxBuilder, sv: SimSv, payload: SvNodeStatePayload): GenericContract {
    const state = tx.create(
      SpliceTemplates.SvNodeState,
      buildSplicePayload(SpliceTemplates.SvNodeState, payload),
      [this.ctx.dso.id],
    );
    this.svNodeStates.set(sv.name, state);
    this.svNodeStatePayloads.set(sv.name, payload);
    return state;
  }

  /** A DevNet app provider features its own app (`AmuletRules_DevNet_FeatureApp`, DevNet only). */
  *grantFeaturedAppRight(provider: SimParty): Generator<HistoryUpdate> {
    yield this.ctx.transaction({ command: 'feature-app' }, (tx) => {
      tx.exercise(
        this.amuletRules,
        {
          choice: SpliceChoices.AmuletRulesDevNetFeatureApp,
          argument: V.record({ provider: V.party(provider.id), activityWeight: V.none() }),
          consuming: false,
          actingParties: [provider.id],
        },
        () =>
          V.record({
            featuredAppRightCid: V.contractId(tx.contractId(this.createFeaturedAppRight(tx, provider, null))),
          }),
      );
    });
  }

  /** Carries out an accepted action inside the closing transaction. */
  executeAction(tx: TxBuilder, action: ActionRequiringConfirmation): void {
    const dso = this.ctx.dso.id;
    if (action.tag === 'ARC_AmuletRules') {
      const inner = action.value.amuletRulesAction;
      if (inner.tag !== 'CRARC_SetConfig') throw new Error(`simulator cannot execute ${inner.tag}`);
      const { newConfig, baseConfig } = inner.value;
      const schedule = this.amuletRulesPayload.configSchedule;
      // Splice's `patch newConfig baseConfig current`: the simulator's votes are based on the config
      // in force, where the patch is `newConfig` itself.
      if (schedule.futureValues.length > 0)
        throw new Error('simulator bug: AmuletRules_SetConfig needs no futureValues');
      if (JSON.stringify(baseConfig) !== JSON.stringify(schedule.initialValue))
        throw new Error('simulator bug: a SetConfig vote whose baseConfig is not the config in force');
      tx.exercise(
        this.amuletRules,
        {
          choice: SpliceChoices.AmuletRulesSetConfig,
          argument: V.record({
            newConfig: fromCompact(amuletConfigType, newConfig),
            baseConfig: fromCompact(amuletConfigType, baseConfig),
          }),
          consuming: true,
          actingParties: [dso],
        },
        () => {
          this.amuletRulesPayload = {
            ...this.amuletRulesPayload,
            configSchedule: { initialValue: newConfig, futureValues: [] },
          };
          this.amuletRules = tx.create(
            SpliceTemplates.AmuletRules,
            buildSplicePayload(SpliceTemplates.AmuletRules, this.amuletRulesPayload),
            [dso],
          );
          return V.record({ newAmuletRules: V.contractId(tx.contractId(this.amuletRules)) });
        },
      );
      return;
    }
    if (action.tag !== 'ARC_DsoRules') throw new Error(`simulator bug: not a vote action: ${action.tag}`);
    const inner = action.value.dsoAction;
    switch (inner.tag) {
      case 'SRARC_OffboardSv': {
        const sv = inner.value.sv;
        const info = this.dsoRulesPayload.svs.find(([party]) => party === sv)?.[1];
        if (!info) throw new Error('simulator bug: offboarding a party that is not an SV');
        const svs = this.dsoRulesPayload.svs.filter(([party]) => party !== sv);
        // Offboarding the delegate elects the SV with the smallest party id and starts a new epoch.
        const delegateLeaves = sv === this.dsoRulesPayload.dsoDelegate;
        this.replaceDsoRules(tx, SpliceChoices.DsoRulesOffboardSv, V.record({ sv: V.party(sv) }), {
          ...this.dsoRulesPayload,
          epoch: String(Number(this.dsoRulesPayload.epoch) + (delegateLeaves ? 1 : 0)),
          dsoDelegate: delegateLeaves
            ? svs.map(([party]) => party).sort()[0]
            : this.dsoRulesPayload.dsoDelegate,
          svs,
          offboardedSvs: [
            ...this.dsoRulesPayload.offboardedSvs,
            [sv, { name: info.name, participantId: info.participantId }],
          ],
        });
        return;
      }
      case 'SRARC_UpdateSvRewardWeight': {
        const { svParty, newRewardWeight } = inner.value;
        this.replaceDsoRules(
          tx,
          SpliceChoices.DsoRulesUpdateSvRewardWeight,
          V.record({ svParty: V.party(svParty), newRewardWeight: V.int64(newRewardWeight) }),
          {
            ...this.dsoRulesPayload,
            svs: this.dsoRulesPayload.svs.map(([party, info]) => [
              party,
              party === svParty ? { ...info, svRewardWeight: newRewardWeight } : info,
            ]),
          },
        );
        return;
      }
      case 'SRARC_GrantFeaturedAppRight': {
        const { activityWeight } = inner.value;
        const provider = this.ctx.network.users.find((u) => u.id === inner.value.provider);
        if (!provider) throw new Error('simulator bug: featured app right for an unknown provider');
        tx.exercise(
          this.dsoRules,
          {
            choice: SpliceChoices.DsoRulesGrantFeaturedAppRight,
            argument: V.record({
              provider: V.party(provider.id),
              activityWeight: V.optional(activityWeight === null ? null : V.numeric(activityWeight)),
            }),
            consuming: false,
            actingParties: [dso],
          },
          () =>
            V.record({
              featuredAppRight: V.contractId(
                tx.contractId(this.createFeaturedAppRight(tx, provider, activityWeight)),
              ),
            }),
        );
        return;
      }
      case 'SRARC_SetConfig': {
        // Only base = the config in force is voted here, so patching gives the new config.
        const { newConfig, baseConfig } = inner.value;
        this.replaceDsoRules(
          tx,
          SpliceChoices.DsoRulesSetConfig,
          V.record({
            newConfig: fromCompact(dsoRulesConfigType, newConfig),
            baseConfig: V.optional(baseConfig === null ? null : fromCompact(dsoRulesConfigType, baseConfig)),
          }),
          { ...this.dsoRulesPayload, config: newConfig },
        );
        return;
      }
      case 'SRARC_AddSv':
      case 'SRARC_RevokeFeaturedAppRight':
      case 'SRARC_CreateTransferCommandCounter': // confirmed by the SVs, not voted on (transfer-command.flow.ts)
        throw new Error(`simulator cannot execute ${inner.tag}`);
    }
  }

  private replaceDsoRules(tx: TxBuilder, choice: string, argument: DamlValue, next: DsoRulesPayload): void {
    tx.exercise(
      this.dsoRules,
      { choice, argument, consuming: true, actingParties: [this.ctx.dso.id] },
      () => {
        this.dsoRulesPayload = next;
        this.dsoRules = this.createDsoRules(tx);
        return V.record({ newDsoRules: V.contractId(tx.contractId(this.dsoRules)) });
      },
    );
  }

  private createDsoRules(tx: TxBuilder): GenericContract {
    return tx.create(
      SpliceTemplates.DsoRules,
      buildSplicePayload(SpliceTemplates.DsoRules, this.dsoRulesPayload),
      [this.ctx.dso.id],
      this.dsoRulesPayload.svs.map(([party]) => party),
    );
  }

  private createFeaturedAppRight(
    tx: TxBuilder,
    provider: SimParty,
    activityWeight: string | null,
  ): GenericContract {
    const right = tx.create(
      SpliceTemplates.FeaturedAppRight,
      buildSplicePayload(SpliceTemplates.FeaturedAppRight, {
        dso: this.ctx.dso.id,
        provider: provider.id,
        activityWeight,
      }),
      [this.ctx.dso.id],
      [provider.id],
    );
    this.featuredAppRights.set(provider.id, right);
    return right;
  }
}
