import type { DataSource } from 'typeorm';
import { ledgerApi } from '@canton-scan/contracts';
import {
  Db,
  ensureDevelopmentAdmin,
  LedgerPruningRepository,
  LedgerWriter,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { LedgerAuthError, LedgerFeed, type LedgerFeedOptions } from '@canton-scan/mirror';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  ledgerTestToken,
  openSecondStore,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';
import { widestUpdateFormat as widest } from './ledger-history.fixture';

const FAST = { timeoutMs: 10_000, attempts: 2, backoffMs: 10, maxBackoffMs: 50 };

interface Store {
  dataSource: DataSource;
  app: RunningTestApp;
  close(): Promise<void>;
}

/** The source participant's store (a second store, see `openSecondStore`) and its ledger app. */
async function openSource(): Promise<Store> {
  const store = await openSecondStore('css_ledger_feed_source');
  const dataSource = store.dataSource;
  const drop = store.close;
  await ensureDevelopmentAdmin(dataSource);
  const app = await startTestApp(createLedgerApp, dataSource);
  return {
    dataSource,
    app,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** One party's view (stakeholder / witness projection), wildcard. */
function partyView(party: string, shape: ledgerApi.TransactionShape): ledgerApi.UpdateFormat {
  return {
    includeTransactions: { eventFormat: { filtersByParty: { [party]: {} } }, transactionShape: shape },
    includeReassignments: { filtersByParty: { [party]: {} } },
  };
}

async function call(origin: string, token: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(origin + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** The whole range (0, end] through flats pages, as served. */
async function wholeRange(origin: string, token: string, end: number, format: ledgerApi.UpdateFormat) {
  const pages: unknown[] = [];
  let cursor = 0;
  while (cursor < end) {
    const page = (await call(origin, token, '/v2/updates/flats?limit=200', {
      beginExclusive: cursor,
      endInclusive: end,
      updateFormat: format,
    })) as { status: number; body: ledgerApi.GetUpdatesResponse[] };
    expect(page.status).toBe(200);
    pages.push(page);
    const last = page.body[page.body.length - 1].update;
    cursor =
      'Transaction' in last
        ? last.Transaction.value.offset
        : 'Reassignment' in last
          ? last.Reassignment.value.offset
          : 'OffsetCheckpoint' in last
            ? last.OffsetCheckpoint.value.offset
            : end;
  }
  return pages;
}

/** What a ledger client can ask of a node about the range (0, end]. */
async function answersOf(origin: string, end: number, parties: string[]): Promise<Record<string, unknown>> {
  const token = await ledgerTestToken('participant_admin');
  const out: Record<string, unknown> = {
    pruned: await call(origin, token, '/v2/state/latest-pruned-offsets'),
  };
  for (const shape of ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const) {
    out[`any ${shape}`] = await wholeRange(origin, token, end, widest(shape));
    for (const party of parties)
      out[`${party} ${shape}`] = await wholeRange(origin, token, end, partyView(party, shape));
  }
  for (let offset = 1; offset <= end; offset += Math.ceil(end / 25)) {
    out[`at ${offset}`] = await call(origin, token, '/v2/updates/transaction-by-offset', {
      offset,
      transactionFormat: {
        eventFormat: widest('TRANSACTION_SHAPE_LEDGER_EFFECTS').includeTransactions!.eventFormat,
        transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
      },
    });
  }
  return out;
}

const countOf = async (dataSource: DataSource, where = 'true'): Promise<number> =>
  (await dataSource.query(`SELECT count(*)::int AS n FROM updates WHERE ${where}`))[0].n;

describe('the ledger feed', () => {
  // The fed store: the worker's database, emptied before each test.
  const worker = useTestDatabase();
  let source: Store;
  let fed: RunningTestApp;
  let later: HistoryUpdate[];
  let parties: string[];
  let token: string;

  const feed = (extra: Partial<LedgerFeedOptions> = {}) =>
    new LedgerFeed(worker.dataSource, {
      url: source.app.origin,
      token,
      snapshotIntervalHours: 3,
      policy: FAST,
      pollMs: 20,
      maxPollMs: 100,
      streamIdleMs: 50,
      ...extra,
    });
  const sourceEnd = async (): Promise<number> =>
    (await source.dataSource.query(`SELECT max(ledger_offset)::int AS "end" FROM updates`))[0].end;

  beforeAll(async () => {
    source = await openSource();
    fed = await startTestApp(createLedgerApp, worker.dataSource);
    token = await ledgerTestToken('participant_admin');
    const generator = simulateNetwork({ seed: 7, rounds: 30, reassignEveryRounds: 10 });
    const updates: HistoryUpdate[] = [...generator];
    // The last rounds arrive while the feed tails the source.
    const cut = Math.floor(updates.length * 0.85);
    later = updates.slice(cut);
    await new LedgerWriter(source.dataSource, { snapshotIntervalHours: 3 }).append(updates.slice(0, cut));
    const rows: { party: string }[] = await source.dataSource.query(
      `SELECT DISTINCT d.party FROM events e, unnest(e.stakeholders) AS s(id) JOIN parties d ON d.id = s.id ORDER BY 1 LIMIT 40`,
    );
    parties = [rows[0].party, rows[rows.length - 1].party];
  }, 180_000);
  afterAll(async () => {
    await fed?.close();
    await source?.close();
  });
  beforeEach(() => ensureDevelopmentAdmin(worker.dataSource));

  it('fills an empty store that answers the ledger API like the source, resumes after a stop, then tails new updates', async () => {
    // A first run stopped after a few pages, as a killed run would be.
    const stop = new AbortController();
    let pages = 0;
    await feed({ pageSize: 40, onProgress: () => ++pages >= 3 && stop.abort() }).run({ signal: stop.signal });
    const stopped = await countOf(worker.dataSource);
    expect(stopped).toBeGreaterThan(0);
    expect(stopped).toBeLessThan(await countOf(source.dataSource, 'ledger_offset IS NOT NULL'));

    // The resumed run tails: once it caught up, the source records the last rounds.
    const tail = new AbortController();
    const firstEnd = await sourceEnd();
    let appendedLater = false;
    const tailing = feed({ pageSize: 150 });
    const run = tailing.run({ signal: tail.signal });
    const deadline = Date.now() + 120_000;
    for (;;) {
      const reached = tailing.progress.offset;
      if (!appendedLater && reached >= firstEnd) {
        await new LedgerWriter(source.dataSource, { snapshotIntervalHours: 3 }).append(later);
        appendedLater = true;
      }
      if (appendedLater && reached >= (await sourceEnd())) break;
      if (Date.now() > deadline) throw new Error(`the feed stalled at offset ${reached}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    tail.abort();
    const result = await run;
    expect(result.offset).toBe(await sourceEnd());
    expect(result.ledgerEnd).toBe(await sourceEnd());

    // Every update with a ledger offset, once; import updates have none (see below).
    const [dups] = await worker.dataSource.query(
      `SELECT count(*)::int - count(DISTINCT update_id)::int AS n FROM updates`,
    );
    expect(dups.n).toBe(0);
    expect(await countOf(worker.dataSource)).toBe(
      await countOf(source.dataSource, 'ledger_offset IS NOT NULL'),
    );
    const [same] = await worker.dataSource.query(
      `SELECT count(*)::int AS n FROM updates WHERE migration_id = 0`,
    );
    expect(same.n).toBe(await countOf(worker.dataSource));

    // What cannot round-trip, so the fed store differs from the source there (not compared):
    // - migration ids: the ledger API carries none; every update is stored under --migration-id
    //   (0), while the source holds migrations 0 and 1;
    // - import updates: they have no ledger offset, so the update stream never shows them;
    // - the lossless value encoding (scan API, lossless=true): values come compact; create
    //   arguments of Splice templates are rebuilt through their types, other values (choice
    //   arguments, exercise results) are typed by their look;
    // - an update the participant shows nothing of (no event with a witness) would be missing.
    // Everything a ledger client reads is the same:
    const end = await sourceEnd();
    expect(end).toBeGreaterThan(500);
    expect(await countOf(worker.dataSource, `kind <> 'transaction'`)).toBeGreaterThan(0);
    const [{ migrations }] = await source.dataSource.query(
      `SELECT count(DISTINCT migration_id)::int AS migrations FROM updates`,
    );
    expect(migrations).toBe(2);
    expect(await answersOf(fed.origin, end, parties)).toEqual(
      await answersOf(source.app.origin, end, parties),
    );

    const again = await feed().run({ once: true });
    expect(again.appended).toBe(0);
    expect(again.offset).toBe(end);
  }, 300_000);

  it('asks for fewer updates per page when the participant answers 413', async () => {
    const logs: string[] = [];
    const stop = new AbortController();
    const run = feed({ pageSize: 500, log: (m) => logs.push(m), onProgress: () => stop.abort() });
    const progress = await run.run({ signal: stop.signal });
    expect(logs.some((l) => l.includes('asking for 250 updates per page'))).toBe(true);
    expect(logs.some((l) => l.includes('asking for 125 updates per page'))).toBe(true);
    expect(progress.appended).toBe(125);
  }, 60_000);

  it('fails at once, naming the problem, on a token the participant refuses', async () => {
    const slow = { timeoutMs: 10_000, attempts: 5, backoffMs: 2000, maxBackoffMs: 2000 };
    const wronglySigned = await ledgerTestToken('participant_admin', {
      secret: 'another-secret-that-is-long-enough-for-hs256',
    });
    const started = Date.now();
    await expect(feed({ token: wronglySigned, policy: slow }).run({ once: true })).rejects.toThrow(
      /rejected the token \(HTTP 401 .*\).*--token/,
    );
    await expect(feed({ token: 'not-a-jwt', policy: slow }).run()).rejects.toBeInstanceOf(LedgerAuthError);
    const unknownUser = await ledgerTestToken('nobody-here');
    await expect(feed({ token: unknownUser, policy: slow }).run({ once: true })).rejects.toThrow(
      /refused the token's user \(HTTP 403 .*\).*read as any party/,
    );
    // No retries: the backoff of the slow policy would take seconds.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await countOf(worker.dataSource)).toBe(0);
  }, 60_000);

  it('stops, naming the gap, when the participant has pruned past where the store ends, and goes on where it has not', async () => {
    const stop = new AbortController();
    await feed({ pageSize: 50, onProgress: () => stop.abort() }).run({ signal: stop.signal });
    expect(await countOf(worker.dataSource)).toBe(50);
    const pruning = new LedgerPruningRepository(Db.of(source.dataSource));
    try {
      await pruning.prune(80, false);
      await expect(feed().run({ once: true })).rejects.toThrow(
        /has pruned its ledger up to offset 80, but the store ends at offset 50: the updates in between are gone/,
      );
      expect(await countOf(worker.dataSource)).toBe(50);
      // Pruned only up to where the store ends: nothing it needs is gone.
      await source.dataSource.query(`DELETE FROM ledger_pruning`);
      await pruning.prune(50, false);
      const rest = await feed().run({ once: true });
      expect(rest.offset).toBe(await sourceEnd());
      expect(await countOf(worker.dataSource)).toBe(
        await countOf(source.dataSource, 'ledger_offset IS NOT NULL'),
      );
    } finally {
      await source.dataSource.query(`DELETE FROM ledger_pruning`);
    }
  }, 60_000);
});
