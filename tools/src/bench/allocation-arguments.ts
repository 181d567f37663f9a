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

/**
 * `TransferFactory_Transfer` arguments for the simulated network: `users[2]` sends amulet to
 * `users[0]`, preapproved when the network was simulated with `transferPreapprovalParties` >= 1
 * (a direct transfer, the largest transfer-factory context).
 */
export function transferArguments(network: SimulatedNetwork, now: string | Date): Record<string, unknown> {
  const [receiver, , sender] = network.users;
  const dso = network.dso.id;
  const at = new Date(now);
  return {
    expectedAdmin: dso,
    transfer: {
      sender: sender.id,
      receiver: receiver.id,
      amount: '12.5000000000',
      instrumentId: { admin: dso, id: 'Amulet' },
      requestedAt: at.toISOString(),
      executeBefore: new Date(at.getTime() + 3_600_000).toISOString(),
      inputHoldingCids: [],
      meta: { values: {} },
    },
    extraArgs: { context: { values: {} }, meta: { values: {} } },
  };
}
