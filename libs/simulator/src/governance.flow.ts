import {
  type ActionRequiringConfirmation,
  actionRequiringConfirmationType,
  type AmuletRulesPayload,
  buildSplicePayload,
  type DamlValue,
  type DsoRulesPayload,
  fromCompact,
  type HistoryUpdate,
  SpliceChoices,
  SpliceTemplates,
  V,
} from '@canton-scan/domain';
import type { GenericContract } from './contract-store';
import type { SimParty, SimSv } from './network-identities';
import { amuletConfig, dsoRulesConfig, REWARD_ACCOUNTING, svNodeStatePayload } from './network-config';
import { runHorizonMicros, svScanUrl } from './simulator.options';
import { formatMicros } from './sim-clock';
import type { SimContext } from './simulator.context';
import type { TxBuilder } from './transaction.builder';

/**
 * DSO governance state: DsoRules (the SVs), AmuletRules (the config schedule), the
 * external-party rules, SV node states and featured app rights, and the execution of accepted
 * vote actions (`VoteFlow` runs the votes themselves).
 */
export class GovernanceFlow {
  dsoRules!: GenericContract;
  dsoRulesPayload!: DsoRulesPayload;
  amuletRules!: GenericContract;
  amuletRulesPayload!: AmuletRulesPayload;
  externalPartyAmuletRules!: GenericContract;
  externalPartyConfigState!: GenericContract;
  readonly svNodeStates = new Map<string, GenericContract>();
  /** Provider party id to its FeaturedAppRight. */
  readonly featuredAppRights = new Map<string, GenericContract>();

  constructor(private readonly ctx: SimContext) {}

  /** SVs currently in DsoRules. */
  get currentSvs(): SimSv[] {
    const members = new Set(this.dsoRulesPayload.svs.map(([party]) => party));
    return this.ctx.network.svs.filter((sv) => members.has(sv.party.id));
  }

  /** Genesis contracts; the caller's bootstrap transaction also creates the first rounds. */
  bootstrap(tx: TxBuilder): void {
    const { network, options } = this.ctx;
    const dso = network.dso.id;
    const at = (round: number): string => formatMicros(this.ctx.clock.tickStart(round));
    this.amuletRulesPayload = {
      dso,
      configSchedule: {
        initialValue: amuletConfig(network, options.tickMicros, REWARD_ACCOUNTING.genesis),
        futureValues: [
          {
            _1: at(Math.floor(options.rounds / 3)),
            _2: amuletConfig(network, options.tickMicros, REWARD_ACCOUNTING.firstFuture),
          },
          {
            _1: at(Math.floor((2 * options.rounds) / 3)),
            _2: amuletConfig(network, options.tickMicros, REWARD_ACCOUNTING.secondFuture),
          },
        ],
      },
      isDevNet: true,
    };
    this.amuletRules = tx.create(
      SpliceTemplates.AmuletRules,
      buildSplicePayload(SpliceTemplates.AmuletRules, this.amuletRulesPayload),
      [dso],
    );
    this.dsoRulesPayload = {
      dso,
      epoch: '0',
      svs: network.svs.map((sv) => [
        sv.party.id,
        {
          name: sv.name,
          joinedAsOfRound: { number: '0' },
          svRewardWeight: '10000',
          participantId: sv.participantId,
        },
      ]),
      offboardedSvs: [],
      dsoDelegate: network.svs[0].party.id,
      config: dsoRulesConfig(network),
      isDevNet: true,
    };
    this.dsoRules = this.createDsoRules(tx);
    this.externalPartyAmuletRules = tx.create(
      SpliceTemplates.ExternalPartyAmuletRules,
      buildSplicePayload(SpliceTemplates.ExternalPartyAmuletRules, { dso }),
      [dso],
    );
    this.externalPartyConfigState = tx.create(
      SpliceTemplates.ExternalPartyConfigState,
      buildSplicePayload(SpliceTemplates.ExternalPartyConfigState, {
        dso,
        targetArchiveAfter: formatMicros(tx.effectiveMicros + runHorizonMicros(options)),
      }),
      [dso],
    );
    network.svs.forEach((sv, i) => {
      const state = tx.create(
        SpliceTemplates.SvNodeState,
        buildSplicePayload(
          SpliceTemplates.SvNodeState,
          svNodeStatePayload(network, sv, i, svScanUrl(options, i)),
        ),
        [dso],
        [sv.party.id],
      );
      this.svNodeStates.set(sv.name, state);
    });
  }

