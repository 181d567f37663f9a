import type { DataSource } from 'typeorm';
import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { Db, LedgerWriter, MirrorPeerStatusRepository, unpackVerdict } from '@canton-scan/domain';
import { NoQuorumError, ScanMirror, VerdictsUnavailableError, type MirrorOptions } from '@canton-scan/mirror';
import { simulateHistory } from '@canton-scan/simulator';
import { callChecked, startTestApp, useTestDatabase, type RunningTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import {
  answersOf,
  corruptingPeer,
  eventsPeer,
  FAST_POLICY,
  getScan,
  heldFacts,
  openSourceStore,
  postScan,
  rewritingPeer,
  verdictAnswersOf,
  type Sample,
  type SourceStore,
} from './mirror.fixture';

/** Transactions of verdicts-held migrations stored without their verdict (the simulated network gives each one). */
const withoutVerdicts = async (ds: DataSource): Promise<number> => {
  const [{ n }] = await ds.query(
    `SELECT count(*)::int AS n FROM updates u JOIN history_migrations h ON h.migration_id = u.migration_id
      WHERE h.verdicts_held AND u.kind = 'transaction' AND NOT u.is_import
        AND NOT EXISTS (SELECT 1 FROM synchronizer_verdicts v WHERE v.update_id = u.update_id)`,
  );
  return n;
};

describe('the scan mirror', () => {
  // The mirror's store: the worker's database, emptied before each test.
  const worker = useTestDatabase();
  let source: SourceStore;
  let target: { dataSource: DataSource; app: RunningTestApp };
  let sampleIds: string[];
  let sample: Sample;
  let hosted: { synchronizer_id: string; party_id: string };

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
    // The verdicts alone (transactions no hosted party sees), and the rounds reward accounting knows.
    const alone: { update_id: string }[] = await source.dataSource.query(
      `SELECT v.update_id FROM synchronizer_verdicts v
        WHERE NOT EXISTS (SELECT 1 FROM updates u WHERE u.update_id = v.update_id) ORDER BY v.migration_id, v.record_time`,
    );
    expect(alone.length).toBeGreaterThan(3);
    const rounds: { round: number }[] = await source.dataSource.query(
      `SELECT round::int FROM mining_rounds ORDER BY round`,
    );
    sample = {
      ids: sampleIds,
      verdictIds: [alone[0], alone[Math.floor(alone.length / 2)], alone[alone.length - 1]].map(
        (r) => r.update_id,
      ),
      rounds: [...rounds.map((r) => r.round), rounds[rounds.length - 1].round + 1],
    };
    [hosted] = await source.dataSource.query(`SELECT synchronizer_id, party_id FROM party_hosting LIMIT 1`);
    expect(hosted).toBeDefined();
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
    expect(resumed.verdictsCopied).toBeGreaterThan(0);
    const [{ n }] = await source.dataSource.query(`SELECT count(*)::int AS n FROM updates`);
    const [{ m }] = await target.dataSource.query(`SELECT count(*)::int AS m FROM updates`);
    expect(m).toBe(n);
    // The peer serves its verdicts, so the mirror copied them (every one, the verdicts alone too)...
    const verdictRows = async (ds: DataSource) =>
      (
        await ds.query<{ verdict: Buffer }[]>(`SELECT update_id, migration_id::int, record_time, verdict,
                       traffic_summary::text, app_activity_records::text FROM synchronizer_verdicts ORDER BY update_id`)
      ).map((r) => ({ ...r, verdict: unpackVerdict(r.verdict) }));
    expect(await verdictRows(target.dataSource)).toEqual(await verdictRows(source.dataSource));
    expect(await heldFacts(target.dataSource)).toEqual([
      { migration_id: 0, verdicts_held: true, hosting_held: false },
      { migration_id: 1, verdicts_held: true, hosting_held: false },
    ]);
    // ...and computed the activity totals of its closed rounds from them, as the source did.
    const totals = (ds: DataSource) =>
      ds.query(
        `SELECT round::int, activity_records_count::int AS records, total_app_reward_minting_allowance::text AS minting
           FROM reward_accounting_totals ORDER BY round`,
      );
    const original: { round: number }[] = await totals(source.dataSource);
    expect(original.length).toBeGreaterThan(20);
    expect(await totals(target.dataSource)).toEqual(original);
    const mirrored = await verdictAnswersOf(target.app.origin, sample);
    expect(mirrored).toEqual(await verdictAnswersOf(source.app.origin, sample));
    expect((mirrored['events compact'] as unknown[]).length).toBeGreaterThan(10);
    expect(mirrored[`activity totals ${original[0].round}`]).toMatchObject({
      body: expect.stringContaining('"Ok"'),
    });
    // The party's hosting is copied from the peer (synchronizer-state.ts): v0 and v1 answer as the source's.
    for (const version of ['v0', 'v1']) {
      const path = `/${version}/domains/${hosted.synchronizer_id}/parties/${hosted.party_id}/participant-id`;
      expect(await getScan(target.app.origin, path)).toEqual(await getScan(source.app.origin, path));
    }
    expect(await answersOf(target.app.origin, sampleIds)).toEqual(
      await answersOf(source.app.origin, sampleIds),
    );

    const again = await mirror([peer]).run({ once: true });
    expect(again.appended).toBe(0);
    expect(await verdictRows(target.dataSource)).toEqual(await verdictRows(source.dataSource));
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

  it('writes the pages agreed before a disputed page, in order, and nothing of it or after it (pages read ahead)', async () => {
    // The forger answers its third update page with a forged first transaction: the pages read
    // ahead of the writes include it, but only the two before it may be written.
    let lists = 0;
    const forger = await rewritingPeer(source.app.origin, (path, status, body) => {
      if (!path.endsWith('/v2/updates') || status !== 200 || ++lists !== 3) return undefined;
      const page = JSON.parse(body);
      const tx = page.transactions.find((t: Record<string, unknown>) => 'events_by_id' in t);
      tx.workflow_id = 'forged';
      return { status, body: JSON.stringify(page) };
    });
    try {
      const run = mirror([`${source.app.origin}/api/scan`, forger.url], {
        pageSize: 50,
        log: () => undefined,
      });
      await expect(run.run({ once: true })).rejects.toBeInstanceOf(NoQuorumError);
      expect(forger.rewritten()).toBe(1);
      const regular = (ds: DataSource) =>
        ds.query(
          `SELECT update_id, record_time FROM updates WHERE NOT is_import ORDER BY migration_id, record_time`,
        );
      // Exactly the first two pages (50 each) of the source's list, as their record times order them...
      expect(await regular(target.dataSource)).toEqual((await regular(source.dataSource)).slice(0, 100));
      // ...written in that order: the mirror's ledger offsets ascend with the record times.
      const byOffset = await target.dataSource.query(
        `SELECT update_id FROM updates WHERE NOT is_import ORDER BY ledger_offset`,
      );
      expect(byOffset.map((r: { update_id: string }) => r.update_id)).toEqual(
        (await regular(target.dataSource)).map((r: { update_id: string }) => r.update_id),
      );
      expect(await withoutVerdicts(target.dataSource)).toBe(0);
    } finally {
      await forger.close();
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
  it('copies the verdicts from three peers, one forging one verdict: its answer is out-voted and it is named', async () => {
    const forgedId = sample.verdictIds[1];
    const port = new URL(source.app.origin).port;
    const forger = await eventsPeer(source.app.origin, { forge: forgedId });
    const peers = [`http://127.0.0.1:${port}/api/scan`, `http://localhost:${port}/api/scan`, forger.url];
    const logs: string[] = [];
    try {
      const run = mirror(peers, { pageSize: 120, log: (line) => logs.push(line) });
      const progress = await run.run({ once: true });
      expect(progress.verdictsCopied).toBeGreaterThan(0);
      expect(forger.forged()).toBeGreaterThan(0);
      expect([...run.dissenters]).toEqual([forger.url]);
      expect(logs.some((l) => l.includes(`${forger.url} disagrees`))).toBe(true);
      const [stored] = await target.dataSource.query<{ verdict: Buffer }[]>(
        `SELECT verdict FROM synchronizer_verdicts WHERE update_id = $1`,
        [forgedId],
      );
      expect(JSON.parse(unpackVerdict(stored.verdict))).toMatchObject({ mediator_group: 0 });
      expect(await verdictAnswersOf(target.app.origin, sample)).toEqual(
        await verdictAnswersOf(source.app.origin, sample),
      );
      expect(await withoutVerdicts(target.dataSource)).toBe(0);
      const byUrl = new Map((await mirrorStatus()).peers.map((p) => [p.url, p]));
      expect(byUrl.get(forger.url)).toMatchObject({
        agrees: false,
        consecutive_failures: 0,
        last_disagreement: expect.stringMatching(
          /^verdicts of migration \d+ after .*, item \d+, differs from what 1 or more peers answered$/,
        ),
      });
      expect(byUrl.get(peers[0])).toMatchObject({ agrees: true });
    } finally {
      await forger.close();
    }
  }, 180_000);

  it('copies the updates without verdicts when the peers do not serve /v0/events (404, 501, 503): events answer 503 as before', async () => {
    const refusing = await Promise.all(
      [503, 404, 501].map((status) => eventsPeer(source.app.origin, { refuse: status })),
    );
    const logs: string[] = [];
    try {
      const progress = await mirror(
        refusing.map((p) => p.url),
        { pageSize: 300, log: (line) => logs.push(line) },
      ).run({ once: true });
      expect(progress.verdictsCopied).toBe(0);
      expect(logs.filter((l) => l.includes('does not serve the verdicts of migration 0'))).toHaveLength(3);
      expect(await heldFacts(target.dataSource)).toEqual([
        { migration_id: 0, verdicts_held: false, hosting_held: false },
        { migration_id: 1, verdicts_held: false, hosting_held: false },
      ]);
      const [{ n }] = await target.dataSource.query(`SELECT count(*)::int AS n FROM synchronizer_verdicts`);
      expect(n).toBe(0);
      // What needs the verdicts says it cannot tell, never an answer without them.
      const events = await postScan(target.app.origin, '/v0/events', { page_size: 10 });
      expect(events.status).toBe(503);
      expect(JSON.parse(events.body).error).toContain("does not carry the synchronizer's mediator verdicts");
      expect((await getScan(target.app.origin, `/v0/events/${sampleIds[1]}`)).status).toBe(503);
      const [{ round }] = await source.dataSource.query(
        `SELECT min(round)::int AS round FROM reward_accounting_totals`,
      );
      expect(
        await getScan(
          target.app.origin,
          `/v0/internal/reward-accounting-process/rounds/${round}/activity-totals`,
        ),
      ).toEqual({ status: 200, body: '{"status":"CannotProvide"}' });
      expect(await answersOf(target.app.origin, sampleIds)).toEqual(
        await answersOf(source.app.origin, sampleIds),
      );
    } finally {
      await Promise.all(refusing.map((p) => p.close()));
    }
  }, 180_000);

  it('stalls, writing no update without its verdict, when the peers stop serving the verdicts mid-migration; goes on once they serve them again', async () => {
    const peer = await eventsPeer(source.app.origin, { refuse: 503, refuseAfter: 4 });
    const logs: string[] = [];
    try {
      const stalled = mirror([peer.url], { pageSize: 60, log: (line) => logs.push(line) });
      const failure = await stalled.run({ once: true }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(VerdictsUnavailableError);
      expect((failure as Error).message).toMatch(
        /^verdicts of migration 0 after .*: only 0 of 1 peers answered \(need 1\); the migration is held with its verdicts, so its updates wait for them$/,
      );
      const [{ n }] = await source.dataSource.query(`SELECT count(*)::int AS n FROM updates`);
      const [{ m }] = await target.dataSource.query(`SELECT count(*)::int AS m FROM updates`);
      expect(m).toBeGreaterThan(0);
      expect(m).toBeLessThan(n);
      expect(await withoutVerdicts(target.dataSource)).toBe(0);
      // The peer's status names the failure.
      const [status] = (await mirrorStatus()).peers;
      expect(status).toMatchObject({ url: peer.url, last_error: expect.stringContaining('HTTP 503') });
      expect(status.consecutive_failures).toBeGreaterThan(0);

      // Served again: the mirror goes on from where it stopped and ends with the source's events.
      peer.refuseEvents(undefined);
      await mirror([peer.url], { pageSize: 60 }).run({ once: true });
      expect(await withoutVerdicts(target.dataSource)).toBe(0);
      expect(await verdictAnswersOf(target.app.origin, sample)).toEqual(
        await verdictAnswersOf(source.app.origin, sample),
      );
    } finally {
      await peer.close();
    }
  }, 180_000);
});
