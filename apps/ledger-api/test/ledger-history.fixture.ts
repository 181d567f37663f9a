import type { ledgerApi } from '@canton-scan/contracts';
import {
  SpliceInterfaces,
  SpliceTemplates,
  type HistoryCreatedEvent,
  type HistoryTransaction,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { createdEvents, HistoryBuilder } from '@canton-scan/testing';

/**
 * A small ledger history exercising every projection rule of the ledger node group. Offsets:
 *
 * 1. tx: Amulet A1 (alice), Amulet B1 (bob), ExternalPartyAmuletRules R (dso only)
 * 2. tx: alice's consuming `AmuletRules_Transfer` on A1 (root), creating Amulet B2 (bob) and
 *    LockedAmulet L1 (alice, locked by dso)
 * 3. tx: carol's transient Amulet T: created and archived in the same transaction
 * 4. unassignment of B1 to the other synchronizer
 * 5. assignment of B1
 * 6. tx: FeaturedAppRight F (dso; observer carol), a non-consuming exercise on R by dso;
 *    workflow id and external transaction hash set
 */
export function ledgerHistory() {
  const b = new HistoryBuilder();
  const dso = b.party('dso');
  const alice = b.party('alice');
  const bob = b.party('bob');
  const carol = b.party('carol');
  const dave = b.party('dave');
  const amulet = (owner: string, amount: string) => ({
    dso,
    owner,
    amount: { initialAmount: amount, createdAt: { number: '7' }, ratePerRound: { rate: '0.0001000000' } },
  });

  const a1 = b.contractId();
  const tx1 = b.tx([
    {
      create: {
        template: SpliceTemplates.Amulet,
        payload: amulet(alice, '100.0000000000'),
        signatories: [dso, alice],
        contractId: a1,
      },
    },
    {
      create: {
        template: SpliceTemplates.Amulet,
        payload: amulet(bob, '50.0000000000'),
        signatories: [dso, bob],
      },
    },
    { create: { template: SpliceTemplates.ExternalPartyAmuletRules, payload: { dso }, signatories: [dso] } },
  ]);
  const [, b1Created, rulesCreated] = createdEvents(tx1);

  const tx2 = b.tx([
    {
      exercise: {
        contractId: a1,
        template: SpliceTemplates.Amulet,
        choice: 'AmuletRules_Transfer',
        consuming: true,
        actingParties: [alice],
        children: [
          {
            create: {
              template: SpliceTemplates.Amulet,
              payload: amulet(bob, '40.0000000000'),
              signatories: [dso, bob],
            },
          },
          {
            create: {
              template: SpliceTemplates.LockedAmulet,
              payload: {
                amulet: amulet(alice, '60.0000000000'),
                lock: { holders: [dso], expiresAt: '2026-02-01T00:00:00.000000Z', optContext: 'allocation' },
              },
              signatories: [dso, alice],
            },
          },
        ],
      },
    },
  ]);

  const transient = b.contractId();
  const tx3 = b.tx([
    {
      create: {
        template: SpliceTemplates.Amulet,
        payload: amulet(carol, '5.0000000000'),
        signatories: [dso, carol],
        contractId: transient,
      },
    },
    {
      exercise: {
        contractId: transient,
        template: SpliceTemplates.Amulet,
        choice: 'Amulet_Burn',
        consuming: true,
        actingParties: [carol],
      },
    },
  ]);

  const unassign = b.unassign(b1Created.contract_id, 1);
  const assign = b.assign(b1Created, 1);

  const tx6 = b.tx(
    [
      {
        create: {
          template: SpliceTemplates.FeaturedAppRight,
          payload: { dso, provider: carol, activityWeight: null },
          signatories: [dso],
          observers: [carol],
        },
      },
      {
        exercise: {
          contractId: rulesCreated.contract_id,
          template: SpliceTemplates.ExternalPartyAmuletRules,
          choice: 'ExternalPartyAmuletRules_Check',
          consuming: false,
          actingParties: [dso],
        },
      },
    ],
    { workflowId: 'wf-featured', externalHash: 'ab'.repeat(32) },
  );

  const updates: HistoryUpdate[] = [tx1, tx2, tx3, unassign, assign, tx6];
  return {
    builder: b,
    parties: { dso, alice, bob, carol, dave },
    updates,
    tx: { tx1, tx2, tx3, tx6 },
    contracts: {
      a1,
      b1: b1Created.contract_id,
      rules: rulesCreated.contract_id,
      transient,
      ...createdIds(tx2),
    },
    /** A further transaction (offset 7) for live tests: an Amulet for bob. */
    next(): HistoryTransaction {
      return b.tx([
        {
          create: {
            template: SpliceTemplates.Amulet,
            payload: amulet(bob, '1.0000000000'),
            signatories: [dso, bob],
          },
        },
      ]);
    },
  };
}

function createdIds(tx2: HistoryTransaction): { b2: string; l1: string } {
  const [b2, l1]: HistoryCreatedEvent[] = createdEvents(tx2);
  return { b2: b2.contract_id, l1: l1.contract_id };
}

/** Every template with blobs, every Splice interface with its view: the widest projection. */
export function widestUpdateFormat(shape: ledgerApi.TransactionShape): ledgerApi.UpdateFormat {
  const cumulative: ledgerApi.CumulativeFilter[] = [
    { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } },
    ...Object.values(SpliceInterfaces).map((i) => ({
      identifierFilter: {
        InterfaceFilter: { value: { interfaceId: i.interfaceId, includeInterfaceView: true } },
      },
    })),
  ];
  return {
    includeTransactions: { eventFormat: { filtersForAnyParty: { cumulative } }, transactionShape: shape },
    includeReassignments: { filtersForAnyParty: { cumulative } },
  };
}
