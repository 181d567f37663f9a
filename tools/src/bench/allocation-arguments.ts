import type { SimulatedNetwork } from '@canton-scan/simulator';

/** `AllocationFactory_Allocate` arguments for the simulated network: one amulet leg between two users. */
export function allocateArguments(
  network: SimulatedNetwork,
  now: string,
  settlementId: string,
): Record<string, unknown> {
  const [sender, receiver] = network.users;
  const dso = network.dso.id;
  return {
    expectedAdmin: dso,
    allocation: {
      settlement: {
        executor: network.appProviders[0].id,
        settlementRef: { id: settlementId, cid: null },
        requestedAt: now,
        allocateBefore: now,
        settleBefore: now,
        meta: { values: {} },
      },
      transferLegId: 'leg-0',
      transferLeg: {
        sender: sender.id,
        receiver: receiver.id,
        amount: '12.5000000000',
        instrumentId: { admin: dso, id: 'Amulet' },
        meta: { values: {} },
      },
    },
    requestedAt: now,
    inputHoldingCids: [],
    extraArgs: { context: { values: {} }, meta: { values: {} } },
  };
}
