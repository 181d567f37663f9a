/** The soak's mixed load: one request kind per endpoint, grouped as the four interface groups. */
import type { DataSource } from 'typeorm';
import type { SimulationSummary } from '@canton-scan/simulator';
import { allocateArguments, transferArguments } from '../bench/allocation-arguments';
import type { RunningApp } from './soak-setup';

export type Group = 'scan' | 'scan proxy' | 'registry' | 'ledger';

export interface SoakCall {
  readonly group: Group;
  readonly name: string;
  readonly url: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

interface StoreFacts {
  snapshot: { migration_id: number; record_time: string };
  owners: string[];
  allocationId: string;
  ledgerEnd: number;
  /** A transaction's offset (transaction-by-offset answers 404 for a reassignment). */
  transactionOffset: number;
}

async function storeFacts(dataSource: DataSource): Promise<StoreFacts> {
  const [snapshot] = await dataSource.query(
    `SELECT migration_id::int, to_char(record_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS record_time
       FROM acs_snapshots ORDER BY migration_id DESC, record_time DESC LIMIT 1`,
  );
  const owners = await dataSource.query(
    `SELECT DISTINCT p.party AS owner FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id
      WHERE h.migration_id = $1 AND h.archived_record_time IS NULL ORDER BY p.party LIMIT 20`,
    [snapshot.migration_id],
  );
  const [allocation] = await dataSource.query(
    `SELECT a.contract_id FROM contracts a
       JOIN contracts l ON l.contract_id = a.payload_compact->>'lockedAmulet' AND l.migration_id = a.migration_id
                        AND l.archived_record_time IS NULL AND NOT l.in_flight
      WHERE a.entity_name = 'AmuletAllocation' AND a.archived_record_time IS NULL
        AND a.migration_id = (SELECT max(migration_id) FROM contracts)
      ORDER BY a.row_id DESC LIMIT 1`,
  );
  if (!allocation) throw new Error('the simulated network has no open allocation with an active lock');
  const [{ end, tx }] = await dataSource.query(
    `SELECT max(ledger_offset)::int AS end, max(ledger_offset) FILTER (WHERE kind = 'transaction' AND NOT is_import)::int AS tx FROM updates`,
  );
  return {
    snapshot,
    owners: owners.map((r: { owner: string }) => r.owner),
    allocationId: allocation.contract_id,
    ledgerEnd: end,
    transactionOffset: tx,
  };
}

/** The calls of the load, over the four groups, against the running apps. */
export async function soakCalls(
  dataSource: DataSource,
  summary: SimulationSummary,
  [scanApp, registryApp, ledgerApp]: readonly RunningApp[],
  tokens: { ledger: Record<string, string>; proxy: Record<string, string> },
): Promise<SoakCall[]> {
  const facts = await storeFacts(dataSource);
  const scan = `${scanApp.origin}/api/scan`;
  const proxy = `${scanApp.origin}/api/validator/v0/scan-proxy`;
  const registry = `${registryApp.origin}/api/scan/registry`;
  const contexts = `${registry}/allocations/v1/${facts.allocationId}/choice-contexts`;
  const now = new Date().toISOString();
  const anyParty = { filtersForAnyParty: {} };
  const ledger = (name: string, path: string, body?: unknown): SoakCall => ({
    group: 'ledger',
    name,
    url: ledgerApp.origin + path,
    body,
    headers: tokens.ledger,
  });
  const flatsFrom = Math.max(0, facts.ledgerEnd - 200);
  return [
    { group: 'scan', name: 'updates', url: `${scan}/v2/updates`, body: { page_size: 100 } },
    {
      group: 'scan',
      name: 'acs page',
      url: `${scan}/v0/state/acs`,
      body: { ...facts.snapshot, page_size: 100 },
    },
    {
      group: 'scan',
      name: 'acs large page',
      url: `${scan}/v0/state/acs`,
      body: { ...facts.snapshot, page_size: 1000 },
    },
    {
      group: 'scan',
      name: 'holdings',
      url: `${scan}/v1/holdings/summary`,
      body: { ...facts.snapshot, owner_party_ids: facts.owners },
    },
    { group: 'scan proxy', name: 'dso', url: `${proxy}/dso`, headers: tokens.proxy },
    { group: 'scan proxy', name: 'amulet rules', url: `${proxy}/amulet-rules`, headers: tokens.proxy },
    {
      group: 'registry',
      name: 'factory',
      url: `${registry}/allocation-instruction/v1/allocation-factory`,
      body: { choiceArguments: allocateArguments(summary.network, now, 'soak-settlement') },
    },
    {
      group: 'registry',
      name: 'transfer factory',
      url: `${registry}/transfer-instruction/v1/transfer-factory`,
      body: { choiceArguments: transferArguments(summary.network, now) },
    },
    { group: 'registry', name: 'withdraw context', url: `${contexts}/withdraw`, body: {} },
    { group: 'registry', name: 'execute-transfer context', url: `${contexts}/execute-transfer`, body: {} },
    ledger('flats', '/v2/updates/flats', {
      beginExclusive: flatsFrom,
      endInclusive: Math.min(facts.ledgerEnd, flatsFrom + 50),
      updateFormat: { includeReassignments: anyParty },
    }),
    ledger('transaction by offset', '/v2/updates/transaction-by-offset', {
      offset: facts.transactionOffset,
      transactionFormat: { eventFormat: anyParty, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' },
    }),
    ledger('latest pruned offsets', '/v2/state/latest-pruned-offsets'),
  ];
}

/** Sends one call; the status (0 when the request failed) and the latency in ms. */
export async function send(call: SoakCall): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const res = await fetch(call.url, {
      method: call.body === undefined ? 'GET' : 'POST',
      headers: {
        ...call.headers,
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}
