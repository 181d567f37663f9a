import pino from 'pino';
import type { DataSource } from 'typeorm';
import { ConfigError, LedgerWriter, loadConfig, type HistoryUpdate } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { scrapeMetrics, startTestApp, useTestDatabase, type RunningTestApp } from '@canton-scan/testing';
import { createScanMirrorApp } from '../src/app.factory';
import type { MirrorTuning } from '../src/mirror/mirror-runner.service';
import { openPeerStore, startPeerScan, type PeerScan } from './peer-scan.fixture';
import appPackage from '../package.json';

const TUNING: MirrorTuning = {
  pollMs: 100,
  maxPollMs: 300,
  logIntervalMs: 200,
  restartMs: 200,
  policy: { timeoutMs: 20_000, attempts: 2, backoffMs: 10, maxBackoffMs: 50 },
};

interface Readyz {
  status: number;
  body: {
    status: string;
    reason?: string;
    mirror: { appended: number; migrationId: number; lagSeconds?: number; dissentingPeers: string[] };
  };
}

async function readyz(app: RunningTestApp): Promise<Readyz> {
  const res = await fetch(`${app.origin}/readyz`);
  return { status: res.status, body: (await res.json()) as Readyz['body'] };
}

/** Polls `/readyz` until it answers `status`, returning that answer. */
async function readyzUntil(app: RunningTestApp, status: number, timeoutMs = 90_000): Promise<Readyz> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await readyz(app);
    if (answer.status === status) return answer;
    if (Date.now() > deadline)
      throw new Error(`readyz still ${answer.status}: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for a log line (the mirror logs at the end of its pass, just after the change shows). */
async function logged(lines: Record<string, unknown>[], match: (msg: string) => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!lines.some((l) => match(String(l.msg)))) {
    if (Date.now() > deadline) throw new Error(`not logged; the log: ${lines.map((l) => l.msg).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const count = async (dataSource: DataSource): Promise<number> =>
  (await dataSource.query(`SELECT count(*)::int AS n FROM updates`))[0].n;

describe('the scan-mirror app', () => {
  // The mirror's store: the worker's database, emptied before each test.
  const worker = useTestDatabase();
  // The peer scan's store and the history still to come to it.
  let source: Awaited<ReturnType<typeof openPeerStore>>;
  let rest: HistoryUpdate[];

  beforeAll(async () => {
    source = await openPeerStore();
    // Two migrations, the second (with import updates) early, so that the part held back for
    // later continues the regular updates of the last migration.
    const updates = [...simulateNetwork({ seed: 9, rounds: 24, migrationRound: 6 })];
    const first = Math.floor(updates.length * 0.7);
    expect(updates[first - 1]).toMatchObject({
      migration_id: 1,
      offset: expect.stringMatching(/^[0-9a-f]+$/),
    });
    await new LedgerWriter(source.dataSource, { snapshotIntervalHours: 3 }).append(updates.slice(0, first));
    rest = updates.slice(first);
  }, 120_000);
  afterAll(async () => {
    await source?.close();
  });

  const startMirror = (env: Record<string, string>, lines: Record<string, unknown>[] = []) => {
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    return startTestApp(
      (config, dataSource) => createScanMirrorApp(config, dataSource, logger, TUNING),
      worker.dataSource,
      env,
    );
  };

  it('is not ready until caught up, then follows the source as it moves ahead, readiness tracking the lag', async () => {
    const proxy: PeerScan = await startPeerScan(source.dataSource);
    const lines: Record<string, unknown>[] = [];
    proxy.hold();
    const mirror = await startMirror(
      { MIRROR_SCAN_URLS: proxy.url, MIRROR_READY_LAG_SECONDS: '0', MIRROR_PAGE_SIZE: '100' },
      lines,
    );
    try {
      const live = await fetch(`${mirror.origin}/livez`);
      expect({ status: live.status, body: await live.json() }).toEqual({
        status: 200,
        body: { status: 'ok', version: appPackage.version },
      });
      // Nothing mirrored yet: the update pages are held back.
      const behind = await readyz(mirror);
      expect(behind.status).toBe(503);
      expect(behind.body).toMatchObject({
        status: 'not ready',
        mirror: { appended: 0, dissentingPeers: [] },
      });
      expect(behind.body.reason).toMatch(/not caught up|mirror lag/);

      proxy.release();
      const ready = await readyzUntil(mirror, 200);
      const sourceCount = await count(source.dataSource);
      expect(ready.body).toMatchObject({ status: 'ok', mirror: { lagSeconds: 0, appended: sourceCount } });
      expect(ready.body).not.toHaveProperty('reason');
      expect(await count(worker.dataSource)).toBe(sourceCount);
      // The writer's counter moved by what the mirror appended; the mirror is level with its peer.
      const metric = (samples: Awaited<ReturnType<typeof scrapeMetrics>>, name: string) =>
        samples.find((s) => s.name === name)?.value;
      const scraped = await scrapeMetrics(mirror);
      expect(metric(scraped, 'writer_updates_appended_total')).toBe(sourceCount);
      expect(metric(scraped, 'writer_record_time_lag_seconds')).toBeGreaterThan(0);
      expect(metric(scraped, 'mirror_lag_seconds')).toBe(0);
      expect(metric(scraped, 'db_pool_connections_total')).toBeGreaterThan(0);
      await logged(lines, (msg) => msg.startsWith('mirror caught up: migration 1'));
      // The pass that caught up writes the peer's status into the store, for scan-api to show
      // (once the pass ends: after the blobs and the synchronizer state it copies at its end).
      const expectedStatus = [
        {
          peer_url: proxy.url,
          agrees: true,
          consecutive_failures: 0,
          mirror_migration_id: 1,
          mirror_lag_seconds: 0,
        },
      ];
      const statusRows = () =>
        worker.dataSource.query(
          `SELECT peer_url, agrees, consecutive_failures, mirror_migration_id::int, mirror_lag_seconds
             FROM mirror_peer_status`,
        );
      for (let i = 0; i < 100; i++) {
        if (JSON.stringify(await statusRows()) === JSON.stringify(expectedStatus)) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await statusRows()).toEqual(expectedStatus);

      // The source moves ahead; the mirror sees it at its next poll but cannot follow yet.
      await proxy.freeze();
      await new LedgerWriter(source.dataSource, { snapshotIntervalHours: 3 }).append(rest);
      const lagging = await readyzUntil(mirror, 503);
      expect(lagging.body.reason).toMatch(/^mirror lag .+ exceeds 0 s$/);
      expect(lagging.body.mirror.lagSeconds).toBeGreaterThan(0);
      await logged(lines, (msg) => msg.startsWith('mirror fell behind: mirror lag'));

      // Tailing: once the pages flow again, it follows and is ready again.
      proxy.thaw();
      const followed = await readyzUntil(mirror, 200);
      expect(await count(worker.dataSource)).toBe(await count(source.dataSource));
      expect(followed.body.mirror).toMatchObject({ lagSeconds: 0, appended: await count(source.dataSource) });
      expect(metric(await scrapeMetrics(mirror), 'writer_updates_appended_total')).toBe(
        await count(source.dataSource),
      );
      expect(
        lines.some((l) => /^mirror: \d+ updates appended .* updates\/s.*lag to peers/.test(String(l.msg))),
      ).toBe(true);
    } finally {
      await mirror.close();
      await proxy.close();
    }
    expect(lines.some((l) => l.msg === 'mirror stopped')).toBe(true);
  }, 240_000);

  it('is not ready while its peers fail, naming the failed poll and logging the peer by URL', async () => {
    const dead = 'http://127.0.0.1:9/api/scan';
    const lines: Record<string, unknown>[] = [];
    const mirror = await startMirror({ MIRROR_SCAN_URLS: dead }, lines);
    try {
      const answer = await readyzUntil(mirror, 503, 30_000);
      expect(answer.body.reason).toBeDefined();
      const failed = await (async () => {
        for (;;) {
          const a = await readyz(mirror);
          if (a.body.reason?.startsWith('last poll of the peers failed')) return a;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      expect(failed.status).toBe(503);
      expect(failed.body.reason).toContain('only 0 of 1 peers answered');
      expect(lines.some((l) => String(l.msg).includes(`peer ${dead} failed`))).toBe(true);
      expect((await fetch(`${mirror.origin}/livez`)).status).toBe(200);
    } finally {
      await mirror.close();
    }
  }, 60_000);

  it('will not start without MIRROR_SCAN_URLS: a ConfigError naming the variable', async () => {
    const logger = pino({ level: 'silent' });
    const attempt = createScanMirrorApp(loadConfig({}), worker.dataSource, logger);
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(/MIRROR_SCAN_URLS must be set/);
    expect(() => loadConfig({ MIRROR_SCAN_URLS: 'localhost:5012/api/scan' })).toThrow(ConfigError);
    expect(() => loadConfig({ MIRROR_SCAN_URLS: 'not a url' })).toThrow(
      /MIRROR_SCAN_URLS must be comma-separated URLs/,
    );
  });
});
