import type { DataSource } from 'typeorm';
import { LedgerWriter } from '@canton-scan/domain';
import { ScanMirror } from '@canton-scan/mirror';
import { simulateHistory } from '@canton-scan/simulator';
import {
  spawnTsScript,
  startTcpProxy,
  startTestApp,
  storeContentHashes,
  useTestDatabase,
  type RunningTestApp,
  type TcpProxy,
  type TsProcess,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import {
  allEventPages,
  corruptingPeer,
  FAST_POLICY,
  getScan,
  openSourceStore,
  postScan,
  type CorruptingPeer,
  type SourceStore,
} from './mirror.fixture';

/**
 * The mirror's acceptance: a source stack (simulated network) served by peer scans on loopback,
 * one of which forges some pages, mirrored into an empty store; the mirror's scan then answers
 * like the source's on every endpoint, and a mirror killed mid-run (SIGKILL of its process) and
 * restarted ends with the same store as an uninterrupted run, also when a peer stops mid-run.
 */

const SNAPSHOT_INTERVAL_HOURS = 3;

/** What the source holds, to know which questions to ask both scans. */
interface Questions {
  migrations: number[];
  snapshots: { migration_id: number; record_time: string }[];
  owners: string[];
  validators: string[];
  rounds: number[];
  actionNames: string[];
  sampleIds: string[];
  /** Verdicts alone (transactions no hosted party sees). */
  verdictIds: string[];
}

async function questionsOf(db: DataSource): Promise<Questions> {
  const column = async (sql: string) => (await db.query(sql)).map((r: { v: unknown }) => r.v);
  const ids: string[] = await column(
    `SELECT update_id AS v FROM updates WHERE NOT is_import ORDER BY row_id`,
  );
  const snapshots: { migration_id: string; record_time: string }[] = await db.query(
    `SELECT migration_id::text, to_char(record_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS record_time
       FROM acs_snapshots ORDER BY migration_id, record_time`,
  );
  return {
    migrations: await column(`SELECT DISTINCT migration_id::int AS v FROM updates ORDER BY 1`),
    snapshots: snapshots.map((s) => ({ migration_id: Number(s.migration_id), record_time: s.record_time })),
    owners: await column(
      `SELECT DISTINCT p.party AS v FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id ORDER BY 1`,
    ),
    validators: await column(`SELECT DISTINCT validator AS v FROM validator_licenses ORDER BY 1`),
    rounds: await column(`SELECT round::int AS v FROM mining_rounds ORDER BY 1`),
    actionNames: await column(`SELECT DISTINCT action_name AS v FROM vote_results ORDER BY 1`),
    sampleIds: [...ids.filter((_, i) => i % 29 === 0), ids[ids.length - 1]],
    verdictIds: (
      await column(
        `SELECT v.update_id AS v FROM synchronizer_verdicts v
          WHERE NOT EXISTS (SELECT 1 FROM updates u WHERE u.update_id = v.update_id) ORDER BY v.record_time`,
      )
    ).filter((_: unknown, i: number) => i % 5 === 0),
  };
}

/** Pages a paged POST endpoint through, following `next` from each answer until it says none. */
async function pages(
  origin: string,
  path: string,
  first: Record<string, unknown>,
  next: (answer: Record<string, unknown>) => Record<string, unknown> | undefined,
): Promise<{ status: number; body: string }[]> {
  const out: { status: number; body: string }[] = [];
  let request: Record<string, unknown> | undefined = first;
  while (request) {
    const answer = await postScan(origin, path, request);
    out.push(answer);
    request = answer.status === 200 ? next(JSON.parse(answer.body)) : undefined;
  }
  return out;
}

/** Every answer the acceptance compares, keyed by the question. */
async function answersOf(origin: string, q: Questions): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const m of [...q.migrations, q.migrations.length]) {
    out[`migration-info ${m}`] = await postScan(origin, '/v0/backfilling/migration-info', {
      migration_id: m,
    });
    out[`import-updates ${m}`] = await pages(
      origin,
      '/v0/backfilling/import-updates',
      { migration_id: m, after_update_id: '', limit: 7 },
      (a) => {
        const items = a.transactions as { update_id: string }[];
        return items.length === 0
          ? undefined
          : { migration_id: m, after_update_id: items[items.length - 1].update_id, limit: 7 };
      },
    );
  }
  for (const encoding of ['compact_json', 'protobuf_json']) {
    out[`updates ${encoding}`] = await pages(
      origin,
      '/v2/updates',
      { page_size: 83, daml_value_encoding: encoding },
      (a) => {
        const items = a.transactions as {
          migration_id?: number;
          record_time: string;
          event?: { migration_id: number };
        }[];
        if (items.length === 0) return undefined;
        const last = items[items.length - 1];
        const after = {
          after_migration_id: last.migration_id ?? last.event?.migration_id,
          after_record_time: last.record_time,
        };
        return { page_size: 83, daml_value_encoding: encoding, after };
      },
    );
  }
  for (const id of q.sampleIds)
    for (const query of ['', '?daml_value_encoding=protobuf_json'])
      out[`update ${id}${query}`] = await getScan(origin, `/v2/updates/${id}${query}`);
  // The synchronizer's verdicts, copied from the peers: every page of /v0/events, and by id.
  out['events compact_json'] = await allEventPages(origin, 'compact_json', 67);
  out['events protobuf_json'] = await allEventPages(origin, 'protobuf_json', 211);
  for (const id of [...q.sampleIds, ...q.verdictIds])
    for (const query of ['', '?daml_value_encoding=protobuf_json'])
      out[`event ${id}${query}`] = await getScan(origin, `/v0/events/${id}${query}`);
  out['earliest reward round'] = await getScan(
    origin,
    '/v0/internal/reward-accounting-process/rounds/earliest-available',
  );
  for (const s of q.snapshots) {
    const key = `${s.migration_id} ${s.record_time}`;
    out[`acs ${key}`] = await pages(origin, '/v0/state/acs', { ...s, page_size: 40 }, (a) =>
      a.next_page_token === undefined ? undefined : { ...s, page_size: 40, after: a.next_page_token },
    );
    out[`holdings ${key}`] = await postScan(origin, '/v1/holdings/summary', {
      ...s,
      owner_party_ids: q.owners,
    });
    out[`snapshot-timestamp ${key}`] = await getScan(
      origin,
      `/v0/state/acs/snapshot-timestamp?before=${encodeURIComponent(s.record_time)}&migration_id=${s.migration_id}`,
    );
  }
  out.faucets = await getScan(
    origin,
    `/v0/validators/validator-faucets?${q.validators.map((v) => `validator_ids=${encodeURIComponent(v)}`).join('&')}`,
  );
  for (const filter of [
    {},
    { accepted: true },
    { accepted: false },
    ...q.actionNames.map((actionName) => ({ actionName })),
  ])
    out[`vote count ${JSON.stringify(filter)}`] = await postScan(
      origin,
      '/v0/admin/sv/voteresults/count',
      filter,
    );
  for (const round of q.rounds)
    out[`activity totals ${round}`] = await getScan(
      origin,
      `/v0/internal/reward-accounting-process/rounds/${round}/activity-totals`,
    );
  out.dso = await getScan(origin, '/v0/dso');
  out.coupons = await getScan(origin, '/v0/unclaimed-development-fund-coupons');
  return out;
}

