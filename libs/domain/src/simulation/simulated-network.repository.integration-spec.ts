import { useTestDatabase } from '@canton-scan/testing';
import { Db } from '../database/db';
import { SimulatedNetworkRepository } from './simulated-network.repository';

describe('SimulatedNetworkRepository', () => {
  const db = useTestDatabase();
  const repository = () => new SimulatedNetworkRepository(Db.of(db.dataSource));

  it('records the simulated network of a store, a later record replacing an earlier one', async () => {
    expect(await repository().lookupNetwork()).toBeUndefined();
    await repository().recordNetwork({ options: { rounds: 24 }, live: false });
    const options = {
      rounds: 432,
      startTime: '2026-11-24T06:00:00.000000Z',
      tickSeconds: 600,
      continuous: true,
    };
    await repository().recordNetwork({ options, live: true });
    expect(await repository().lookupNetwork()).toEqual({ options, live: true });
  });

  it('finds an empty store without a history end', async () => {
    expect(await repository().lookupHistoryEnd()).toEqual({
      empty: true,
      ledgerOffset: undefined,
      migrationId: undefined,
    });
  });
});
