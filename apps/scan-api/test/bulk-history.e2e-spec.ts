import { createHash } from 'node:crypto';
import { decompress } from 'fzstd';
import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { canonicalJson, timestampToMicros } from '@canton-scan/domain';
import {
  callChecked,
  expectResponseMatchesSpec,
  loadSimulatedNetwork,
  startTestApp,
  useTestDatabase,
  withReadOnlyRole,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Item = { record_time: string; update_id: string };

/**
 * The pre-alpha bulk history as a client uses it: list object references for a window or a
 * snapshot time, download each, check its digest, decompress the zstd JSON Lines, and compare
 * with what the paged endpoints (`POST /v2/updates`, `POST /v0/state/acs`) give.
 */
describe('scan: bulk history objects', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());

  const listUpdates = (body: scanApi.ListBulkUpdateHistoryObjectsRequest) =>
    callChecked(
      scanSpec,
      'listBulkUpdateHistoryObjects',
      scanApi.listBulkUpdateHistoryObjects({ client, body }),
    );
  const listAcs = (at: string) =>
    callChecked(
      scanSpec,
      'listBulkAcsSnapshotObjects',
      scanApi.listBulkAcsSnapshotObjects({ client, query: { at_or_before_record_time: at } }),
    );
  const checksums = (keys: string[]) =>
    callChecked(
      scanSpec,
      'getBulkObjectChecksums',
      scanApi.getBulkObjectChecksums({ client, body: { object_keys: keys } }),
    );

  /** Downloads a URL this scan handed out (its path, against the test app's origin), checked against the spec. */
  async function download(
    url: string,
  ): Promise<{ status: number; bytes: Buffer; contentType: string | null }> {
    const res = await fetch(running.origin + new URL(url).pathname);
    const bytes = Buffer.from(await res.arrayBuffer());
    const contentType = res.headers.get('content-type');
    const json = (contentType ?? '').startsWith('application/json');
    expectResponseMatchesSpec(scanSpec, 'bulkStorageDownload', {
      status: res.status,
      contentType,
      body: json ? JSON.parse(bytes.toString('utf8')) : bytes.toString('latin1'),
    });
    return { status: res.status, bytes, contentType };
  }

  /** The lines of an object's JSON Lines, after checking its digest; each line's keys sorted. */
  async function linesOf(ref: scanApi.BulkStorageObjectRef): Promise<unknown[]> {
    const { status, bytes, contentType } = await download(ref.url);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^application\/octet-stream/);
    expect(createHash('sha256').update(bytes).digest('base64')).toBe(ref.digest);
    const text = Buffer.from(decompress(bytes)).toString('utf8');
    expect(text.endsWith('\n')).toBe(true);
    return text
      .slice(0, -1)
      .split('\n')
      .map((line) => {
        const value: unknown = JSON.parse(line);
        expect(line).toBe(canonicalJson(value));
        return value;
      });
  }

  /** Every reference for a window, page by page (`page_size` objects a page). */
  async function allRefs(
    start: string,
    end: string,
    pageSize: number,
  ): Promise<scanApi.BulkStorageObjectRef[]> {
    const refs: scanApi.BulkStorageObjectRef[] = [];
    let token: string | undefined;
    for (let pages = 0; ; pages++) {
      expect(pages).toBeLessThan(100);
      const res = await listUpdates({
        start_record_time: start,
        end_record_time: end,
        page_size: pageSize,
        ...(token === undefined ? {} : { next_page_token: token }),
      });
      expect(res.status).toBe(200);
      const page = res.body as scanApi.ListBulkUpdateHistoryObjectsResponse;
      expect(page.object_refs.length).toBeLessThanOrEqual(pageSize);
      refs.push(...page.object_refs);
      if (page.next_page_token === undefined || page.object_refs.length === 0) return refs;
      token = page.next_page_token;
    }
  }

  /** `POST /v2/updates` (compact), every update with start < record time <= end. */
  async function listedUpdates(start: string, end: string): Promise<Item[]> {
    const items: Item[] = [];
    let after: scanApi.UpdateHistoryRequestAfter | undefined;
    for (;;) {
      const res = await callChecked(
        scanSpec,
        'getUpdateHistoryV2',
        scanApi.getUpdateHistoryV2({ client, body: { page_size: 1000, ...(after ? { after } : {}) } }),
      );
      expect(res.status).toBe(200);
      const page = (
        res.body as { transactions: (Item & { migration_id?: number; event?: { migration_id: number } })[] }
      ).transactions;
      items.push(...page);
      if (page.length < 1000) break;
      const last = page[page.length - 1];
      after = {
        after_migration_id: last.migration_id ?? last.event!.migration_id,
        after_record_time: last.record_time,
      };
    }
    const [s, e] = [timestampToMicros(start), timestampToMicros(end)];
    return items.filter((i) => timestampToMicros(i.record_time) > s && timestampToMicros(i.record_time) <= e);
  }

  describe('on an empty store', () => {
    it('lists nothing, finds no snapshot, knows no object: 404s in the scan error format', async () => {
      const updates = await listUpdates({
        start_record_time: '2026-01-01T00:00:00Z',
        end_record_time: '2026-02-01T00:00:00Z',
        page_size: 10,
      });
      expect(updates.status).toBe(200);
      expect(updates.body).toEqual({ object_refs: [] });
      const acs = await listAcs('2026-02-01T00:00:00Z');
      expect(acs.status).toBe(404);
      expect(acs.body).toEqual({ error: expect.stringMatching(/no bulk ACS snapshot/) });
      const key = '2026-01-01T00:00:00Z~2026-01-02T00:00:00Z/updates_compact_json_0.zstd';
      expect((await checksums([key])).body).toEqual({ checksums: [{}] });
      const missing = await download(
        `http://x${running.config.scanApi.prefix}/v0/history/bulk/download/${encodeURIComponent(key)}`,
      );
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.bytes.toString('utf8'))).toEqual({ error: expect.stringContaining(key) });
    });

    it('answers 400 in the scan error format for a bad page size or time', async () => {
      for (const body of [
        { start_record_time: '2026-01-01T00:00:00Z', end_record_time: '2026-01-02T00:00:00Z', page_size: 0 },
        {
          start_record_time: '2026-01-01T00:00:00Z',
          end_record_time: '2026-01-02T00:00:00Z',
          page_size: 1001,
        },
        { start_record_time: 'yesterday', end_record_time: '2026-01-02T00:00:00Z', page_size: 1 },
      ]) {
        const res = await listUpdates(body as scanApi.ListBulkUpdateHistoryObjectsRequest);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: expect.any(String) });
      }
      const res = await listAcs('not a time');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    });
  });

  describe('on a simulated network spanning days and a migration', () => {
    beforeEach(async () => {
      await loadSimulatedNetwork(db.dataSource, {
        seed: 5,
        rounds: 30,
        // Two-hour rounds from 2026-01-05T00:00Z: 60 hours, two complete daily segments, a migration.
        tickSeconds: 7200,
        migrationRound: 16,
      });
    });

    it('serves objects whose updates, digests checked, are POST /v2/updates over the window', async () => {
      const start = '2026-01-05T20:00:00Z';
      const end = '2026-01-06T10:00:00Z';
      const refs = await allRefs(start, end, 1);
      // The segments ending 2026-01-06 and 2026-01-07 hold the window.
      expect(refs.length).toBe(2);
      const urlBase = `${running.config.scanApi.publicUrl}${running.config.scanApi.prefix}/v0/history/bulk/download/`;
      for (const ref of refs) expect(ref.url.startsWith(urlBase)).toBe(true);
      expect(decodeURIComponent(refs[0].url.slice(urlBase.length))).toBe(
        '0001-01-01T00:00:00Z~2026-01-06T00:00:00Z/updates_compact_json_0.zstd',
      );
      const inObjects: Item[] = [];
      for (const ref of refs) inObjects.push(...((await linesOf(ref)) as Item[]));
      const window = await listedUpdates(start, end);
      expect(window.length).toBeGreaterThan(10);
      const [s, e] = [timestampToMicros(start), timestampToMicros(end)];
      const inWindow = inObjects.filter(
        (i) => timestampToMicros(i.record_time) > s && timestampToMicros(i.record_time) <= e,
      );
      expect(inWindow).toEqual(window);
      // Whole segments: updates either side of the window too.
      expect(inObjects.length).toBeGreaterThan(window.length);
    });

    it('covers the whole history up to the newest complete segment, across the migration, in list order', async () => {
      const refs = await allRefs('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z', 1000);
      expect(refs.length).toBe(2);
      const all: Item[] = [];
      for (const ref of refs) all.push(...((await linesOf(ref)) as Item[]));
      expect(all).toEqual(await listedUpdates('2000-01-01T00:00:00Z', '2026-01-07T00:00:00Z'));
      const migrations = new Set(all.map((i) => (i as { migration_id?: number }).migration_id));
      expect(migrations.has(0) && migrations.has(1)).toBe(true);
      // A window past the newest complete segment: nothing yet, and the (absent) token handed back.
      const later = await listUpdates({
        start_record_time: '2026-01-07T00:00:00Z',
        end_record_time: '2026-01-09T00:00:00Z',
        page_size: 5,
      });
      expect(later.body).toEqual({ object_refs: [] });
    });

    it('builds the same bytes twice, and its checksums are the digests', async () => {
      const first = await allRefs('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z', 1000);
      const acs = (await listAcs('2026-01-06T12:00:00Z')).body as scanApi.ListBulkAcsSnapshotObjectsResponse;
      const refs = [...first, ...acs.object_refs];
      const bytes = await Promise.all(refs.map(async (r) => (await download(r.url)).bytes));
      const keys = refs.map((r) => decodeURIComponent(new URL(r.url).pathname.split('/').pop()!));
      expect((await checksums([...keys, 'nope'])).body).toEqual({
        checksums: [...refs.map((r) => ({ value: r.digest })), {}],
      });
      await db.dataSource.query('TRUNCATE bulk_history_frames, bulk_history_objects, bulk_history_folders');
      const again = await allRefs('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z', 1000);
      const acsAgain = (await listAcs('2026-01-06T12:00:00Z'))
        .body as scanApi.ListBulkAcsSnapshotObjectsResponse;
      const refsAgain = [...again, ...acsAgain.object_refs];
      expect(refsAgain).toEqual(refs);
      for (let i = 0; i < refs.length; i++)
        expect((await download(refsAgain[i].url)).bytes.equals(bytes[i])).toBe(true);
    });

    it('on a database it may only read, serves what was built and builds nothing', async () => {
      const window = { start_record_time: '2000-01-01T00:00:00Z', end_record_time: '2100-01-01T00:00:00Z' };
      const asReader = () =>
        withReadOnlyRole(db, async (dataSource) => {
          const app = await startTestApp(createScanApp, dataSource);
          try {
            const readerClient = createScanClient({ baseUrl: app.origin + app.config.scanApi.prefix });
            const updates = await callChecked(
              scanSpec,
              'listBulkUpdateHistoryObjects',
              scanApi.listBulkUpdateHistoryObjects({
                client: readerClient,
                body: { ...window, page_size: 1000 },
              }),
            );
            const acs = await callChecked(
              scanSpec,
              'listBulkAcsSnapshotObjects',
              scanApi.listBulkAcsSnapshotObjects({
                client: readerClient,
                query: { at_or_before_record_time: '2026-01-06T12:00:00Z' },
              }),
            );
            return { updates, acs };
          } finally {
            await app.close();
          }
        });
      const before = await asReader();
      // Nothing built yet: history this node has not reached; the token (none) handed back.
      expect(before.updates.status).toBe(200);
      expect(before.updates.body).toEqual({ object_refs: [] });
      expect(before.acs.status).toBe(404);
      expect(before.acs.body).toEqual({ error: expect.stringMatching(/not built yet.*read-only/) });
      const [{ n }] = await db.dataSource.query('SELECT count(*)::int AS n FROM bulk_history_folders');
      expect(n).toBe(0);
      // Built through the owner: the reader then serves the same references.
      const owner = await allRefs(window.start_record_time, window.end_record_time, 1000);
      const ownerAcs = await listAcs('2026-01-06T12:00:00Z');
      const after = await asReader();
      expect((after.updates.body as scanApi.ListBulkUpdateHistoryObjectsResponse).object_refs).toEqual(owner);
      expect(after.acs.body).toEqual(ownerAcs.body);
    });

    it('serves the daily ACS snapshot at or before a time: the ACS pages at that time', async () => {
      const res = await listAcs('2026-01-06T12:00:00.5Z');
      expect(res.status).toBe(200);
      const body = res.body as scanApi.ListBulkAcsSnapshotObjectsResponse;
      expect(timestampToMicros(body.record_time)).toBe(timestampToMicros('2026-01-06T00:00:00Z'));
      expect(body.object_refs.length).toBe(1);
      expect(decodeURIComponent(body.object_refs[0].url)).toMatch(
        /\/2026-01-06T00:00:00Z~2026-01-07T00:00:00Z\/ACS_compact_json_0\.zstd$/,
      );
      const lines = await linesOf(body.object_refs[0]);
      const pages: unknown[] = [];
      let migration: number | undefined;
      for (const migrationId of [0, 1]) {
        let after: number | undefined;
        for (;;) {
          const page = await callChecked(
            scanSpec,
            'getAcsSnapshotAt',
            scanApi.getAcsSnapshotAt({
              client,
              body: {
                migration_id: migrationId,
                record_time: body.record_time,
                page_size: 1000,
                ...(after ? { after } : {}),
              },
            }),
          );
          if (page.status === 404) break;
          migration ??= migrationId;
          const acs = page.body as scanApi.AcsResponse;
          pages.push(...acs.created_events);
          if (acs.next_page_token === undefined) break;
          after = acs.next_page_token;
        }
        if (migration !== undefined) break;
      }
      expect(pages.length).toBeGreaterThan(10);
      expect(lines).toEqual(pages);
      // A later time than any bulk snapshot: the newest; an earlier one than the network: 404.
      const newest = (await listAcs('2100-01-01T00:00:00Z'))
        .body as scanApi.ListBulkAcsSnapshotObjectsResponse;
      expect(timestampToMicros(newest.record_time)).toBe(timestampToMicros('2026-01-07T00:00:00Z'));
      const before = await listAcs('2026-01-04T12:00:00Z');
      expect(before.status).toBe(404);
      expect(before.body).toEqual({ error: expect.any(String) });
    });
  });
});
