import { SignJWT } from 'jose';
import {
  DEVELOPMENT_HS256_SECRET,
  SpliceTemplates,
  microsToTimestamp,
  timestampToMicros,
  type AmuletConfig,
  type AmuletRulesPayload,
  type DsoRulesConfig,
  type DsoRulesPayload,
  type HistoryCreatedEvent,
  type HistoryTransaction,
  type OpenMiningRoundPayload,
  type SpliceTemplate,
} from '@canton-scan/domain';
import {
  buildAmuletConfig,
  ISSUANCE_CONFIG as SIMULATED_ISSUANCE_CONFIG,
  TRANSFER_CONFIG as SIMULATED_TRANSFER_CONFIG,
} from '@canton-scan/simulator';
import { createdEvents, HistoryBuilder } from './history-fixtures';

const TICK_MICROS = 600_000_000n;

/** Configurations that differ in their CIP-0104 coupon threshold (USD), so a reader can tell them apart. */
function amuletConfig(synchronizer: string, appRewardCouponThreshold: string): AmuletConfig {
  return buildAmuletConfig({
    synchronizer,
    tickMicros: TICK_MICROS,
    laterIssuance: false,
    rewardConfig: {
      mintingVersion: 'RewardVersion_FeaturedAppMarkers',
      dryRunVersion: null,
      batchSize: '100',
      rewardCouponTimeToLive: { microseconds: '129600000000' },
      appRewardCouponThreshold,
    },
  });
}

function dsoRulesConfig(synchronizer: string): DsoRulesConfig {
  const hour = { microseconds: '3600000000' };
  return {
    numUnclaimedRewardsThreshold: '10',
    numMemberTrafficContractsThreshold: '5',
    actionConfirmationTimeout: hour,
    svOnboardingRequestTimeout: hour,
    svOnboardingConfirmedTimeout: hour,
    voteRequestTimeout: hour,
    dsoDelegateInactiveTimeout: hour,
    synchronizerNodeConfigLimits: {
      cometBft: {
        maxNumCometBftNodes: '2',
        maxNumGovernanceKeys: '2',
        maxNumSequencingKeys: '2',
        maxNodeIdLength: '50',
        maxPubKeyLength: '256',
      },
    },
    maxTextLength: '1024',
    decentralizedSynchronizer: {
      synchronizers: [
        [
          synchronizer,
          { state: 'DS_Operational', cometBftGenesisJson: '', acsCommitmentReconciliationInterval: null },
        ],
      ],
      lastSynchronizerId: synchronizer,
      activeSynchronizerId: synchronizer,
    },
    nextScheduledSynchronizerUpgrade: null,
    voteCooldownTime: null,
    nextScheduledLogicalSynchronizerUpgrade: null,
  };
}

export interface TokenAllocationParties {
  sender: string;
  receiver: string;
  executor: string;
}

/**
 * A small, hand-made Amulet network for the proxy and registry tests, on a HistoryBuilder:
 * `genesis()` creates AmuletRules (with a config schedule), DsoRules listing `svs` (and
 * `offboardedSv` as offboarded), one SvNodeState per SV including the offboarded one,
 * ExternalPartyAmuletRules, ExternalPartyConfigState, the `featuredProvider`'s FeaturedAppRight
 * and OpenMiningRounds 0 and 1 (open) and 2 (opening one tick later, i.e. not yet usable).
 */
export class TokenNetworkFixture {
  readonly h: HistoryBuilder;
  readonly dso: string;
  readonly svs: string[];
  readonly offboardedSv: string;
  readonly featuredProvider: string;
  readonly plainProvider: string;
  readonly alice: string;
  readonly bob: string;

  constructor(h = new HistoryBuilder()) {
    this.h = h;
    this.dso = h.party('DSO');
    this.svs = ['Digital-Asset-2', 'Cumberland-1', 'GSF-1', 'MPCH-1'].map((name) => h.party(name));
    this.offboardedSv = h.party('Departed-SV');
    this.featuredProvider = h.party('featured-app');
    this.plainProvider = h.party('plain-app');
    this.alice = h.party('alice');
    this.bob = h.party('bob');
  }

