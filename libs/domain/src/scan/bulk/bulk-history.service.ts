import type { scanApi } from '@canton-scan/contracts';
import type { Db, RowSource } from '../../database/db';
import { isWriteRefused } from '../../contracts/supplied-blobs';
import { invalidArgument, notFound } from '../../errors/domain-error';
import { canonicalJson } from '../../history/canonical-json';
import { timestampToMicros } from '../../snapshots/snapshot-schedule';
import { formatMicros } from '../../time/micros';
import { acsPageStatement } from '../acs/acs.repository';
import { requireRequestTime } from '../time/request-time';
import { itemsText } from '../updates/update-history.mapper';
import { UpdateHistoryRepository } from '../updates/update-history.repository';
import { BulkSegments, bulkFolder, bulkTimeAtOrBefore, nextBulkTime, type BulkKind } from './bulk-layout';
import { BulkHistoryRepository, type MigrationSpan } from './bulk-history.repository';
import { BULK_FRAME_BYTES, BULK_MAX_OBJECT_BYTES, BulkObjectWriter } from './bulk-object-writer';

/** Updates and contracts read from the store per query while building. */
const READ_CHUNK = 1000;

/** A position in the update history: (migration, record time), ordered by migration first. */
interface Position {
  migrationId: number;
  micros: bigint;
}

const after = (a: Position, b: Position) =>
  a.migrationId !== b.migrationId ? a.migrationId > b.migrationId : a.micros > b.micros;

/** The stored history's extent, as the segments need it. */
interface HistoryExtent {
  segments: BulkSegments;
  spans: MigrationSpan[];
  newest: bigint;
}

type ListItem = scanApi.UpdateHistoryItemV2 & {
  record_time: string;
  migration_id?: number;
  event?: { migration_id: number };
};

/** A downloadable object: its size and its bytes, a frame at a time. */
export interface BulkDownload {
  size: number;
  bytes: AsyncIterable<Buffer>;
}

/**
 * The pre-alpha bulk history (docs/bulk-history.md): the update history in daily segments and
 * the daily ACS snapshots as zstd-compressed JSON Lines objects, named, cut and listed as
 * Splice's scan does. A folder is built from the store the first time a request needs it, once
 * its history is complete (the store holds an update after its end), in one transaction, and
 * never changes after: the same history gives the same bytes and digests on every node.
 */
export class BulkHistoryService {
  private readonly repository: BulkHistoryRepository;

  /**
   * `downloadBase`: this scan's public URL and prefix, which object URLs start with. `limits`:
   * the frame and object sizes (BULK_FRAME_BYTES, BULK_MAX_OBJECT_BYTES; smaller in tests).
   */
  constructor(
    private readonly db: Db,
    private readonly downloadBase: string,
    private readonly limits: { frameBytes: number; maxObjectBytes: number } = {
      frameBytes: BULK_FRAME_BYTES,
      maxObjectBytes: BULK_MAX_OBJECT_BYTES,
    },
  ) {
    this.repository = new BulkHistoryRepository(db);
  }

  /**
   * `GET /v0/history/bulk/acs`: the newest daily snapshot at or before the time (the newest one
   * there is when the time is later). NotFound when there is none.
   */
  async listAcsSnapshotObjects(atOrBefore: string): Promise<scanApi.ListBulkAcsSnapshotObjectsResponse> {
    const at = timestampToMicros(requireRequestTime('at_or_before_record_time', atOrBefore).floor);
    const newest = await this.repository.newestDailySnapshot();
    if (newest === undefined)
      throw notFound('no bulk ACS snapshot yet: the store holds no ACS snapshot at 00:00 UTC');
    const newestMicros = timestampToMicros(newest);
    const time = newestMicros < at ? newestMicros : bulkTimeAtOrBefore(at);
    const recordTime = formatMicros(time);
    const migrationId = await this.repository.snapshotMigrationAt(recordTime);
    if (migrationId === undefined)
      throw notFound(
        `no bulk ACS snapshot at ${recordTime}: it is before the first snapshot of this network`,
      );
    const folder = bulkFolder(time, nextBulkTime(time));
    if (
      !(await this.ensureBuilt('ACS', folder, (tx, writer) => writeAcs(tx, writer, migrationId, recordTime)))
    )
      throw notFound(
        `the bulk ACS snapshot at ${recordTime} is not built yet, and this node's database is read-only`,
      );
    const refs = await this.refsOf('ACS', [folder]);
    if (refs.length === 0) throw notFound(`the ACS snapshot at ${recordTime} holds no contract`);
    return { record_time: recordTime, object_refs: refs };
  }

