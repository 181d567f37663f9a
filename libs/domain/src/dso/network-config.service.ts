import type { scanApi } from '@canton-scan/contracts';
import { toContractWithState } from '../contracts/active-contracts.repository';
import { formatDamlDecimal, parseDamlDecimal } from '../daml-value/daml-decimal';
import { fewestDigitsText } from '../daml-value/daml-scalars';
import { notFound } from '../errors/domain-error';
import { PayloadReader } from '../history/payload-reader';
import type { NetworkConfigRepository } from './network-config.repository';

export type SpliceInstanceNames = scanApi.GetSpliceInstanceNamesResponse;
export type MigrationSchedule = scanApi.MigrationSchedule;
export type FeatureSupport = scanApi.FeatureSupportResponse;
export type AmuletConfigForRound = scanApi.GetAmuletConfigForRoundResponse;
export type AmuletPriceVotes = scanApi.ListAmuletPriceVotesResponse;

/** What this Splice network calls itself and its parts (`SPLICE_APP_UI_*`, as a Splice scan is configured). */
export interface SpliceInstanceNamesConfig {
  readonly networkName: string;
  readonly networkFaviconUrl: string;
  readonly amuletName: string;
  readonly amuletNameAcronym: string;
  readonly nameServiceName: string;
  readonly nameServiceNameAcronym: string;
}

const ONE = 10n ** 10n;

/** USD to amulet at `price`: the quotient to 10 decimals rounded half to even, as Daml divides Numerics. */
export function dollarsToAmulet(usd: string, price: string): string {
  const a = parseDamlDecimal(usd);
  const b = parseDamlDecimal(price);
  if (b === 0n) throw new RangeError('amulet price is zero');
  const n = a * ONE;
  let q = n / b;
  const r = n - q * b;
  const twice = 2n * (r < 0n ? -r : r);
  const abs = b < 0n ? -b : b;
  const negative = n < 0n !== b < 0n;
  if (twice > abs || (twice === abs && q % 2n !== 0n)) q += negative ? -1n : 1n;
  return formatDamlDecimal(q);
}

/** A decimal as upstream's codec writes it: exactly 10 fraction digits. */
const decimal = (text: string): string => formatDamlDecimal(parseDamlDecimal(text));

/**
 * The network's configuration as scan serves it: the instance's names (node configuration), the
 * scheduled synchronizer upgrade (DsoRules), the fees of a round (its OpenMiningRound) and the SVs'
 * amulet price votes (docs/current-contracts.md "Network configuration").
 */
export class NetworkConfigService {
  constructor(
    private readonly repository: NetworkConfigRepository,
    private readonly names: SpliceInstanceNamesConfig,
  ) {}

  getSpliceInstanceNames(): SpliceInstanceNames {
    const n = this.names;
    return {
      network_name: n.networkName,
      network_favicon_url: n.networkFaviconUrl,
      amulet_name: n.amuletName,
      amulet_name_acronym: n.amuletNameAcronym,
      name_service_name: n.nameServiceName,
      name_service_name_acronym: n.nameServiceNameAcronym,
    };
  }

  /** The upgrade the current DsoRules schedule; NotFound when none is scheduled (or no DsoRules is known). */
  async getMigrationSchedule(): Promise<MigrationSchedule> {
    const config = await this.repository.lookupDsoRulesConfig();
    const next = config?.nextScheduledSynchronizerUpgrade;
    if (typeof next !== 'object' || next === null || Array.isArray(next))
      throw notFound('no synchronizer upgrade is scheduled');
    const { time, migrationId } = next as { time?: unknown; migrationId?: unknown };
    if (typeof time !== 'string' || typeof migrationId !== 'string' || !/^\d{1,18}$/.test(migrationId))
      throw notFound('the scheduled synchronizer upgrade cannot be read');
    return { time: fewestDigitsText(time), migration_id: Number(migrationId) };
  }

  /** Upstream answers an empty object: no optional features are announced yet. */
  featureSupport(): FeatureSupport {
    return {};
  }

  /**
   * The fees of round `round` in amulet: its OpenMiningRound's `transferConfigUsd` divided by its
   * `amuletPrice`, as upstream records them when the round opens. NotFound for a round whose
   * opening this node did not record.
   */
  async getAmuletConfigForRound(round: number): Promise<AmuletConfigForRound> {
    const missing = () => notFound(`Round ${round} not found`);
    if (!Number.isSafeInteger(round) || round < 0) throw missing();
    const contract = await this.repository.lookupOpenMiningRound(round);
    if (!contract) throw missing();
    const r = new PayloadReader(contract.payload);
    const price = r.decimal('amuletPrice');
    const createFee = r.decimal('transferConfigUsd', 'createFee', 'fee');
    const holdingFee = r.decimal('transferConfigUsd', 'holdingFee', 'rate');
    const lockHolderFee = r.decimal('transferConfigUsd', 'lockHolderFee', 'fee');
    const initialRate = r.decimal('transferConfigUsd', 'transferFee', 'initialRate');
    const steps = r.array('transferConfigUsd', 'transferFee', 'steps').map((s) => new PayloadReader(s));
    const stepValues = steps.map((s) => ({ from: s.decimal('_1'), rate: s.decimal('_2') }));
    const read = r.result(price, 'amulet config for round', contract.templateId, contract.contractId);
    if (read === undefined || steps.some((s) => s.missing.length > 0)) throw missing();
    try {
      return {
        amulet_create_fee: dollarsToAmulet(createFee, price),
        holding_fee: dollarsToAmulet(holdingFee, price),
        lock_holder_fee: dollarsToAmulet(lockHolderFee, price),
        transfer_fee: {
          initial: decimal(initialRate),
          steps: stepValues.map((s) => ({ amount: dollarsToAmulet(s.from, price), rate: decimal(s.rate) })),
        },
      };
    } catch {
      // A zero price or a value past Decimal's 10 fraction digits (another package's payload).
      throw missing();
    }
  }

  async listAmuletPriceVotes(): Promise<AmuletPriceVotes> {
    const votes = await this.repository.listAmuletPriceVotes();
    return { amulet_price_votes: votes.map((v) => toContractWithState(v).contract) };
  }
}