  private create(
    template: SpliceTemplate,
    payload: unknown,
    signatories: string[],
    observers: string[] = [],
    contractId?: string,
  ) {
    return { create: { template, payload, signatories, observers, contractId } };
  }

  genesis(): HistoryTransaction {
    const { h, dso } = this;
    const now = timestampToMicros(h.now());
    const later = (ticks: bigint) => microsToTimestamp(now + ticks * TICK_MICROS);
    const amuletRules: AmuletRulesPayload = {
      dso,
      configSchedule: {
        initialValue: amuletConfig(h.synchronizer, '0.5000000000'),
        futureValues: [
          { _1: later(10n), _2: amuletConfig(h.synchronizer, '1.0000000000') },
          { _1: later(20n), _2: amuletConfig(h.synchronizer, '1.5000000000') },
        ],
      },
      isDevNet: true,
      contractStateSchemaVersion: null,
    };
    const nodeState = (sv: string, name: string) =>
      this.create(
        SpliceTemplates.SvNodeState,
        { dso, sv, svName: name, state: { synchronizerNodes: [] } },
        [dso],
        [sv],
      );
    return h.tx([
      this.create(SpliceTemplates.AmuletRules, amuletRules, [dso]),
      this.create(SpliceTemplates.DsoRules, this.dsoRulesPayload(this.svs, [this.offboardedSv]), [dso]),
      ...[...this.svs, this.offboardedSv].map((sv, i) => nodeState(sv, `SV-${i}`)),
      this.create(SpliceTemplates.ExternalPartyAmuletRules, { dso }, [dso]),
      this.create(
        SpliceTemplates.ExternalPartyConfigState,
        {
          dso,
          holdingFeesOpenRoundNumber: { number: '0' },
          amuletPrice: '0.0050000000',
          transferConfig: {
            holdingFee: SIMULATED_TRANSFER_CONFIG.holdingFee,
            maxNumInputs: SIMULATED_TRANSFER_CONFIG.maxNumInputs,
            maxNumOutputs: SIMULATED_TRANSFER_CONFIG.maxNumOutputs,
            maxNumLockHolders: SIMULATED_TRANSFER_CONFIG.maxNumLockHolders,
            tokenStandardMaxTTL: null,
          },
          targetArchiveAfter: later(100n),
          rewardCalculationVersion: null,
        },
        [dso],
      ),
      this.create(
        SpliceTemplates.FeaturedAppRight,
        { dso, provider: this.featuredProvider, activityWeight: null },
        [dso],
        [this.featuredProvider],
      ),
      this.openRound(0, h.now()),
      this.openRound(1, h.now()),
      this.openRound(2, later(1n)),
    ]);
  }

  /** DsoRules listing `svs` (in this order) and `offboarded` as offboarded SVs. */
  dsoRulesPayload(svs: string[], offboarded: string[]): DsoRulesPayload {
    const zeros = '0'.repeat(64);
    return {
      dso: this.dso,
      epoch: '1',
      svs: svs.map((sv, i) => [
        sv,
        {
          name: `SV-${i}`,
          joinedAsOfRound: { number: '0' },
          svRewardWeight: '10000',
          participantId: `PAR::sv-${i}::1220${zeros}`,
        },
      ]),
      offboardedSvs: offboarded.map((sv, i) => [
        sv,
        { name: `SV-departed-${i}`, participantId: `PAR::departed-${i}::1220${zeros}` },
      ]),
      dsoDelegate: svs[0],
      config: dsoRulesConfig(this.h.synchronizer),
      initialTrafficState: [],
      isDevNet: true,
    };
  }