  /**
   * `POST /v0/history/bulk/updates`: the objects of the complete segments overlapping
   * (start, end] after the page token, whole segments only, at most `page_size` objects. The
   * token is the last listed folder with a trailing `/`, given while segments remain in the
   * window; a page that finds nothing while the store has not yet reached `end` hands back the
   * token it was given, to be retried later (as upstream's scan does).
   */
  async listUpdateObjects(
    request: scanApi.ListBulkUpdateHistoryObjectsRequest,
  ): Promise<scanApi.ListBulkUpdateHistoryObjectsResponse> {
    const start = timestampToMicros(requireRequestTime('start_record_time', request.start_record_time).floor);
    const end = timestampToMicros(requireRequestTime('end_record_time', request.end_record_time).floor);
    const token = request.next_page_token;
    const extent = await this.extent();
    if (extent === undefined)
      return { object_refs: [], ...(token === undefined ? {} : { next_page_token: token }) };
    const { segments, newest } = extent;
    const complete = (k: number) => segments.end(k) < newest;
    const refs: scanApi.BulkStorageObjectRef[] = [];
    let lastFolder: { folder: string; end: bigint } | undefined;
    let folders = 0;
    let caughtUp = this.caughtUpTo(extent);
    for (let k = segments.firstEndingAfter(start); segments.start(k) < end && complete(k); k++) {
      const folder = segments.folder(k);
      if (token !== undefined && !(`${folder}/` > token)) continue;
      if (!(await this.ensureBuilt('updates', folder, (tx, writer) => writeUpdates(tx, writer, extent, k)))) {
        // Not built, and cannot be here: served as history this node has not reached yet.
        caughtUp = segments.start(k);
        break;
      }
      const objects = await this.refsOf('updates', [folder]);
      if (objects.length === 0) continue;
      if (refs.length + objects.length > request.page_size) {
        if (refs.length === 0)
          throw invalidArgument(
            `page_size ${request.page_size} is too small for the ${objects.length} objects of segment ${folder}`,
          );
        break;
      }
      refs.push(...objects);
      lastFolder = { folder, end: segments.end(k) };
      if (++folders >= request.page_size) break;
    }
    let nextToken: string | undefined;
    if (lastFolder) nextToken = lastFolder.end < end ? `${lastFolder.folder}/` : undefined;
    else nextToken = caughtUp < end ? token : undefined;
    return { object_refs: refs, ...(nextToken === undefined ? {} : { next_page_token: nextToken }) };
  }

  /** `POST /v0/history/bulk/checksums`: each key's digest, or an empty item for an unknown key. */
  async checksums(keys: readonly string[]): Promise<scanApi.GetBulkObjectChecksumsResponse> {
    const digests = keys.length === 0 ? new Map<string, string>() : await this.repository.digests(keys);
    return {
      checksums: keys.map((key) => {
        const value = digests.get(key);
        return value === undefined ? {} : { value };
      }),
    };
  }

  /** An object's bytes (NotFound when no object has that key), read a frame at a time. */
  async download(key: string): Promise<BulkDownload> {
    const object = await this.repository.lookupObject(key);
    if (object === undefined) throw notFound(`no bulk history object ${key}`);
    const repository = this.repository;
    async function* frames(): AsyncGenerator<Buffer> {
      for (let i = 0; i < object!.frames; i++) yield await repository.frame(key, i);
    }
    return { size: object.size, bytes: frames() };
  }

  private async refsOf(kind: BulkKind, folders: readonly string[]): Promise<scanApi.BulkStorageObjectRef[]> {
    const rows = await this.repository.objectsOf(kind, folders);
    return rows.map((r) => ({
      url: `${this.downloadBase}/v0/history/bulk/download/${encodeURIComponent(r.object_key)}`,
      digest: r.digest,
    }));
  }

