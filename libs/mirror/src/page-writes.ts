import type { DataSource } from 'typeorm';
import {
  Db,
  type AppendOptions,
  type AppendResult,
  type HistoryUpdate,
  type HistoryVerdictItem,
  type LedgerWriter,
  type PipelinedBatch,
  type PreparedBatch,
  type WriterPipeline,
} from '@canton-scan/domain';
import { concurrentReads, pipelinePages, type KeyedRead } from './page-pipeline';

/**
 * Pages of regular updates read (and compared) ahead of the one being written, and what they
 * may weigh together as the peer sent them (a page's parsed form takes several times its bytes:
 * pages of large updates are read fewer ahead), and the updates a write batch gathers from the
 * pages read (the ingest's batch size).
 */
export const READ_AHEAD_PAGES = 4;
export const READ_AHEAD_BYTES = 32 * 1024 * 1024;
export const WRITE_BATCH_UPDATES = 2000;

/** A page of a migration made ready for the writer: its updates and the verdicts of its record-time range. */
export interface PageToWrite {
  updates: HistoryUpdate[];
  verdicts: HistoryVerdictItem[];
  /** The page's newest regular record time: the store's once the page is written. */
  lastRecordTime: string | undefined;
  /** What the page of updates it comes from weighed as the peer sent it (0: none, or not counted). */
  bytes: number;
}

/** How the migrations' pages are written (see `writePages`). */
export interface PageWrites {
  dataSource: DataSource;
  writer: LedgerWriter;
  /** The options of a migration's batches, asked for as each is built. */
  appendOptions: (migrationId: number) => AppendOptions;
  /** Told of the pages of each batch (all of one migration) once committed. */
  written: (migrationId: number, pages: readonly PageToWrite[], result: AppendResult) => Promise<void>;
  signal?: AbortSignal;
}

/** A read of one migration's pages, in order, for `writePages`. */
export type MigrationRead<R> = KeyedRead<number, PageToWrite, R>;

/**
 * Runs the reads (each emits one migration's pages in order; several migrations are read at once)
 * while the pages they emitted are written through the writer's one pipeline: a batch is built
 * while the previous one is written (`pipelinePages`). A batch holds pages of one migration, in
 * their order, up to about `WRITE_BATCH_UPDATES` updates (a page never split): the oldest queued
 * page's migration and the pages of it queued behind it. At most `READ_AHEAD_PAGES` (and about
 * `READ_AHEAD_BYTES`) per read are read ahead. When a read fails, what the reads emitted before is
 * written, then its error is thrown (`concurrentReads`). Returns the reads' outcomes, in order.
 */
export async function writePages<R>(how: PageWrites, reads: readonly MigrationRead<R>[]): Promise<R[]> {
  const pipeline = await openWriterPipeline(how.dataSource, how.writer);
  type Queued = { key: number; page: PageToWrite };
  try {
    return await pipelinePages<Queued, PipelinedBatch, R[]>(
      concurrentReads(reads),
      {
        take: (queued) => {
          // As many pages of one migration as come to a batch of the ingest's size: fewer, larger transactions.
          const migrationId = queued[0].key;
          const chosen: number[] = [];
          let updates = 0;
          for (let i = 0; i < queued.length && updates < WRITE_BATCH_UPDATES; i++) {
            if (queued[i].key !== migrationId) continue;
            chosen.push(i);
            updates += queued[i].page.updates.length;
          }
          return chosen;
        },
        build: (pages) =>
          pipeline.build(
            how.writer.prepare(
              pages.flatMap(({ page }) => [...page.updates, ...page.verdicts]),
              how.appendOptions(pages[0].key),
            ),
          ),
        write: async (batch, pages) =>
          how.written(
            pages[0].key,
            pages.map(({ page }) => page),
            await pipeline.write(batch),
          ),
      },
      {
        lookAhead: READ_AHEAD_PAGES * reads.length,
        lookAheadBytes: { max: READ_AHEAD_BYTES * reads.length, bytesOf: ({ page }) => page.bytes },
        signal: how.signal,
      },
    );
  } finally {
    await pipeline.close();
  }
}

/**
 * The writer's pipeline (a batch built while the previous one is written) when the store's
 * pool leaves a connection besides its two (the peers' status is written meanwhile); one
 * batch at a time otherwise, and on the embedded database.
 */
async function openWriterPipeline(dataSource: DataSource, writer: LedgerWriter): Promise<WriterPipeline> {
  if (Db.of(dataSource).poolSize >= 3) return writer.openPipeline();
  return {
    build: (prepared) => Promise.resolve({ prepared }),
    write: (batch) => writer.appendPrepared((batch as { prepared: PreparedBatch }).prepared),
    close: () => Promise.resolve(),
  };
}
