import {
  type AmuletConfig,
  type AnsRulesConfig,
  type DsoRulesConfig,
  formatDamlDecimal,
  type IssuanceConfig,
  parseDamlDecimal,
  type RewardConfig,
  type SvNodeStatePayload,
  type TransferConfig,
} from '@canton-scan/domain';
import { HOLDING_FEE_RATE } from './contract-store';
import type { SimParty, SimSv, SimulatedNetwork } from './network-identities';

// Configuration values of the simulated network, modelled on DevNet defaults.

const d = parseDamlDecimal;

/**
 * The transfer fees of the simulated network's `TransferConfig`, in USD. splice-amulet 0.1.22
 * charges no create, transfer or lock holder fee (every output fee is 0), so the network
 * configures them as zero like MainNet, keeping Splice's fee check (fee = the round's
 * configuration at its price) true; the holding fee rate still ages amulets towards expiry.
 */
export const TRANSFER_FEES = {
  createFee: 0n,
  lockHolderFee: 0n,
  initialRate: 0n,
  /** (step, rate above it): none. */
  steps: [] as (readonly [bigint, bigint])[],
  holdingFeeRate: d(HOLDING_FEE_RATE),
};

/**
 * The Development Fund manager (`optDevelopmentFundManager` of the AmuletConfig), who allocates
 * UnclaimedDevelopmentFundCoupons to beneficiaries: the first SV.
 */
export function developmentFundManager(network: SimulatedNetwork): SimParty {
  return network.svs[0].party;
}

/** Synchronizer traffic fees (`decentralizedSynchronizer.fees` of the AmuletConfig). */
export const TRAFFIC_FEES = {
  /** USD per MB (10^6 bytes) of extra traffic. */
  extraTrafficPrice: d('16.67'),
  /** Bytes; the least a purchase may buy. */
  minTopupAmount: 200_000,
};

export const TRANSFER_CONFIG: TransferConfig = {
  createFee: { fee: formatDamlDecimal(TRANSFER_FEES.createFee) },
  holdingFee: { rate: HOLDING_FEE_RATE },
  transferFee: {
    initialRate: formatDamlDecimal(TRANSFER_FEES.initialRate),
    steps: TRANSFER_FEES.steps.map(([threshold, rate]) => ({
      _1: formatDamlDecimal(threshold),
      _2: formatDamlDecimal(rate),
    })),
  },
  lockHolderFee: { fee: formatDamlDecimal(TRANSFER_FEES.lockHolderFee) },
  extraFeaturedAppRewardAmount: '1.0000000000',
  maxNumInputs: '100',
  maxNumOutputs: '100',
  maxNumLockHolders: '50',
  tokenStandardMaxTTL: null,
};

export const ISSUANCE_CONFIG: IssuanceConfig = {
  amuletToIssuePerYear: '40000000000.0000000000',
  validatorRewardPercentage: '0.0500000000',
  appRewardPercentage: '0.1500000000',
  validatorRewardCap: '0.2000000000',
  featuredAppRewardCap: '100.0000000000',
  unfeaturedAppRewardCap: '0.6000000000',
  optValidatorFaucetCap: '2.8500000000',
  optDevelopmentFundPercentage: '0.0500000000',
};

const LATER_ISSUANCE_CONFIG: IssuanceConfig = {
  ...ISSUANCE_CONFIG,
  amuletToIssuePerYear: '20000000000.0000000000',
  validatorRewardPercentage: '0.1200000000',
  appRewardPercentage: '0.4000000000',
};

/**
 * CIP-0104 reward configurations (`AmuletConfig.rewardConfig`, copied onto every OpenMiningRound
 * with the traffic price, as Splice's AmuletRules does), all different so a reader can tell which
 * one a round used: genesis (`initialValue`), the two that accepted `CRARC_SetConfig` votes put in
 * force a third and two thirds into the run, the one a later accepted vote sets, and one a rejected
 * vote proposed (never in force). They mint by featured app markers (on-ledger app reward coupons,
 * as before CIP-0104) without a dry run, so the rounds carry the inputs of the off-ledger
 * computation (scan's activity totals) while minting stays on ledger; they differ in the coupon
 * threshold (USD).
 */
export const REWARD_CONFIGS = {
  genesis: rewardConfig('0.5000000000'),
  firstFuture: rewardConfig('1.0000000000'),
  secondFuture: rewardConfig('1.5000000000'),
  votedIn: rewardConfig('2.0000000000'),
  rejected: rewardConfig('99.0000000000'),
} satisfies Record<string, RewardConfig>;

function rewardConfig(appRewardCouponThreshold: string): RewardConfig {
  return {
    mintingVersion: 'RewardVersion_FeaturedAppMarkers',
    dryRunVersion: null,
    batchSize: '100',
    rewardCouponTimeToLive: { microseconds: String(36 * 3600 * 1_000_000) },
    appRewardCouponThreshold,
  };
}

export function amuletConfig(
  network: SimulatedNetwork,
  tickMicros: number,
  rewardConfig: RewardConfig,
): AmuletConfig {
  return buildAmuletConfig({
    synchronizer: network.synchronizers[0],
    tickMicros,
    rewardConfig,
    developmentFundManager: developmentFundManagerOf(network).id,
  });
}

/** The party the AmuletConfig names as the development fund's manager: SV1's. */
export function developmentFundManagerOf(network: SimulatedNetwork): SimSv['party'] {
  return network.svs[0].party;
}