  /** A governance change: `current` DsoRules archived and re-created listing `svs`, the others offboarded. */
  replaceDsoRules(current: HistoryCreatedEvent, svs: string[]): HistoryTransaction {
    const offboarded = [...this.svs, this.offboardedSv].filter((sv) => !svs.includes(sv));
    return this.h.tx([
      {
        exercise: {
          contractId: current.contract_id,
          template: SpliceTemplates.DsoRules,
          choice: 'DsoRules_OffboardSv',
          consuming: true,
          actingParties: [this.dso],
          children: [
            this.create(SpliceTemplates.DsoRules, this.dsoRulesPayload(svs, offboarded), [this.dso]),
          ],
        },
      },
    ]);
  }

  /** A transaction creating OpenMiningRound `round`, opening at `opensAt`, signed by `dso` (the DSO by default). */
  createRound(round: number, opensAt: string, dso: string = this.dso): HistoryTransaction {
    return this.h.tx([this.openRound(round, opensAt, dso)]);
  }

  /** An OpenMiningRound of the DSO. */
  openRound(round: number, opensAt: string, dso: string = this.dso) {
    const payload: OpenMiningRoundPayload = {
      dso,
      round: { number: String(round) },
      amuletPrice: '0.0050000000',
      opensAt,
      targetClosesAt: microsToTimestamp(timestampToMicros(opensAt) + 2n * TICK_MICROS),
      issuingFor: { microseconds: String(BigInt(round) * TICK_MICROS) },
      transferConfigUsd: SIMULATED_TRANSFER_CONFIG,
      issuanceConfig: SIMULATED_ISSUANCE_CONFIG,
      tickDuration: { microseconds: String(TICK_MICROS) },
      trafficPrice: null,
      rewardConfig: null,
    };
    return this.create(SpliceTemplates.OpenMiningRound, payload, [dso]);
  }

  /** Moves record time on by `seconds` (chainable: `f.after(5).allocation()`). */
  after(seconds: number): this {
    this.h.advance(seconds);
    return this;
  }

  /** A transaction minting `amount` amulet to `owner` (unrelated to the registry: it just moves the ledger on). */
  tap(owner: string = this.alice, amount = '10.0000000000'): HistoryTransaction {
    const payload = {
      dso: this.dso,
      owner,
      amount: { initialAmount: amount, createdAt: { number: '1' }, ratePerRound: { rate: '0.0000190259' } },
    };
    return this.h.tx([this.create(SpliceTemplates.Amulet, payload, [this.dso, owner])]);
  }

  /** A token-standard allocation: the sender's LockedAmulet and the AmuletAllocation holding it. */
  allocation(parties: Partial<TokenAllocationParties> = {}): HistoryTransaction {
    const { h, dso } = this;
    const { sender = this.alice, receiver = this.bob, executor = this.featuredProvider } = parties;
    const lockedCid = h.contractId();
    const now = timestampToMicros(h.now());
    const settleBefore = microsToTimestamp(now + 6n * TICK_MICROS);
    return h.tx([
      this.create(
        SpliceTemplates.LockedAmulet,
        {
          amulet: {
            dso,
            owner: sender,
            amount: {
              initialAmount: '25.0000000000',
              createdAt: { number: '1' },
              ratePerRound: { rate: '0.0000190259' },
            },
          },
          lock: { holders: [dso], expiresAt: settleBefore, optContext: 'allocation settlement-1/leg-0' },
        },
        [dso, sender],
        [],
        lockedCid,
      ),
      this.create(
        SpliceTemplates.AmuletAllocation,
        {
          lockedAmulet: lockedCid,
          allocation: {
            settlement: {
              executor,
              settlementRef: { id: 'settlement-1', cid: null },
              requestedAt: h.now(),
              allocateBefore: microsToTimestamp(now + TICK_MICROS),
              settleBefore,
              meta: { values: {} },
            },
            transferLegId: 'leg-0',
            transferLeg: {
              sender,
              receiver,
              amount: '25.0000000000',
              instrumentId: { admin: dso, id: 'Amulet' },
              meta: { values: {} },
            },
          },
        },
        [dso, sender],
        [executor, receiver],
      ),
    ]);
  }

