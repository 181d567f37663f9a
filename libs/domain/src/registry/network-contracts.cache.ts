import type { FactoryContracts, TokenRegistryRepository } from './token-registry.repository';

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
    const version = await this.repository.lookupLedgerVersion();
    if (this.entry?.version !== version) {
      const contracts = this.repository.loadNetworkContracts();
      const entry = { version, contracts };
      this.entry = entry;
      // A failed load is not kept: the next request tries again.
      contracts.catch(() => {
        if (this.entry === entry) this.entry = undefined;
      });
    }
    return this.entry.contracts;
  }
}
