import type { Prng } from './prng';
import type { StoreSamples } from './store-samples';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `AllocationFactory_Allocate` arguments (ledger JSON encoding) over the store's parties and
 * holdings with the DSO as admin: what a wallet sends to the allocation factory endpoints.
 */
export function allocateArgumentsFrom(samples: StoreSamples, rng: Prng): Record<string, unknown> {
  const dso = samples.dso ?? 'DSO::1220' + '0'.repeat(64);
  const party = () => (samples.parties.length > 0 ? rng.pick(samples.parties) : dso);
  const now = Date.parse(samples.recordTimes[samples.recordTimes.length - 1] ?? '2026-01-05T00:00:00Z');
  const settlement = {
    executor: party(),
    settlementRef: { id: `trade-${rng.int(100)}`, cid: null },
    requestedAt: iso(now),
    allocateBefore: iso(now + 600_000),
    settleBefore: iso(now + 3_600_000),
    meta: { values: {} },
  };
  return {
    expectedAdmin: dso,
    requestedAt: iso(now),
    inputHoldingCids: samples.holdingIds.slice(0, 1 + rng.int(2)),
    extraArgs: { context: { values: {} }, meta: { values: {} } },
    allocation: {
      settlement,
      transferLegId: 'leg-0',
      transferLeg: {
        sender: party(),
        receiver: party(),
        amount: `${1 + rng.int(50)}.0000000000`,
        instrumentId: { admin: dso, id: 'Amulet' },
        meta: { values: {} },
      },
    },
  };
}

/**
 * `TransferFactory_Transfer` arguments over the store's parties and holdings with the DSO as
 * admin (a self transfer now and then): what a wallet sends to the transfer factory endpoints.
 */
export function transferArgumentsFrom(samples: StoreSamples, rng: Prng): Record<string, unknown> {
  const dso = samples.dso ?? 'DSO::1220' + '0'.repeat(64);
  const party = () => (samples.parties.length > 0 ? rng.pick(samples.parties) : dso);
  const now = Date.parse(samples.recordTimes[samples.recordTimes.length - 1] ?? '2026-01-05T00:00:00Z');
  const sender = party();
  return {
    expectedAdmin: dso,
    transfer: {
      sender,
      receiver: rng.chance(0.2) ? sender : party(),
      amount: `${1 + rng.int(50)}.0000000000`,
      instrumentId: { admin: dso, id: 'Amulet' },
      requestedAt: iso(now),
      executeBefore: iso(now + 3_600_000),
      inputHoldingCids: samples.holdingIds.slice(0, 1 + rng.int(2)),
      meta: { values: {} },
    },
    extraArgs: { context: { values: {} }, meta: { values: {} } },
  };
}

/** Valid bodies for the registry operations (directly or through the validator proxy). */
export function registryValidBodies(
  samples: StoreSamples,
  operationIds: string[],
): Record<string, (rng: Prng) => unknown> {
  const out: Record<string, (rng: Prng) => unknown> = {};
  for (const id of operationIds) {
    out[id] = /AllocationFactory/.test(id)
      ? (rng) => ({
          choiceArguments: allocateArgumentsFrom(samples, rng),
          excludeDebugFields: rng.chance(0.5),
        })
      : /TransferFactory/.test(id)
        ? (rng) => ({
            choiceArguments: transferArgumentsFrom(samples, rng),
            excludeDebugFields: rng.chance(0.5),
          })
        : (rng) => ({ meta: rng.chance(0.5) ? {} : { note: 'fuzz' }, excludeDebugFields: rng.chance(0.5) });
  }
  return out;
}

/** Valid bodies for the ledger operations: offsets of the store, any-party or per-party filters. */
export function ledgerValidBodies(samples: StoreSamples): Record<string, (rng: Prng) => unknown> {
  const offset = (rng: Prng) => (samples.offsets.length > 0 ? rng.pick(samples.offsets) : 1);
  const eventFormat = (rng: Prng) =>
    rng.chance(0.5) || samples.parties.length === 0
      ? { filtersForAnyParty: {}, verbose: rng.chance(0.5) }
      : { filtersByParty: { [rng.pick(samples.parties)]: {} }, verbose: rng.chance(0.5) };
  const shape = (rng: Prng) => rng.pick(['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS']);
  const updateFormat = (rng: Prng) => ({
    includeTransactions: { eventFormat: eventFormat(rng), transactionShape: shape(rng) },
    ...(rng.chance(0.5) ? { includeReassignments: eventFormat(rng) } : {}),
  });
  const updates = (rng: Prng) => {
    const begin = offset(rng);
    return {
      beginExclusive: begin,
      ...(rng.chance(0.8) ? { endInclusive: begin + rng.int(20) } : {}),
      updateFormat: {
        includeTransactions: { eventFormat: eventFormat(rng), transactionShape: shape(rng) },
      },
    };
  };
  return {
    getTransactionByOffset: (rng) => ({
      offset: offset(rng),
      transactionFormat: { eventFormat: eventFormat(rng), transactionShape: shape(rng) },
    }),
    getTransactionById: (rng) => ({
      updateId: samples.updateIds.length > 0 ? rng.pick(samples.updateIds) : 'unknown',
      transactionFormat: { eventFormat: eventFormat(rng), transactionShape: shape(rng) },
    }),
    getEventsByContractId: (rng) => ({
      contractId: samples.contractIds.length > 0 ? rng.pick(samples.contractIds) : 'unknown',
      eventFormat: eventFormat(rng),
    }),
    getUpdatesFlat: updates,
    getUpdates: updates,
    getUpdateByOffset: (rng) => ({ offset: offset(rng), updateFormat: updateFormat(rng) }),
    getUpdateById: (rng) => ({
      updateId: samples.updateIds.length > 0 ? rng.pick(samples.updateIds) : 'unknown',
      updateFormat: updateFormat(rng),
    }),
    getActiveContracts: (rng) => ({ activeAtOffset: offset(rng), eventFormat: eventFormat(rng) }),
  };
}

