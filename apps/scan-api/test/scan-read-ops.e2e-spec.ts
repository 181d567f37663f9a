import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { SpliceChoices, timestampToMicros, toCompact, type HistoryUpdate } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  callChecked,
  expectResponseMatchesSpec,
  loadSimulatedNetwork,
  sendRaw,
  startTestApp,
  useTestDatabase,
  writeHistory,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import appPackage from '../package.json';

/** MainNet answers (`<repo>/../shared`, a sibling of the repository; see its README.md). */
const SAMPLES = join(__dirname, '../../../../shared/api/samples/mainnet-2026-01-30');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sample = (name: string): any => JSON.parse(readFileSync(join(SAMPLES, name), 'utf8'));

/** Migration 0 with reassignments, its import updates, then migration 1. */
const NETWORK = { seed: 4, rounds: 30, migrationRound: 20, reassignEveryRounds: 5 };
const PARTY = 'alice::1220' + 'a'.repeat(64);
/** The record time of import updates, as the scan writes it. */
const IMPORT_TIME = '0001-01-01T00:00:00.000000Z';

type Item = scanApi.UpdateHistoryItem;

/** An item with its event ids written as Canton wrote them before 3.3 (`#<update_id>:<node_id>`). */
function prefixed(item: Item): Item {
  const p = (id: string) => `#${id}`;
  if ('events_by_id' in item) {
    return {
      ...item,
      root_event_ids: item.root_event_ids.map(p),
      events_by_id: Object.fromEntries(
        Object.entries(item.events_by_id).map(([id, e]) => [
          p(id),
          e.event_type === 'exercised_event'
            ? { ...e, event_id: p(e.event_id), child_event_ids: e.child_event_ids.map(p) }
            : { ...e, event_id: p(e.event_id) },
        ]),
      ),
    };
  }
  const event = item.event;
  return 'created_event' in event
    ? {
        ...item,
        event: {
          ...event,
          created_event: { ...event.created_event, event_id: p(event.created_event.event_id) },
        },
      }
    : item;
}

const migrationOf = (i: Item) => ('events_by_id' in i ? i.migration_id : i.event.migration_id);