  *grantFeaturedAppRight(provider: SimParty): Generator<HistoryUpdate> {
    yield this.ctx.transaction({ command: 'grant-featured-app-right' }, (tx) => {
      tx.exercise(
        this.dsoRules,
        {
          choice: SpliceChoices.DsoRulesGrantFeaturedAppRight,
          argument: V.record({ provider: V.party(provider.id) }),
          consuming: false,
          actingParties: [this.ctx.dso.id],
        },
        () =>
          V.record({
            featuredAppRight: V.contractId(tx.contractId(this.createFeaturedAppRight(tx, provider))),
          }),
      );
    });
  }

  /** Carries out an accepted action inside the closing transaction. */
  executeAction(tx: TxBuilder, action: ActionRequiringConfirmation): void {
    const dso = this.ctx.dso.id;
    if (action.tag === 'ARC_AmuletRules') {
      const inner = action.value.amuletRulesAction;
      if (inner.tag !== 'CRARC_AddFutureAmuletConfigSchedule')
        throw new Error(`simulator cannot execute ${inner.tag}`);
      const item = inner.value.newScheduleItem;
      tx.exercise(
        this.amuletRules,
        {
          choice: SpliceChoices.AmuletRulesAddFutureAmuletConfigSchedule,
          argument: fromCompact(actionRequiringConfirmationType, action),
          consuming: true,
          actingParties: [dso],
        },
        () => {
          const schedule = this.amuletRulesPayload.configSchedule;
          this.amuletRulesPayload = {
            ...this.amuletRulesPayload,
            configSchedule: {
              ...schedule,
              futureValues: [...schedule.futureValues, item].sort((a, b) => a._1.localeCompare(b._1)),
            },
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
    const inner = action.value.dsoAction;
    switch (inner.tag) {
      case 'SRARC_OffboardSv': {
        const sv = inner.value.sv;
        const info = this.dsoRulesPayload.svs.find(([party]) => party === sv)?.[1];
        if (!info) throw new Error('simulator bug: offboarding a party that is not an SV');
        this.replaceDsoRules(tx, SpliceChoices.DsoRulesOffboardSv, V.record({ sv: V.party(sv) }), {
          ...this.dsoRulesPayload,
          epoch: String(Number(this.dsoRulesPayload.epoch) + 1),
          svs: this.dsoRulesPayload.svs.filter(([party]) => party !== sv),
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
        const provider = this.ctx.network.users.find((u) => u.id === inner.value.provider);
        if (!provider) throw new Error('simulator bug: featured app right for an unknown provider');
        tx.exercise(
          this.dsoRules,
          {
            choice: SpliceChoices.DsoRulesGrantFeaturedAppRight,
            argument: V.record({ provider: V.party(provider.id) }),
            consuming: false,
            actingParties: [dso],
          },
          () =>
            V.record({
              featuredAppRight: V.contractId(tx.contractId(this.createFeaturedAppRight(tx, provider))),
            }),
        );
        return;
      }
      case 'SRARC_RevokeFeaturedAppRight':
      case 'SRARC_SetConfig':
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

  private createFeaturedAppRight(tx: TxBuilder, provider: SimParty): GenericContract {
    const right = tx.create(
      SpliceTemplates.FeaturedAppRight,
      buildSplicePayload(SpliceTemplates.FeaturedAppRight, { dso: this.ctx.dso.id, provider: provider.id }),
      [this.ctx.dso.id],
      [provider.id],
    );
    this.featuredAppRights.set(provider.id, right);
    return right;
  }
}
