import type { DataSource } from 'typeorm';
import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { Db, LedgerWriter, MirrorPeerStatusRepository } from '@canton-scan/domain';
import { NoQuorumError, ScanMirror, type MirrorOptions } from '@canton-scan/mirror';
import { simulateHistory } from '@canton-scan/simulator';
import { callChecked, startTestApp, useTestDatabase, type RunningTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import {
  corruptingPeer,
  FAST_POLICY,
  getScan,
  openSourceStore,
  postScan,
  type SourceStore,
} from './mirror.fixture';

/** The whole update list of a scan, page by page, as served. */
async function wholeList(origin: string, encoding: string): Promise<string[]> {
  const pages: string[] = [];
  let after: unknown;
  for (;;) {
    const page = await postScan(origin, '/v2/updates', {
      page_size: 97,
      daml_value_encoding: encoding,
      after,
    });
    expect(page.status).toBe(200);
    pages.push(page.body);
    const items = JSON.parse(page.body).transactions as {
      migration_id?: number;
      record_time: string;
      event?: { migration_id: number };
    }[];
    if (items.length === 0) return pages;
    const last = items[items.length - 1];
    after = {
      after_migration_id: last.migration_id ?? last.event?.migration_id,
      after_record_time: last.record_time,
    };
  }
}

async function answersOf(origin: string, ids: string[]): Promise<unknown> {
  const out: Record<string, unknown> = {
    list: await wholeList(origin, 'protobuf_json'),
    compact: await wholeList(origin, 'compact_json'),
  };
  for (const m of [0, 1, 2]) {
    out[`info ${m}`] = await postScan(origin, '/v0/backfilling/migration-info', { migration_id: m });
    out[`imports ${m}`] = await postScan(origin, '/v0/backfilling/import-updates', {
      migration_id: m,
      after_update_id: '',
      limit: 1000,
    });
  }
  for (const id of ids) {
    for (const q of ['', '?lossless=true']) {
      const res = await fetch(`${origin}/api/scan/v2/updates/${id}${q}`);
      out[`${id}${q}`] = { status: res.status, body: await res.text() };
    }
  }
  return out;
}

describe('the scan mirror', () => {
  // The mirror's store: the worker's database, emptied before each test.
  const worker = useTestDatabase();
  let source: SourceStore;
  let target: { dataSource: DataSource; app: RunningTestApp };
  let sampleIds: string[];

  beforeAll(async () => {
    source = await openSourceStore();
    target = { dataSource: worker.dataSource, app: await startTestApp(createScanApp, worker.dataSource) };
    const updates = [...simulateHistory({ seed: 5, rounds: 30, reassignEveryRounds: 10 })];
    await new LedgerWriter(source.dataSource, { snapshotIntervalHours: 3 }).append(updates);
    const rows: { update_id: string }[] = await source.dataSource.query(
      `SELECT update_id FROM updates ORDER BY row_id`,
    );
    const [kinds] = await source.dataSource.query(
      `SELECT count(*) FILTER (WHERE is_import)::int AS imports,
              count(*) FILTER (WHERE kind <> 'transaction')::int AS reassignments,
              count(DISTINCT migration_id)::int AS migrations FROM updates`,
    );
    expect(kinds.imports).toBeGreaterThan(0);
    expect(kinds.reassignments).toBeGreaterThan(0);
    expect(kinds.migrations).toBe(2);
    sampleIds = rows.filter((_, i) => i % 37 === 0).map((r) => r.update_id);
    sampleIds.push(rows[rows.length - 1].update_id);
  }, 120_000);
  afterAll(async () => {
    await target?.app.close();
    await source?.close();
  });

  const mirror = (peers: string[], extra: Partial<MirrorOptions> = {}) =>
    new ScanMirror(target.dataSource, {
      peers,
      snapshotIntervalHours: 3,
      policy: FAST_POLICY,
      statusSink: new MirrorPeerStatusRepository(Db.of(target.dataSource)),
      ...extra,
    });

  /** `GET /v0/explorer/mirror-status` of the mirror's store, checked against the spec. */
  const mirrorStatus = async () => {
    const client = createScanClient({ baseUrl: `${target.app.origin}/api/scan` });
    const res = await callChecked(scanSpec, 'getMirrorStatus', scanApi.getMirrorStatus({ client }));
    expect(res.status).toBe(200);
    return res.body as scanApi.MirrorStatusResponse;
  };

  it('fills an empty store with the same history, resumes after a stop, and adds nothing on a second run', async () => {
    const peer = `${source.app.origin}/api/scan`;
    // A first run stopped after a few pages, as a killed run would be.
    const stop = new AbortController();
    let pages = 0;
    await mirror([peer], { pageSize: 50, onProgress: () => ++pages >= 3 && stop.abort() }).run({
      signal: stop.signal,
    });
    expect(pages).toBeGreaterThanOrEqual(3);

    const resumed = await mirror([peer], { pageSize: 200 }).run({ once: true });
    expect(resumed.appended).toBeGreaterThan(0);
    const [{ n }] = await source.dataSource.query(`SELECT count(*)::int AS n FROM updates`);
    const [{ m }] = await target.dataSource.query(`SELECT count(*)::int AS m FROM updates`);
    expect(m).toBe(n);
    // The source computed the activity totals of its closed rounds from its verdicts; the mirror,
    // which does not copy verdicts, computed none (its rounds answer CannotProvide, not zero).
    const totals = (ds: DataSource) =>
      ds.query(
        `SELECT round::int, activity_records_count::int AS records, total_app_reward_minting_allowance::text AS minting
           FROM reward_accounting_totals ORDER BY round`,
      );
    const original: { round: number }[] = await totals(source.dataSource);
    expect(original.length).toBeGreaterThan(20);
    expect(await totals(target.dataSource)).toEqual([]);
    const cannot = await getScan(
      target.app.origin,
      `/v0/internal/reward-accounting-process/rounds/${original[0].round}/activity-totals`,
    );
    expect(cannot).toEqual({ status: 200, body: '{"status":"CannotProvide"}' });
    expect((await getScan(target.app.origin, `/v0/events/${sampleIds[1]}`)).status).toBe(503);
    expect(await answersOf(target.app.origin, sampleIds)).toEqual(
      await answersOf(source.app.origin, sampleIds),
    );

    const again = await mirror([peer]).run({ once: true });
    expect(again.appended).toBe(0);
  }, 180_000);

  it('stops at a disputed item rather than taking it for the end of the history (two peers, one forging)', async () => {
    const proxy = await corruptingPeer(source.app.origin);
    const evil = proxy.url;
    try {
      const run = mirror([`${source.app.origin}/api/scan`, evil], { pageSize: 300, log: () => undefined });
      await expect(run.run({ once: true })).rejects.toBeInstanceOf(NoQuorumError);
      const [{ forged }] = await target.dataSource.query(
        `SELECT count(*)::int AS forged FROM updates WHERE workflow_id = 'forged'`,
      );
      expect(forged).toBe(0);
      // Only what both peers agree on is stored: the history up to the first disputed transaction.
      const [{ n }] = await source.dataSource.query(`SELECT count(*)::int AS n FROM updates`);
      const [{ m }] = await target.dataSource.query(`SELECT count(*)::int AS m FROM updates`);
      expect(m).toBeLessThan(n);
    } finally {
      await proxy.close();
    }
  }, 180_000);

  it.each([
    ['three', false],
    ['four, one of them unreachable', true],
  ])(
    'out-votes a corrupting peer among %s, reports it by URL and never stores its pages',
    async (_, withDeadPeer) => {
      const proxy = await corruptingPeer(source.app.origin);
      const evil = proxy.url;
      const port = new URL(source.app.origin).port;
      const dead = 'http://127.0.0.1:9/api/scan';
      const peers = [`http://127.0.0.1:${port}/api/scan`, `http://localhost:${port}/api/scan`, evil];
      const logs: string[] = [];
      try {
        const run = mirror(withDeadPeer ? [...peers, dead] : peers, {
          pageSize: 300,
          log: (message) => logs.push(message),
        });
        await run.run({ once: true });
        expect([...run.dissenters]).toEqual([evil]);
        expect(logs.some((l) => l.includes(`${evil} disagrees`))).toBe(true);
        if (withDeadPeer) expect(logs.some((l) => l.includes(`${dead} failed`))).toBe(true);

        // The status the mirror wrote, as scan-api serves it: the forger disagrees, the dead peer fails.
        const status = await mirrorStatus();
        const [newest] = await source.dataSource.query(
          `SELECT migration_id::int AS migration_id, record_time FROM updates ORDER BY migration_id DESC, record_time DESC LIMIT 1`,
        );
        expect(status.record_time).toBe(newest.record_time);
        expect(status.mirror).toEqual({
          migration_id: newest.migration_id,
          record_time: newest.record_time,
          lag_seconds: 0,
          updated_at: expect.any(String),
        });
        const byUrl = new Map(status.peers.map((p) => [p.url, p]));
        expect(status.peers.map((p) => p.url)).toEqual([...(withDeadPeer ? [...peers, dead] : peers)].sort());
        for (const honest of peers.slice(0, 2))
          expect(byUrl.get(honest)).toEqual({
            url: honest,
            agrees: true,
            newest_record_time: newest.record_time,
            migration_id: newest.migration_id,
            lag_seconds: 0,
            last_poll_at: expect.any(String),
            consecutive_failures: 0,
          });
        expect(byUrl.get(evil)).toMatchObject({
          agrees: false,
          consecutive_failures: 0,
          last_disagreement: expect.stringMatching(
            /^updates of migration \d+ after .*, item 1, differs from what/,
          ),
          last_disagreement_at: expect.any(String),
        });
        if (withDeadPeer) {
          const down = byUrl.get(dead)!;
          expect(down.consecutive_failures).toBeGreaterThan(0);
          expect(down.last_error).toMatch(/fetch failed|ECONNREFUSED/);
          expect(down).not.toHaveProperty('agrees');
          expect(down).not.toHaveProperty('last_poll_at');
        }
        const [{ forged }] = await target.dataSource.query(
          `SELECT count(*)::int AS forged FROM updates WHERE workflow_id = 'forged'`,
        );
        expect(forged).toBe(0);
        expect(await answersOf(target.app.origin, sampleIds)).toEqual(
          await answersOf(source.app.origin, sampleIds),
        );
      } finally {
        await proxy.close();
      }
    },
    180_000,
  );
});
