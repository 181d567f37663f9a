import type { ActiveContract } from '../contracts/active-contracts.repository';
import { notFound } from '../errors/domain-error';
import type {
  FactoryContracts,
  NetworkContracts,
  TokenRegistryRepository,
} from './token-registry.repository';

/**
 * The network contracts every registry answer starts from (AmuletRules, the latest usable round,
 * the factory, the external-party config state), read once per ledger version. They change only
 * when updates are ingested, so a request costs one trivial indexed query (the version) instead of
 * re-reading and re-parsing tens of kilobytes of contracts. Concurrent requests share one load.
 */
export class NetworkContractsCache {
  private entry?: { version: string; contracts: Promise<FactoryContracts> };

  constructor(private readonly repository: TokenRegistryRepository) {}

  async current(): Promise<FactoryContracts> {
    return (await this.currentWithVersion()).contracts;
  }

  /** The contracts and the ledger version they were read at (a key for caches of other per-version reads). */
  async currentWithVersion(): Promise<{ version: string; contracts: FactoryContracts }> {
    const version = await this.repository.lookupLedgerVersion();
    return { version, contracts: await this.at(version) };
  }

  /**
   * The contracts at `version`, as `lookupLedgerVersion` named it: loaded unless this version's
   * load is already under way or done. Lets a caller read other per-version data concurrently.
   */
  at(version: string): Promise<FactoryContracts> {
    if (this.entry?.version !== version) {
      const contracts = this.repository.loadNetworkContracts();
      const entry = { version, contracts };
      this.entry = entry;
      // A failed load is not kept: the next request tries again. Nor is one lacking a blob (a
      // mirror's, docs/current-contracts.md "Created event blobs"): stored later, it changes no version.
      contracts.then(
        (loaded) => {
          if (lacksBlob(Object.values(loaded)) && this.entry === entry) this.entry = undefined;
        },
        () => {
          if (this.entry === entry) this.entry = undefined;
        },
      );
    }
    return this.entry.contracts;
  }
}

/** Whether any of the contracts has no blob yet (a mirrored contract no peer served). */
export function lacksBlob(contracts: readonly (ActiveContract | undefined)[]): boolean {
  return contracts.some((c) => c !== undefined && c.createdEventBlob === undefined);
}

/** AmuletRules and the latest usable OpenMiningRound, or NotFound naming which is missing. */
export async function requireNetwork(
  contracts: NetworkContracts,
  repository: Pick<TokenRegistryRepository, 'lookupLedgerTime'>,
): Promise<Required<NetworkContracts>> {
  const { amuletRules, openRound } = contracts;
  if (!amuletRules) throw notFound('no AmuletRules contract has been ingested yet');
  if (!openRound) {
    const now = await repository.lookupLedgerTime();
    throw notFound(
      `no usable OpenMiningRound: none of the DSO's open rounds has opened by ${now ?? 'the start of the ingested history'}`,
    );
  }
  return { amuletRules, openRound };
}