describe('scan read operations of upstream scan.yaml', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;
  const base = () => running.origin + running.config.scanApi.prefix;
  /** A raw request (bodies the generated client's types would refuse). */
  const send = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    sendRaw(base(), {
      method,
      path,
      ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' }),
    });

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource, { SCAN_UI_ENABLED: 'false' });
    client = createScanClient({ baseUrl: base() });
  });
  afterAll(() => running.close());

  describe('GET /status and GET /version', () => {
    it('reports the node as a Splice app does: id, uptime, the port it listens on, active', async () => {
      const first = await callChecked(scanSpec, 'getHealthStatus', scanApi.getHealthStatus({ client }));
      expect(first.status).toBe(200);
      const status = first.body as scanApi.SuccessStatusResponse;
      expect(status.success).toEqual({
        id: 'amulet::scan-api',
        uptime: expect.stringMatching(/^PT(\d+H)?(\d+M)?(\d+(\.\d{1,9})?S)?$/),
        ports: { admin: Number(new URL(running.origin).port) },
        extra: null,
        active: true,
      });
      // The keys (and `extra: null`) of a MainNet scan's answer.
      expect(Object.keys(status.success).sort()).toEqual(
        Object.keys(sample('scan.common.status.json').success).sort(),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      const later = (await callChecked(scanSpec, 'getHealthStatus', scanApi.getHealthStatus({ client })))
        .body as scanApi.SuccessStatusResponse;
      const seconds = (uptime: string) => {
        const [, h, m, s] = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?$/.exec(uptime)!;
        return Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0);
      };
      expect(seconds(later.success.uptime)).toBeGreaterThan(seconds(status.success.uptime));
    });

    it('is not initialized while the schema is not migrated', async () => {
      await db.dataSource.query(`UPDATE schema_migrations SET name = name || '-renamed'`);
      try {
        const res = await callChecked(scanSpec, 'getHealthStatus', scanApi.getHealthStatus({ client }));
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ not_initialized: { active: false } });
      } finally {
        await db.dataSource.query(`UPDATE schema_migrations SET name = replace(name, '-renamed', '')`);
      }
    });

    it("answers the app's release version and the commit time of its sources", async () => {
      const res = await callChecked(scanSpec, 'getVersion', scanApi.getVersion({ client }));
      expect(res.status).toBe(200);
      const head = Number(
        execFileSync('git', ['log', '-1', '--format=%ct', 'HEAD'], {
          cwd: __dirname,
          encoding: 'utf8',
        }).trim(),
      );
      expect(res.body).toEqual({
        version: appPackage.version,
        commit_ts: new Date(head * 1000).toISOString().replace('.000Z', 'Z'),
      });
      expect(Object.keys(res.body).sort()).toEqual(Object.keys(sample('scan.common.version.json')).sort());
    });
  });

  describe('POST /v0/updates (deprecated)', () => {
    const page = (body: scanApi.UpdateHistoryRequest) =>
      callChecked(scanSpec, 'getUpdateHistory', scanApi.getUpdateHistory({ client, body }));

    it('lists each migration from its import updates, then the v2 list, every update as GET shows it with #-prefixed event ids', async () => {
      await writeHistory(db.dataSource, [...simulateNetwork(NETWORK)]);
      // What a client assembles from the other endpoints: a migration's import updates, then its v2 list.
      const expected = async (migration: number) => {
        const imports = await callChecked(
          scanSpec,
          'getImportUpdates',
          scanApi.getImportUpdates({
            client,
            body: { migration_id: migration, after_update_id: '', limit: 1000 },
          }),
        );
        const ids: string[] = imports.body.transactions.map((i: Item) => i.update_id);
        let after: scanApi.UpdateHistoryRequestAfter | undefined =
          migration === 0
            ? undefined
            : { after_migration_id: migration - 1, after_record_time: '9999-01-01T00:00:00Z' };
        for (;;) {
          const v2 = await scanApi.getUpdateHistoryV2({ client, body: { after, page_size: 1000 } });
          const items = (v2.data!.transactions as Item[]).filter((i) => migrationOf(i) === migration);
          ids.push(...items.map((i) => i.update_id));
          if (items.length < 1000) return { ids, imports: imports.body.transactions.length as number };
          after = { after_migration_id: migration, after_record_time: items[items.length - 1].record_time };
        }
      };
      /** The v0 list of one migration, from `after`, page after page, until another migration's update shows. */
      const walk = async (migration: number, after: scanApi.UpdateHistoryRequestAfter | undefined) => {
        const listed: Item[] = [];
        for (;;) {
          const res = await page({ after, page_size: 1000, lossless: true });
          expect(res.status).toBe(200);
          const items = res.body.transactions as Item[];
          listed.push(...items.filter((i) => migrationOf(i) === migration));
          if (items.length < 1000 || migrationOf(items[items.length - 1]) !== migration) return listed;
          const last = items[items.length - 1];
          // A page ending inside import updates cannot be continued (they share one record time).
          expect(last.record_time).not.toBe(IMPORT_TIME);
          after = { after_migration_id: migration, after_record_time: last.record_time };
        }
      };
      const zero = await expected(0);
      const one = await expected(1);
      expect(zero.imports).toBe(0);
      expect(one.imports).toBeGreaterThan(10);
      expect(one.imports).toBeLessThan(1000);
      const listed0 = await walk(0, undefined);
      const listed1 = await walk(1, { after_migration_id: 0, after_record_time: '9999-01-01T00:00:00Z' });
      expect(listed0.map((i) => i.update_id)).toEqual(zero.ids);
      expect(listed1.map((i) => i.update_id)).toEqual(one.ids);
      expect(listed1.slice(0, one.imports).every((i) => i.record_time === IMPORT_TIME)).toBe(true);
      // Each reassignment, the first import updates and every 10th update, as GET shows them.
      const sampled = [...listed0, ...listed1].filter(
        (item, k) => k % 10 === 0 || !('events_by_id' in item) || listed1.slice(0, 3).includes(item),
      );
      for (const item of sampled) {
        const got = await scanApi.getUpdateByIdV2({
          client,
          path: { update_id: item.update_id },
          query: { lossless: true },
        });
        expect(item).toEqual(prefixed(got.data as Item));
        if ('events_by_id' in item) expect(item.offset).toMatch(/^([0-9a-f]{18})?$/);
      }
    }, 240_000);

    it('pages strictly after `after`, compact by default, import updates skipped once a page ends on one', async () => {
      await writeHistory(db.dataSource, [...simulateNetwork(NETWORK)]);
      const all = (await page({ page_size: 1000 })).body.transactions as Item[];
      expect(all.length).toBeGreaterThan(30);
      const k = 25;
      const next = await page({
        page_size: 3,
        after: { after_migration_id: migrationOf(all[k]), after_record_time: all[k].record_time },
      });
      expect(next.body.transactions).toEqual(all.slice(k + 1, k + 4));
      // Compact payloads: what GET shows without `lossless`.
      const one = await scanApi.getUpdateByIdV2({ client, path: { update_id: all[k].update_id } });
      expect(all[k]).toEqual(prefixed(one.data as Item));
      // Migration 1 starts with its import updates after any time of migration 0; after the
      // import time itself, with its first update that is not one (they cannot be paged into).
      const m1 = (
        await page({
          page_size: 1000,
          after: { after_migration_id: 0, after_record_time: '9999-01-01T00:00:00Z' },
        })
      ).body.transactions as Item[];
      expect(m1[0].record_time).toBe(IMPORT_TIME);
      const byMigration1 = await page({
        page_size: 2,
        after: { after_migration_id: 0, after_record_time: '2999-01-01T00:00:00Z' },
      });
      expect(byMigration1.body.transactions).toEqual(m1.slice(0, 2));
      const fromStart = await page({
        page_size: 2,
        after: { after_migration_id: 1, after_record_time: '0001-01-01T00:00:00Z' },
      });
      const afterImports = m1.filter((i) => i.record_time !== IMPORT_TIME);
      expect(afterImports.length).toBeGreaterThan(2);
      expect(fromStart.body.transactions).toEqual(afterImports.slice(0, 2));
    });

    it('refuses bad requests in the scan error format', async () => {
      for (const body of [
        {},
        { page_size: 0 },
        { page_size: 'ten' },
        { page_size: 10, lossless: 'yes' },
        { page_size: 10, after: { after_migration_id: 0 } },
        { page_size: 10, after: { after_migration_id: 0, after_record_time: 'yesterday' } },
      ]) {
        const res = await send('POST', '/v0/updates', body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        expectResponseMatchesSpec(scanSpec, 'getUpdateHistory', {
          status: res.status,
          contentType: res.contentType,
          body: JSON.parse(res.text),
        });
      }
    });
  });

  describe('POST /v0/admin/sv/previous-sv-reward-weight', () => {
    let updates: HistoryUpdate[];
    beforeEach(async () => {
      ({ updates } = await loadSimulatedNetwork(db.dataSource, { seed: 5, rounds: 40, voteEveryRounds: 3 }));
    });

    it("answers the weight of the SV's newest accepted reward weight vote effective before the time", async () => {
      // Every accepted SRARC_UpdateSvRewardWeight of the history: its SV, weight and effective time.
      const votes: { sv: string; weight: string; at: string }[] = [];
      for (const u of updates) {
        if (!('events_by_id' in u) || u.record_time.startsWith('0001')) continue;
        for (const e of Object.values(u.events_by_id)) {
          if (e.event_type !== 'exercised_event' || e.choice !== SpliceChoices.DsoRulesCloseVoteRequest)
            continue;
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const r = toCompact(e.exercise_result) as any;
          const action = r.request.action;
          if (
            r.outcome.tag !== 'VRO_Accepted' ||
            action.value?.dsoAction?.tag !== 'SRARC_UpdateSvRewardWeight'
          )
            continue;
          const { svParty, newRewardWeight } = action.value.dsoAction.value;
          votes.push({ sv: svParty, weight: String(newRewardWeight), at: r.outcome.value.effectiveAt });
        }
      }
      expect(votes.length).toBeGreaterThan(2);
      // Some SV had its weight set twice: the newest one before a time is chosen.
      expect(votes.some((v, i) => votes.findIndex((w) => w.sv === v.sv) !== i)).toBe(true);
      const micros = (t: string) => BigInt(timestampToMicros(t));
      const expected = (sv: string, before?: string) => {
        const candidates = votes.filter(
          (v) => v.sv === sv && (before === undefined || micros(v.at) < micros(before)),
        );
        candidates.sort((a, b) => (micros(a.at) < micros(b.at) ? 1 : -1));
        return candidates.length === 0 ? {} : { rewardWeight: candidates[0].weight };
      };
      const ask = async (body: scanApi.PreviousSvRewardWeightRequest) => {
        const res = await callChecked(
          scanSpec,
          'getPreviousSvRewardWeight',
          scanApi.getPreviousSvRewardWeight({ client, body }),
        );
        expect(res.status).toBe(200);
        return res.body;
      };
      for (const sv of new Set(votes.map((v) => v.sv))) {
        expect(await ask({ svParty: sv })).toEqual(expected(sv));
        for (const vote of votes.filter((v) => v.sv === sv)) {
          // Strictly before: the vote itself does not count at its own effective time.
          expect(await ask({ svParty: sv, effectiveBefore: vote.at })).toEqual(expected(sv, vote.at));
        }
      }
      expect(await ask({ svParty: PARTY })).toEqual({});
      expect(await ask({ svParty: votes[0].sv, effectiveBefore: '2000-01-01T00:00:00Z' })).toEqual({});
    });

    it('refuses bad requests in the scan error format', async () => {
      for (const body of [{}, { svParty: 'no-namespace' }, { svParty: PARTY, effectiveBefore: 'later' }]) {
        const res = await send('POST', '/v0/admin/sv/previous-sv-reward-weight', body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
      }
    });
  });
});