/**
 * Valid bodies for the scan operations whose bodies name what the store holds: contracts (the
 * external party amulet rules cache, vote requests by tracking id, vote results), and for the
 * holdings operations a snapshot of the store (its migration and
 * time, `exact` or a later time `at_or_before`) and owners of its holdings, with a stranger now
 * and then; the state pages with a page size, the v0 summary with or without `as_of_round`.
 */
export function scanValidBodies(samples: StoreSamples): Record<string, (rng: Prng) => unknown> {
  const snapshot = (rng: Prng) => {
    const s =
      samples.snapshots.length > 0 ? rng.pick(samples.snapshots) : { migrationId: 0, recordTime: iso(0) };
    return rng.chance(0.7)
      ? { migration_id: s.migrationId, record_time: s.recordTime }
      : {
          migration_id: s.migrationId,
          record_time: iso(Date.parse(s.recordTime) + rng.int(3_600_000)),
          record_time_match: 'at_or_before',
        };
  };
  const owners = (rng: Prng) => {
    const pool = samples.holdingOwners.length > 0 ? samples.holdingOwners : ['nobody::1220' + '0'.repeat(64)];
    const chosen = Array.from({ length: 1 + rng.int(4) }, () => rng.pick(pool));
    return rng.chance(0.2) ? [...chosen, 'stranger::1220' + '9'.repeat(64)] : chosen;
  };
  const round = (rng: Prng) =>
    samples.rounds.length > 0 ? rng.pick(samples.rounds) + rng.int(5) - 2 : rng.int(50);
  const state = (rng: Prng) => ({
    ...snapshot(rng),
    owner_party_ids: owners(rng),
    page_size: rng.pick([1, 5, 100, 1000]),
  });
  const contractId = (rng: Prng) =>
    samples.contractIds.length > 0 ? rng.pick(samples.contractIds) : 'unknown';
  return {
    getUpdatesBefore: (rng) => {
      const times = samples.recordTimes;
      const at = times.length > 0 ? rng.pick(times) : iso(0);
      return {
        migration_id: samples.snapshots.length > 0 ? rng.pick(samples.snapshots).migrationId : 0,
        synchronizer_id: samples.synchronizerIds.length > 0 ? rng.pick(samples.synchronizerIds) : 'x::1220',
        before: rng.chance(0.3) ? '9999-01-01T00:00:00Z' : at,
        ...(rng.chance(0.3) ? { at_or_after: iso(Date.parse(at) - rng.int(7_200_000)) } : {}),
        count: rng.pick([1, 10, 1000, 5000]),
      };
    },
    listTransactionHistory: (rng) => ({
      page_size: rng.pick([1, 10, 1000]),
      ...(rng.chance(0.5) ? { sort_order: rng.pick(['asc', 'desc']) } : {}),
      // An item's event id is its update's and an exercise's node: some of these name items, others 404.
      ...(rng.chance(0.5) && samples.updateIds.length > 0
        ? { page_end_event_id: `#${rng.pick(samples.updateIds)}:${rng.int(4)}` }
        : {}),
    }),
    getExternalPartyAmuletRules: (rng) =>
      rng.chance(0.3) ? {} : { cached_external_party_amulet_rules_contract_id: contractId(rng) },
    listVoteRequestsByTrackingCid: (rng) => ({
      vote_request_contract_ids: Array.from({ length: rng.int(4) }, () => contractId(rng)),
    }),
    listVoteRequestResults: (rng) => ({
      limit: 1 + rng.int(1000),
      ...(rng.chance(0.5) ? { accepted: rng.chance(0.5) } : {}),
      ...(rng.chance(0.3) ? { pageToken: rng.int(1_000_000_000) } : {}),
    }),
    getHoldingsSummaryAtV1: (rng) => ({ ...snapshot(rng), owner_party_ids: owners(rng) }),
    getHoldingsSummaryAt: (rng) => ({
      ...snapshot(rng),
      owner_party_ids: owners(rng),
      ...(rng.chance(0.6) ? { as_of_round: Math.max(0, round(rng)) } : {}),
    }),
    getHoldingsStateAt: state,
    getHoldingsStateAtV1: state,
  };
}
