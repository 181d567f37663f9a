import type { scanApi, scanProxyApi } from '@canton-scan/contracts';
import { toContractWithState, type ActiveContract } from '../contracts/active-contracts.repository';
import { notFound } from '../errors/domain-error';
import type { OpenMiningRoundPayload } from '../splice/mining-round.payloads';
import { timestampToMicros } from '../snapshots/snapshot-schedule';
import type { DsoRepository } from './dso.repository';
import type { NetworkContractsRepository } from './network-contracts.repository';

export type DsoPartyIdInfo = scanApi.DsoPartyIdResponse;
export type FeaturedAppRightInfo = scanApi.FeaturedAppRightResponse;
export type OpenAndIssuingMiningRounds = scanApi.OpenAndIssuingMiningRoundsResponse;
export type OpenAndIssuingMiningRoundsRequest = scanApi.OpenAndIssuingMiningRoundsRequest;
export type ProxyOpenAndIssuingMiningRounds = scanProxyApi.ProxyOpenAndIssuingMiningRoundsResponse;
export type TransferPreapprovalInfo = scanApi.TransferPreapprovalResponse;
export type AmuletRulesRequest = scanApi.AmuletRulesRequest;
export type AmuletRulesUpdate = scanApi.AmuletRulesUpdateResponse;
type MaybeCached = scanApi.MaybeCachedContractWithState;

/** The largest time to live an int32 holds (about 35 minutes). */
const MAX_TTL_MICROS = 2_147_483_647n;

/** A contract the caller holds: where it is assigned, without the contract. */
function cached(c: ActiveContract): MaybeCached {
  return c.inFlight ? {} : { domain_id: c.synchronizerId };
}

/** Contracts by id, in full unless the caller holds them (`cachedIds`). */
function maybeCached(contracts: ActiveContract[], cachedIds: readonly string[]): Record<string, MaybeCached> {
  const known = new Set(cachedIds);
  const out: Record<string, MaybeCached> = {};
  for (const c of contracts) out[c.contractId] = known.has(c.contractId) ? cached(c) : toContractWithState(c);
  return out;
}

/**
 * How long an answer listing `open` rounds may be cached at `now` (docs/current-contracts.md
 * "Mining rounds for wallets"): until the earliest `opensAt` still ahead, else one tick of the
 * newest open round; 0 without rounds or ledger time.
 */
export function miningRoundsTimeToLive(open: readonly ActiveContract[], now: string | undefined): number {
  if (now === undefined || open.length === 0) return 0;
  const nowMicros = timestampToMicros(now);
  // Rounds whose payload lacks a field (another package version) are not counted (docs/compact-only.md).
  const ahead = open
    .flatMap((c) => {
      const opensAt = (c.payload as Partial<OpenMiningRoundPayload>).opensAt;
      return typeof opensAt === 'string' ? [timestampToMicros(opensAt) - nowMicros] : [];
    })
    .filter((d) => d > 0n);
  const tick = (open[open.length - 1].payload as Partial<OpenMiningRoundPayload>).tickDuration?.microseconds;
  if (ahead.length === 0 && (typeof tick !== 'string' || !/^\d+$/.test(tick))) return 0;
  const ttl = ahead.length > 0 ? ahead.reduce((a, b) => (a < b ? a : b)) : BigInt(tick!);
  return Number(ttl > MAX_TTL_MICROS ? MAX_TTL_MICROS : ttl);
}

/**
 * The DSO's contracts wallets fetch on their own, publicly from scan (cache-aware forms) and
 * through the validator proxy (plain forms).
 */
export class NetworkContractsService {
  constructor(
    private readonly repository: NetworkContractsRepository,
    private readonly dso: DsoRepository,
  ) {}

  async getDsoPartyId(): Promise<DsoPartyIdInfo> {
    const dso = await this.repository.lookupDsoPartyId();
    if (dso === undefined) throw notFound('no DsoRules contract has been ingested yet');
    return { dso_party_id: dso };
  }

  /** The provider's current FeaturedAppRight; `featured_app_right` is left out when it has none. */
  async lookupFeaturedAppRight(provider: string): Promise<FeaturedAppRightInfo> {
    const right = await this.repository.lookupFeaturedAppRight(provider);
    return right ? { featured_app_right: toContractWithState(right).contract } : {};
  }

  /** The receiver's current TransferPreapproval; NotFound when it has none. */
  async getTransferPreapproval(party: string): Promise<TransferPreapprovalInfo> {
    const preapproval = await this.repository.lookupTransferPreapproval(party);
    if (!preapproval) throw notFound(`no TransferPreapproval for party ${party}`);
    return { transfer_preapproval: toContractWithState(preapproval) };
  }

  /** The current rounds, those the caller holds without their contract. */
  async getOpenAndIssuingMiningRounds(
    request: OpenAndIssuingMiningRoundsRequest,
  ): Promise<OpenAndIssuingMiningRounds> {
    const rounds = await this.repository.loadMiningRounds();
    return {
      time_to_live_in_microseconds: miningRoundsTimeToLive(rounds.open, rounds.ledgerTime),
      open_mining_rounds: maybeCached(rounds.open, request.cached_open_mining_round_contract_ids),
      issuing_mining_rounds: maybeCached(rounds.issuing, request.cached_issuing_round_contract_ids),
    };
  }

  /** The current rounds in full (the validator proxy's form). */
  async listOpenAndIssuingMiningRounds(): Promise<ProxyOpenAndIssuingMiningRounds> {
    const rounds = await this.repository.loadMiningRounds();
    return {
      open_mining_rounds: rounds.open.map(toContractWithState),
      issuing_mining_rounds: rounds.issuing.map(toContractWithState),
    };
  }

  /** The current AmuletRules; without the contract when the caller holds that very contract. */
  async getAmuletRulesUpdate(request: AmuletRulesRequest): Promise<AmuletRulesUpdate> {
    const rules = await this.dso.lookupAmuletRules();
    if (!rules) throw notFound('no AmuletRules contract has been ingested yet');
    return {
      amulet_rules_update:
        request.cached_amulet_rules_contract_id === rules.contractId
          ? cached(rules)
          : toContractWithState(rules),
    };
  }
}