  /**
   * `AllocationFactory_Allocate` arguments in ledger JSON encoding, as a wallet sends them to the
   * factory endpoints: one leg in the v1 form, or `legs` legs in the multi-leg form
   * (`allocation.transferLegs`) spread over 25 accounts (distinct owners and providers), every
   * leg in Amulet (the registry serves no other instrument).
   */
  allocateArguments(legs = 1): Record<string, unknown> {
    const { h, dso } = this;
    const now = timestampToMicros(h.now());
    const settlement = {
      executor: this.featuredProvider,
      settlementRef: { id: 'trade-42', cid: null },
      requestedAt: h.now(),
      allocateBefore: microsToTimestamp(now + TICK_MICROS),
      settleBefore: microsToTimestamp(now + 6n * TICK_MICROS),
      meta: { values: {} },
    };
    const common = {
      expectedAdmin: dso,
      requestedAt: h.now(),
      inputHoldingCids: [h.contractId(), h.contractId()],
      extraArgs: { context: { values: {} }, meta: { values: {} } },
    };
    if (legs === 1) {
      const transferLeg = {
        sender: this.alice,
        receiver: this.bob,
        amount: '25.0000000000',
        instrumentId: { admin: dso, id: 'Amulet' },
        meta: { values: {} },
      };
      return { ...common, allocation: { settlement, transferLegId: 'leg-0', transferLeg } };
    }
    const owners = Array.from({ length: 25 }, (_, i) => h.party(`account-owner-${i}`));
    const providers = Array.from({ length: 25 }, (_, i) =>
      i === 0 ? dso : h.party(`account-provider-${i}`),
    );
    const account = (i: number) => ({
      owner: owners[i % 25],
      provider: providers[i % 25],
      id: `account-${i % 25}`,
    });
    const transferLegs = Object.fromEntries(
      Array.from({ length: legs }, (_, i) => [
        `leg-${i}`,
        {
          sender: account(i),
          receiver: account(i + 1),
          amount: `${i + 1}.0000000000`,
          instrumentId: { admin: dso, id: 'Amulet' },
          meta: { values: { 'leg-index': String(i) } },
        },
      ]),
    );
    return { ...common, allocation: { settlement, transferLegs } };
  }

  /** A transaction archiving `contract` (a consuming exercise by the DSO). */
  archive(contract: HistoryCreatedEvent, choice = 'Archive'): HistoryTransaction {
    const template = Object.values(SpliceTemplates).find((t) => t.templateId === contract.template_id);
    if (!template) throw new Error(`not a Splice template: ${contract.template_id}`);
    return this.h.tx([
      {
        exercise: {
          contractId: contract.contract_id,
          template,
          choice,
          consuming: true,
          actingParties: [this.dso],
        },
      },
    ]);
  }
}

/** The created event of `template` in `tx` (the first one when there are several). */
export function createdOf(tx: HistoryTransaction, template: SpliceTemplate): HistoryCreatedEvent {
  const found = createdEvents(tx).find((e) => e.template_id === template.templateId);
  if (!found) throw new Error(`no ${template.qualifiedName} created in ${tx.update_id}`);
  return found;
}

/** Every created event of `template` in `tx`, in node order. */
export function allCreatedOf(tx: HistoryTransaction, template: SpliceTemplate): HistoryCreatedEvent[] {
  return createdEvents(tx).filter((e) => e.template_id === template.templateId);
}

/**
 * An HS256 bearer token for the apps' default (development) auth configuration: scope
 * `daml_ledger_api`, `sub` the user, valid for an hour unless `exp` (seconds) says otherwise.
 */
export async function signDevelopmentToken(
  claims: { sub?: string; scope?: string; exp?: number; nbf?: number } = {},
  secret: string = DEVELOPMENT_HS256_SECRET,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub: 'wallet-user', scope: 'daml_ledger_api', exp: now + 3600, ...claims };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .sign(new TextEncoder().encode(secret));
}
