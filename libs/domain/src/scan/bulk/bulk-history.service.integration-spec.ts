import { decompress } from 'fzstd';
import { Db, DomainError, DomainErrorCode } from '@canton-scan/domain';
import { loadSimulatedNetwork, useTestDatabase } from '@canton-scan/testing';
import { BulkHistoryService } from './bulk-history.service';

const BASE = 'http://scan.example/api/scan';
const WINDOW = { start_record_time: '2000-01-01T00:00:00Z', end_record_time: '2100-01-01T00:00:00Z' };

describe('BulkHistoryService with small objects', () => {
  const db = useTestDatabase();

  beforeEach(async () => {
    await loadSimulatedNetwork(db.dataSource, { seed: 5, rounds: 30, tickSeconds: 7200, migrationRound: 16 });
  });

  /** A service cutting 2 KB frames into objects of at least 16 KB: several objects per segment. */
  const small = () =>
    new BulkHistoryService(Db.of(db.dataSource), BASE, { frameBytes: 2_000, maxObjectBytes: 16_000 });

  /** The object's bytes, downloaded through the service. */
  async function bytesOf(service: BulkHistoryService, url: string): Promise<Buffer> {
    const key = decodeURIComponent(url.slice(`${BASE}/v0/history/bulk/download/`.length));
    const parts: Buffer[] = [];
    for await (const part of (await service.download(key)).bytes) parts.push(part);
    return Buffer.concat(parts);
  }

  it('lists whole segments only: a page too small for one is refused, pages end at segment ends', async () => {
    const service = small();
    const all = await service.listUpdateObjects({ ...WINDOW, page_size: 1000 });
    const folders = all.object_refs.map((r) => decodeURIComponent(r.url).split('/').slice(-2)[0]);
    const first = folders.filter((f) => f === folders[0]).length;
    expect(first).toBeGreaterThan(1);
    expect(new Set(folders).size).toBe(2);

    const tooSmall = await service
      .listUpdateObjects({ ...WINDOW, page_size: first - 1 })
      .catch((e: unknown) => e);
    expect(tooSmall).toBeInstanceOf(DomainError);
    expect((tooSmall as DomainError).code).toBe(DomainErrorCode.InvalidArgument);

    const page1 = await service.listUpdateObjects({ ...WINDOW, page_size: first });
    expect(page1.object_refs).toEqual(all.object_refs.slice(0, first));
    expect(page1.next_page_token).toBe(`${folders[0]}/`);
    const page2 = await service.listUpdateObjects({
      ...WINDOW,
      page_size: 1000,
      next_page_token: page1.next_page_token,
    });
    expect(page2.object_refs).toEqual(all.object_refs.slice(first));
  });

  it('holds the same lines as the one-object build, split across objects', async () => {
    const service = small();
    const all = await service.listUpdateObjects({ ...WINDOW, page_size: 1000 });
    let split = '';
    for (const ref of all.object_refs)
      split += Buffer.from(decompress(await bytesOf(service, ref.url))).toString();
    await db.dataSource.query('TRUNCATE bulk_history_frames, bulk_history_objects, bulk_history_folders');
    const whole = new BulkHistoryService(Db.of(db.dataSource), BASE);
    const wholeRefs = await whole.listUpdateObjects({ ...WINDOW, page_size: 1000 });
    expect(wholeRefs.object_refs.length).toBe(2);
    let joined = '';
    for (const ref of wholeRefs.object_refs)
      joined += Buffer.from(decompress(await bytesOf(whole, ref.url))).toString();
    expect(split).toBe(joined);
    expect(split.split('\n').length).toBeGreaterThan(100);
  });
});
