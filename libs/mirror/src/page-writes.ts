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
import { pipelinePages } from './page-pipeline';

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

/** How a migration's pages are written (see `writePages`). */
export interface PageWrites {
  dataSource: DataSource;
  writer: LedgerWriter;
  /** The options of the migration's batches, asked for as each is built. */
  appendOptions: () => AppendOptions;
  /** Told of the pages of each batch once committed. */
  written: (pages: readonly PageToWrite[], result: AppendResult) => Promise<void>;
  signal?: AbortSignal;
}

/**
 * Runs `read` (which emits a migration's pages in order) while the pages it emitted are written,
 * at most `READ_AHEAD_PAGES` (and about `READ_AHEAD_BYTES`) read ahead, in batches of about `WRITE_BATCH_UPDATES` updates (a
 * page never split), through the writer's pipeline: a batch is built while the previous one is
 * written (`pipelinePages`; the pages agreed before a failed read are written first).
 */
export async function writePages<R>(
  how: PageWrites,
  read: (emit: (page: PageToWrite) => Promise<void>) => Promise<R>,
): Promise<R> {
  const pipeline = await openWriterPipeline(how.dataSource, how.writer);
  try {
    return await pipelinePages<PageToWrite, PipelinedBatch, R>(
      read,
      {
        take: (queued) => {
          // As many pages as come to a batch of the ingest's size: fewer, larger transactions.
          let n = 0;
          for (let updates = 0; n < queued.length && updates < WRITE_BATCH_UPDATES; n++)
            updates += queued[n].updates.length;
          return n;
        },
        build: (pages) =>
          pipeline.build(
            how.writer.prepare(
              pages.flatMap((page) => [...page.updates, ...page.verdicts]),
              how.appendOptions(),
            ),
          ),
        write: async (batch, pages) => how.written(pages, await pipeline.write(batch)),
      },
      {
        lookAhead: READ_AHEAD_PAGES,
        lookAheadBytes: { max: READ_AHEAD_BYTES, bytesOf: (page) => page.bytes },
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