async function countUpdates(db: DataSource): Promise<number> {
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM updates`);
  return n;
}

async function waitFor(what: string, condition: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the scan mirror, end to end (peer scans on loopback, one forging, a killed run, a peer that stops)', () => {
  const store = useTestDatabase();
  let source: SourceStore;
  let secondPeer: RunningTestApp;
  let forger: CorruptingPeer;
  let questions: Questions;
  let total: number;

  beforeAll(async () => {
    source = await openSourceStore();
    // With the verdicts a scan ingests from its synchronizer (which the mirror copies from its peers).
    const updates = [...simulateHistory({ seed: 11, rounds: 36, tickSeconds: 1800, reassignEveryRounds: 9 })];
    await new LedgerWriter(source.dataSource, { snapshotIntervalHours: SNAPSHOT_INTERVAL_HOURS }).append(
      updates,
    );
    // Two honest peer scans over the source's store, and a forger in front of the first.
    secondPeer = await startTestApp(createScanApp, source.dataSource);
    forger = await corruptingPeer(source.app.origin, 3);
    questions = await questionsOf(source.dataSource);
    total = await countUpdates(source.dataSource);
    expect(questions.migrations).toEqual([0, 1]);
    expect(questions.snapshots.length).toBeGreaterThan(3);
    expect(questions.rounds.length).toBeGreaterThan(3);
    expect(questions.verdictIds.length).toBeGreaterThan(1);
  }, 180_000);
  afterAll(async () => {
    await forger?.close();
    await secondPeer?.close();
    await source?.close();
  });

  it('mirrors three peers, one forging, into an empty store that answers every endpoint like the source', async () => {
    const peers = [`${source.app.origin}/api/scan`, `${secondPeer.origin}/api/scan`, forger.url];
    const logs: string[] = [];
    const mirror = new ScanMirror(store.dataSource, {
      peers,
      pageSize: 50,
      snapshotIntervalHours: SNAPSHOT_INTERVAL_HOURS,
      policy: FAST_POLICY,
      log: (line) => logs.push(line),
    });
    const progress = await mirror.run({ once: true });
    expect(progress.appended).toBe(total);
    const [{ verdicts }] = await source.dataSource.query(
      `SELECT count(*)::int AS verdicts FROM synchronizer_verdicts`,
    );
    expect(progress.verdictsCopied).toBe(verdicts);
    // The forger was out-voted, named, and none of its content was stored.
    expect(forger.forged()).toBeGreaterThan(0);
    expect([...mirror.dissenters]).toEqual([forger.url]);
    expect(logs.some((line) => line.includes(`${forger.url} disagrees`))).toBe(true);
    const [{ forged }] = await store.dataSource.query(
      `SELECT count(*)::int AS forged FROM updates WHERE workflow_id = 'forged'`,
    );
    expect(forged).toBe(0);
    expect(await countUpdates(store.dataSource)).toBe(total);

    const mirrorScan = await startTestApp(createScanApp, store.dataSource);
    try {
      const mirrored = await answersOf(mirrorScan.origin, questions);
      const original = await answersOf(source.app.origin, questions);
      // The questions have real answers (not the same error twice).
      const served = Object.entries(original).filter(([key]) =>
        /^(acs|holdings|updates|faucets|dso|event)/.test(key),
      );
      for (const [key, answer] of served)
        for (const { status } of [answer].flat() as { status: number }[])
          expect({ key, status }).toEqual({ key, status: 200 });
      expect(Object.keys(mirrored).length).toBeGreaterThan(40);
      // Activity totals come from the verdicts, which the mirror copied: the same as the source's.
      const totals = Object.keys(original).filter((key) => key.startsWith('activity totals'));
      expect(
        totals.filter((key) => (original[key] as { body: string }).body.includes('"Ok"')).length,
      ).toBeGreaterThan(3);
      for (const key of Object.keys(original))
        expect({ [key]: mirrored[key] }).toEqual({ [key]: original[key] });
    } finally {
      await mirrorScan.close();
    }
  }, 600_000);

  it('killed mid-run (SIGKILL) and restarted, with a fourth peer that stops mid-run, ends with the store of an uninterrupted run', async () => {
    // The store of an uninterrupted run, for comparison, then an empty store again.
    await new ScanMirror(store.dataSource, {
      peers: [`${source.app.origin}/api/scan`],
      snapshotIntervalHours: SNAPSHOT_INTERVAL_HOURS,
      policy: FAST_POLICY,
    }).run({ once: true });
    const uninterrupted = await storeContentHashes(store.dataSource);
    expect(uninterrupted.updates.rows).toBe(total);
    // The comparison covers the copied verdicts and what is derived from them.
    for (const table of ['synchronizer_verdicts', 'app_activity_records', 'reward_accounting_totals'])
      expect({ table, rows: uninterrupted[table].rows > 0 }).toEqual({ table, rows: true });
    await store.truncate();

    const sourcePort = Number(new URL(source.app.origin).port);
    const stopping: TcpProxy = await startTcpProxy('127.0.0.1', sourcePort);
    const peers = [
      `${source.app.origin}/api/scan`,
      `${secondPeer.origin}/api/scan`,
      forger.url,
      `http://127.0.0.1:${stopping.port}/api/scan`,
    ];
    const args = [...peers.flatMap((url) => ['--scan', url]), '--page-size', '20'];
    const env = { DATABASE_URL: store.url, DB_MIGRATE_ON_START: 'false' };
    let run: TsProcess | undefined;
    try {
      // First run: tailing (no --once). The fourth peer stops once a fifth of the history is in;
      // the run goes on with the three others, and is killed once half of it is in.
      run = spawnTsScript('tools/src/mirror/mirror.cli.ts', args, env);
      const first = run;
      const alive = async () => {
        if (first.child.exitCode !== null) throw new Error(`the mirror exited early:\n${first.output()}`);
        return true;
      };
      await waitFor(
        'a fifth of the history',
        async () => (await alive()) && (await countUpdates(store.dataSource)) >= total / 5,
      );
      await stopping.refuse();
      const atStop = await countUpdates(store.dataSource);
      await waitFor(
        'half of the history',
        async () => (await alive()) && (await countUpdates(store.dataSource)) >= total / 2,
      );
      expect(await countUpdates(store.dataSource)).toBeGreaterThan(atStop);
      run.child.kill('SIGKILL');
      expect(await run.exited).toBe('SIGKILL');
      const atKill = await countUpdates(store.dataSource);
      expect(atKill).toBeLessThan(total);

      // Second run, with the fourth peer still down: continues from where the store ends.
      run = spawnTsScript('tools/src/mirror/mirror.cli.ts', [...args, '--once'], env);
      const code = await run.exited;
      expect({ code, output: code === 0 ? '' : run.output() }).toEqual({ code: 0, output: '' });
      expect(run.output()).toContain(`peer ${peers[3]} failed`);
      expect(run.output()).toContain(`${forger.url} disagrees`);
      expect(run.output()).toMatch(
        new RegExp(`mirrored 4 peer\\(s\\).*: ${total - atKill} updates appended \\(with \\d+ verdicts\\)`),
      );
      expect(await storeContentHashes(store.dataSource)).toEqual(uninterrupted);
      // The CLI wrote its view of the peers: the forger disagrees, the stopped peer fails.
      const status: { peer_url: string; agrees: boolean | null; consecutive_failures: number }[] =
        await store.dataSource.query(`SELECT peer_url, agrees, consecutive_failures FROM mirror_peer_status`);
      const byUrl = new Map(status.map((row) => [row.peer_url, row]));
      expect([...byUrl.keys()].sort()).toEqual([...peers].sort());
      expect(byUrl.get(peers[0])).toMatchObject({ agrees: true, consecutive_failures: 0 });
      expect(byUrl.get(forger.url)).toMatchObject({ agrees: false, consecutive_failures: 0 });
      expect(byUrl.get(peers[3])?.consecutive_failures).toBeGreaterThan(0);
    } finally {
      if (run && run.child.exitCode === null) run.child.kill('SIGKILL');
      await stopping.close();
    }
  }, 600_000);
});