/**
 * An AmuletConfig of the simulated network's shape (fees, issuance, synchronizer, packages) for
 * one synchronizer and reward configuration; `laterIssuance: false` leaves the
 * issuance curve without future values.
 */
export function buildAmuletConfig(options: {
  synchronizer: string;
  tickMicros: number | bigint;
  /** `rewardConfig`; none (pre-CIP-0104 rounds) by default. */
  rewardConfig?: RewardConfig | null;
  laterIssuance?: boolean;
  /** `optDevelopmentFundManager`; none by default. */
  developmentFundManager?: string;
}): AmuletConfig {
  const {
    synchronizer,
    tickMicros,
    rewardConfig = null,
    laterIssuance = true,
    developmentFundManager,
  } = options;
  return {
    transferConfig: TRANSFER_CONFIG,
    issuanceCurve: {
      initialValue: ISSUANCE_CONFIG,
      futureValues: laterIssuance
        ? [{ _1: { microseconds: String(365 * 86_400 * 1_000_000) }, _2: LATER_ISSUANCE_CONFIG }]
        : [],
    },
    decentralizedSynchronizer: {
      requiredSynchronizers: { map: [[synchronizer, {}]] },
      activeSynchronizer: synchronizer,
      fees: {
        baseRateTrafficLimits: { burstAmount: '400000', burstWindow: { microseconds: '1200000000' } },
        extraTrafficPrice: formatDamlDecimal(TRAFFIC_FEES.extraTrafficPrice),
        readVsWriteScalingFactor: '4',
        minTopupAmount: String(TRAFFIC_FEES.minTopupAmount),
      },
    },
    tickDuration: { microseconds: String(tickMicros) },
    packageConfig: {
      amulet: '0.1.22',
      amuletNameService: '0.1.23',
      dsoGovernance: '0.1.28',
      validatorLifecycle: '0.1.8',
      wallet: '0.1.23',
      walletPayments: '0.1.22',
    },
    transferPreapprovalFee: null,
    featuredAppActivityMarkerAmount: '1.0000000000',
    optDevelopmentFundManager: developmentFundManager ?? null,
    externalPartyConfigStateTickDuration: null,
    rewardConfig,
    transferPreapprovalBaseDuration: null,
  };
}

const DAY_MICROS = 86_400 * 1_000_000;

/** The name service's rules (MainNet's genesis values). */
export const ANS_RULES_CONFIG: AnsRulesConfig = {
  renewalDuration: { microseconds: String(30 * DAY_MICROS) },
  entryLifetime: { microseconds: String(90 * DAY_MICROS) },
  entryFee: '1.0000000000',
  descriptionPrefix: 'CNS entry: ',
};

export function dsoRulesConfig(network: SimulatedNetwork): DsoRulesConfig {
  const [global] = network.synchronizers;
  const relTime = (micros: number): { microseconds: string } => ({ microseconds: String(micros) });
  return {
    numUnclaimedRewardsThreshold: '10',
    numMemberTrafficContractsThreshold: '5',
    actionConfirmationTimeout: relTime(3_600_000_000),
    svOnboardingRequestTimeout: relTime(3_600_000_000),
    svOnboardingConfirmedTimeout: relTime(3_600_000_000),
    voteRequestTimeout: relTime(7 * DAY_MICROS),
    dsoDelegateInactiveTimeout: relTime(70_000_000),
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
          global,
          { state: 'DS_Operational', cometBftGenesisJson: '', acsCommitmentReconciliationInterval: '1800' },
        ],
      ],
      lastSynchronizerId: global,
      activeSynchronizerId: global,
    },
    nextScheduledSynchronizerUpgrade: null,
    voteCooldownTime: { microseconds: String(60_000_000) },
    nextScheduledLogicalSynchronizerUpgrade: null,
  };
}

/**
 * The SV's node state: its nodes on the global synchronizer, as a Daml `Map` (`[[synchronizerId,
 * node]]`), whose `scan.publicUrl` is `scanUrl` (the SV's scan base URL, without `/api/scan`).
 */
export function svNodeStatePayload(
  network: SimulatedNetwork,
  sv: SimSv,
  index: number,
  scanUrl: string,
): SvNodeStatePayload {
  const [global] = network.synchronizers;
  const slug = sv.name.toLowerCase();
  const namespace = sv.party.id.split('::')[1];
  const key = (kind: string): string => Buffer.from(`${kind}:${sv.party.id}`).toString('base64').slice(0, 44);
  return {
    dso: network.dso.id,
    sv: sv.party.id,
    svName: sv.name,
    state: {
      synchronizerNodes: [
        [
          global,
          {
            cometBft: {
              nodes: [
                [
                  `${index.toString(16).padStart(2, '0')}${slug.slice(0, 38)}`,
                  { validatorPubKey: key('cometbft'), votingPower: '1' },
                ],
              ],
              governanceKeys: [{ pubKey: key('governance') }],
              sequencingKeys: [],
            },
            sequencer: {
              migrationId: '0',
              sequencerId: `SEQ::${slug}::${namespace}`,
              url: `https://sequencer-0.sv-${index + 1}.example.com`,
              availableAfter: null,
            },
            mediator: { mediatorId: `MED::${slug}::${namespace}` },
            scan: { publicUrl: scanUrl },
            legacySequencerConfig: null,
          },
        ],
      ],
    },
  };
}