  /** The end of the newest complete segment (before the first one's end when there is none). */
  private caughtUpTo({ segments, newest }: HistoryExtent): bigint {
    const k = segments.firstEndingAfter(newest - 1n);
    return k === 0 ? segments.start(0) : segments.end(k - 1);
  }

  private async extent(): Promise<HistoryExtent | undefined> {
    const spans = await this.repository.migrationSpans();
    if (spans.length === 0) return undefined;
    const newest = spans.reduce(
      (m, s) => (timestampToMicros(s.newest) > m ? timestampToMicros(s.newest) : m),
      0n,
    );
    return { segments: BulkSegments.after(timestampToMicros(spans[0].first)), spans, newest };
  }

  /**
   * Builds a folder unless built: in one transaction, under the folder's lock, checked again
   * inside. False when it is not built and the database refuses the writes (a read-only role or
   * a standby as `DATABASE_URL`, README "Scaling out"): such a node serves what was built.
   */
  private async ensureBuilt(
    kind: BulkKind,
    folder: string,
    write: (tx: RowSource, writer: BulkObjectWriter) => Promise<void>,
  ): Promise<boolean> {
    if (await this.repository.isBuilt(kind, folder)) return true;
    try {
      await this.db.transaction(async (tx) => {
        const repository = new BulkHistoryRepository(tx);
        await repository.lockFolder(kind, folder);
        if (await repository.isBuilt(kind, folder)) return;
        const writer = new BulkObjectWriter(
          repository,
          kind,
          folder,
          this.limits.frameBytes,
          this.limits.maxObjectBytes,
        );
        await write(tx, writer);
        await writer.finish();
      });
      return true;
    } catch (error) {
      if (isWriteRefused(error)) return false;
      throw error;
    }
  }
}

/**
 * The migration a segment ending at `end` ends in: the lowest migration with an update after
 * `end` (as upstream's scan places segment ends), else the newest.
 */
function endMigration(spans: readonly MigrationSpan[], end: bigint): number {
  const later = spans.find((s) => timestampToMicros(s.newest) > end);
  return (later ?? spans[spans.length - 1]).migrationId;
}

/** Writes segment `k`'s updates, each as `POST /v2/updates` lists it, keys sorted. */
async function writeUpdates(tx: RowSource, writer: BulkObjectWriter, extent: HistoryExtent, k: number) {
  const { segments, spans } = extent;
  const last: Position = { migrationId: endMigration(spans, segments.end(k)), micros: segments.end(k) };
  let from: { migrationId: number; recordTime: string } | undefined =
    k === 0
      ? undefined
      : { migrationId: endMigration(spans, segments.start(k)), recordTime: formatMicros(segments.start(k)) };
  const history = new UpdateHistoryRepository(tx);
  for (;;) {
    const rows = await history.findListPageRows(from, READ_CHUNK, false);
    const items = JSON.parse(`[${itemsText(rows, 'v2')}]`) as ListItem[];
    for (const item of items) {
      const position: Position = {
        migrationId: item.migration_id ?? item.event!.migration_id,
        micros: timestampToMicros(item.record_time),
      };
      if (after(position, last)) return;
      await writer.write(canonicalJson(item));
      from = { migrationId: position.migrationId, recordTime: item.record_time };
    }
    if (items.length < READ_CHUNK) return;
  }
}

/** Writes an ACS snapshot's created events, as `POST /v0/state/acs` pages them, keys sorted. */
async function writeAcs(tx: RowSource, writer: BulkObjectWriter, migrationId: number, snapshotTime: string) {
  let afterRow: string | undefined;
  for (;;) {
    const { sql, params } = acsPageStatement({ migrationId, snapshotTime }, afterRow, READ_CHUNK);
    const [{ body }]: { body: string }[] = await tx.query(sql, params);
    const page = JSON.parse(body) as scanApi.AcsResponse;
    for (const event of page.created_events) await writer.write(canonicalJson(event));
    if (page.next_page_token === undefined) return;
    afterRow = String(page.next_page_token);
  }
}
