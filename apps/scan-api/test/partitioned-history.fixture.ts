import type { DataSource } from 'typeorm';
import {
  Db,
  LedgerActiveContractsRepository,
  LedgerUpdatesRepository,
  LedgerWriter,
  SpliceTemplates,
  type HistoryUpdate,
  type LedgerWriterOptions,
} from '@canton-scan/domain';
import { createHash } from 'node:crypto';
import { createdEvents, HistoryBuilder, replayAcs, startTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/** What the tests of partitioned history look their queries up with. */
export interface ThreeMigrationStore {
  /** A party holding amulet in migration 1. */
  owner: string;
  /** The amulet contracts minted in migration 2. */
  migration2Contracts: string[];
}

/**
 * The simulated network the tests load (app code may not import the simulator: the specs pass
 * its updates in): migrations 0 and 1, the simulator's migration knob placing the switch at round 18.
 */
export const THREE_MIGRATIONS_SIMULATION = { seed: 5, rounds: 30, migrationRound: 18 };

/**
 * A store with three migrations, hence three partitions per partitioned table: the simulated
 * network's `updates` (migrations 0 and 1), then migration 2: the import updates of migration 1's
 * active contracts, then two mints and an archive (offsets and record times carrying on).
 */
export async function loadThreeMigrations(
  dataSource: DataSource,
  updates: readonly HistoryUpdate[],
  synchronizerVerdicts: LedgerWriterOptions['synchronizerVerdicts'] = 'ingested',
): Promise<ThreeMigrationStore> {
  const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 1, synchronizerVerdicts });
  await writer.append([...updates]);

  const [end]: { offset: string; t: string; owner: string }[] = await dataSource.query(
    `SELECT max(ledger_offset)::text AS offset,
            to_char(max(record_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t,
            (SELECT p.party FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id WHERE h.migration_id = 1 ORDER BY p.party LIMIT 1) AS owner
       FROM updates`,
  );
  const h = new HistoryBuilder(end.t).continueOffsetsAfter(BigInt(end.offset));
  const dso = h.party('dso');
  const mint = (owner: string, amount: string) =>
    h.tx(
      [
        {
          create: {
            template: SpliceTemplates.Amulet,
            payload: {
              dso,
              owner,
              amount: {
                initialAmount: amount,
                createdAt: { number: '40' },
                ratePerRound: { rate: '0.0000190259' },
              },
            },
            signatories: [dso, owner],
          },
        },
      ],
      { migrationId: 2 },
    );
  // Import update ids are fresh (the simulator's are the contract ids, already taken by migration 1's imports).
  const imports = replayAcs(updates, 1, '9999-12-31T00:00:00Z')
    .map((created) => {
      const imported = h.importOf(created, 2);
      const updateId = `1220${createHash('sha256').update(`import/2/${created.contract_id}`).digest('hex')}`;
      const [event] = Object.values(imported.events_by_id);
      return {
        ...imported,
        update_id: updateId,
        root_event_ids: [`${updateId}:0`],
        events_by_id: { [`${updateId}:0`]: { ...event, event_id: `${updateId}:0` } },
      };
    })
    .sort((a, b) => (a.update_id < b.update_id ? -1 : 1));
  const mints = [mint(end.owner, '5.0000000000'), mint(h.party('zoe'), '7.0000000000')];
  const spent = createdEvents(mints[0])[0];
  const burn = h.tx(
    [
      {
        exercise: {
          contractId: spent.contract_id,
          template: SpliceTemplates.Amulet,
          choice: 'Archive',
          consuming: true,
          actingParties: [end.owner],
        },
      },
    ],
    { migrationId: 2 },
  );
  await writer.append([...imports, ...mints, burn]);
  await dataSource.query('ANALYZE');
  return {
    owner: end.owner,
    migration2Contracts: mints.map((m) => createdEvents(m)[0].contract_id),
  };
}

export interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** Scan calls over every partitioned table, on ids of the loaded store (the same in both stores). */
export async function scanCalls(dataSource: DataSource, owner: string): Promise<Call[]> {
  const ids: { update_id: string; migration_id: string }[] = await dataSource.query(
    `SELECT DISTINCT ON (migration_id) update_id, migration_id FROM updates WHERE NOT is_import ORDER BY migration_id, row_id DESC`,
  );
  // Each migration's newest ACS snapshot (the writer records them every hour of record time).
  const snapshots: { migration_id: string; t: string }[] = await dataSource.query(
    `SELECT migration_id, to_char(max(record_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t
       FROM acs_snapshots GROUP BY migration_id ORDER BY migration_id`,
  );
  expect(ids).toHaveLength(3);
  expect(snapshots.map((s) => Number(s.migration_id))).toEqual([0, 1]);
  return [
    ...ids.flatMap((u) => [
      {
        name: `update ${u.migration_id}`,
        method: 'GET' as const,
        path: `/api/scan/v2/updates/${u.update_id}`,
      },
      {
        name: `update ${u.migration_id} lossless`,
        method: 'GET' as const,
        path: `/api/scan/v2/updates/${u.update_id}?lossless=true`,
      },
    ]),
    ...snapshots.flatMap((s) => {
      const snapshot = { migration_id: Number(s.migration_id), record_time: s.t, record_time_match: 'exact' };
      return [
        {
          name: `acs ${s.migration_id}`,
          method: 'POST' as const,
          path: '/api/scan/v0/state/acs',
          body: { ...snapshot, page_size: 1000 },
        },
        {
          name: `holdings ${s.migration_id}`,
          method: 'POST' as const,
          path: '/api/scan/v1/holdings/summary',
          body: { ...snapshot, owner_party_ids: [owner] },
        },
        {
          name: `migration info ${s.migration_id}`,
          method: 'POST' as const,
          path: '/api/scan/v0/backfilling/migration-info',
          body: { migration_id: Number(s.migration_id) },
        },
      ];
    }),
    {
      name: 'import updates',
      method: 'POST',
      path: '/api/scan/v0/backfilling/import-updates',
      body: { migration_id: 1, after_update_id: '', limit: 1000 },
    },
    {
      name: 'activity totals',
      method: 'GET',
      path: '/api/scan/v0/internal/reward-accounting-process/rounds/3/activity-totals',
    },
    { name: 'dso', method: 'GET', path: '/api/scan/v0/dso' },
    {
      name: 'open and issuing rounds',
      method: 'POST',
      path: '/api/scan/v0/open-and-issuing-mining-rounds',
      body: { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] },
    },
    { name: 'amulet rules', method: 'POST', path: '/api/scan/v0/amulet-rules', body: {} },
  ];
}

/** Every answer of `calls`, and every update of the history paged through the update list. */
export async function answersOf(dataSource: DataSource, calls: Call[]): Promise<Record<string, unknown>> {
  const app = await startTestApp(createScanApp, dataSource);
  try {
    const send = async (path: string, method: 'GET' | 'POST', body?: unknown) => {
      const res = await fetch(app.origin + path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.text() };
    };
    const answers: Record<string, unknown> = {};
    for (const call of calls) answers[call.name] = await send(call.path, call.method, call.body);
    const pages: string[] = [];
    let after: { after_migration_id: number; after_record_time: string } | undefined;
    for (;;) {
      const res = await send('/api/scan/v2/updates', 'POST', { after, page_size: 37 });
      expect({ status: res.status, body: res.status === 200 ? '' : res.body }).toEqual({
        status: 200,
        body: '',
      });
      type Item = { migration_id?: number; event?: { migration_id: number }; record_time: string };
      const page = (JSON.parse(res.body) as { transactions: Item[] }).transactions;
      if (page.length === 0) break;
      pages.push(res.body);
      const last = page[page.length - 1];
      // Transactions carry their migration; reassignments carry it in their event.
      after = {
        after_migration_id: last.migration_id ?? last.event!.migration_id,
        after_record_time: last.record_time,
      };
    }
    answers['update list'] = pages;
    return { ...answers, ...(await ledgerReads(dataSource)) };
  } finally {
    await app.close();
  }
}

/** The ledger node's reads (flats over every offset, active contracts at the end), through the repositories. */
async function ledgerReads(dataSource: DataSource): Promise<Record<string, unknown>> {
  const db = Db.of(dataSource);
  const [end]: { end: string }[] = await dataSource.query(
    `SELECT max(ledger_offset)::text AS end FROM updates`,
  );
  const flats = await new LedgerUpdatesRepository(db).readPage({
    afterExclusive: 0,
    limit: 100_000,
    descending: false,
    visibility: { transactions: { parties: 'any', column: 'witnesses' }, reassignments: { parties: 'any' } },
    withBlobs: true,
    withExerciseValues: true,
  });
  const active = await new LedgerActiveContractsRepository(db).readPage({
    activeAt: Number(end.end),
    createdUpTo: Number(end.end),
    limit: 100_000,
    parties: 'any',
    withBlobs: true,
  });
  return { 'ledger flats': flats, 'ledger active contracts': active };
}
