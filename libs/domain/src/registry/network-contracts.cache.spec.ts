import { NetworkContractsCache } from './network-contracts.cache';
import type { FactoryContracts, TokenRegistryRepository } from './token-registry.repository';

function fakeRepository() {
  let version = 'v1';
  let loads = 0;
  let failNext = false;
  let blob: string | undefined = 'YmxvYg==';
  const repository = {
    lookupLedgerVersion: jest.fn(async () => version),
    loadNetworkContracts: jest.fn(async (): Promise<FactoryContracts> => {
      loads += 1;
      if (failNext) {
        failNext = false;
        throw new Error('connection lost');
      }
      return {
        factory: { contractId: `factory-${loads}`, createdEventBlob: blob } as FactoryContracts['factory'],
      };
    }),
  };
  return {
    cache: new NetworkContractsCache(repository as unknown as TokenRegistryRepository),
    repository,
    setVersion: (v: string) => (version = v),
    failNextLoad: () => (failNext = true),
    setBlob: (b: string | undefined) => (blob = b),
  };
}

describe('NetworkContractsCache', () => {
  it('reads the contracts once per ledger version, sharing one load between concurrent requests', async () => {
    const { cache, repository, setVersion } = fakeRepository();
    const first = await Promise.all([cache.current(), cache.current(), cache.current()]);
    expect(first.map((c) => c.factory?.contractId)).toEqual(['factory-1', 'factory-1', 'factory-1']);
    expect((await cache.current()).factory?.contractId).toBe('factory-1');
    expect(repository.loadNetworkContracts).toHaveBeenCalledTimes(1);
    setVersion('v2');
    expect((await cache.current()).factory?.contractId).toBe('factory-2');
    expect(repository.loadNetworkContracts).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed load', async () => {
    const { cache, failNextLoad } = fakeRepository();
    failNextLoad();
    await expect(cache.current()).rejects.toThrow('connection lost');
    expect((await cache.current()).factory?.contractId).toBe('factory-2');
  });

  it('does not keep contracts lacking a blob (a mirror stores it later without a new ledger version)', async () => {
    const { cache, repository, setBlob } = fakeRepository();
    setBlob(undefined);
    expect((await cache.current()).factory?.contractId).toBe('factory-1');
    setBlob('YmxvYg==');
    const reloaded = await cache.current();
    expect(reloaded.factory).toMatchObject({ contractId: 'factory-2', createdEventBlob: 'YmxvYg==' });
    expect((await cache.current()).factory?.contractId).toBe('factory-2');
    expect(repository.loadNetworkContracts).toHaveBeenCalledTimes(2);
  });
});
