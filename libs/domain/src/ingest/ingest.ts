import type { AppendResult, LedgerWriter, PipelinedBatch, PreparedBatch } from '../history/ledger-writer';

export interface IngestProgress {
  /** Updates read from the source. */
  read: number;
  appended: number;
  /** Updates already stored (skipped on resume). */
  skipped: number;
  contractsCreated: number;
  snapshotsRecorded: number;
}

export interface IngestOptions {
  batchSize?: number;
  /** Batches read and prepared ahead of the one being written (default 2). */
  readAhead?: number;
  onProgress?: (progress: IngestProgress) => void;
}

/**
 * Feeds a stream of history updates through the one write path in batches, in order.
 * Resumable: the writer skips updates already stored with identical content (and rejects
 * different ones). Batches go through the writer's pipeline: while the database writes one
 * batch, the next is checked and built, and the ones after it (up to `readAhead`) are read and
 * prepared. The first rejected batch stops the ingest: every earlier batch is written, nothing
 * of it or after it.
 */
export async function ingestUpdates(
  writer: LedgerWriter,
  source: AsyncIterable<unknown> | Iterable<unknown>,
  options: IngestOptions = {},
): Promise<IngestProgress> {
  const batchSize = options.batchSize ?? 2000;
  const readAhead = Math.max(1, options.readAhead ?? 2);
  const progress: IngestProgress = {
    read: 0,
    appended: 0,
    skipped: 0,
    contractsCreated: 0,
    snapshotsRecorded: 0,
  };
  const account = (result: AppendResult) => {
    progress.appended += result.appended;
    progress.skipped += result.skipped;
    progress.contractsCreated += result.contractsCreated;
    progress.snapshotsRecorded += result.snapshotsRecorded.length;
    options.onProgress?.(progress);
  };

  // Prepared batches wait here for the write loop, which takes them one at a time, in order.
  const queue: PreparedBatch[] = [];
  let sourceDone = false;
  let failed = false;
  let wakeWriter: (() => void) | undefined;
  let wakeReader: (() => void) | undefined;
  const nudge = (wake: (() => void) | undefined) => wake?.();

  const pipeline = await writer.openPipeline();
  const writeLoop = (async () => {
    // The write in flight: batch N is written while batch N+1 is built.
    let writing: Promise<void> | undefined;
    try {
      for (;;) {
        let next = queue.shift();
        if (next === undefined) {
          if (sourceDone) break;
          await new Promise<void>((resolve) => (wakeWriter = resolve));
          wakeWriter = undefined;
          continue;
        }
        nudge(wakeReader);
        let built: PipelinedBatch;
        try {
          built = await pipeline.build(next);
          // The parsed updates are not kept while the previous batch is written (less to collect).
          next = undefined;
        } catch (error) {
          // The batches before the rejected one are written first (and a failure there wins).
          if (writing) await writing;
          throw error;
        }
        if (writing) await writing;
        writing = pipeline.write(built).then(account);
        writing.catch(() => undefined);
      }
      if (writing) await writing;
    } catch (error) {
      failed = true;
      nudge(wakeReader);
      throw error;
    } finally {
      await pipeline.close();
    }
  })();
  // Observed below; this only keeps an early failure from counting as unhandled meanwhile.
  writeLoop.catch(() => undefined);

  const enqueue = async (batch: unknown[]) => {
    const prepared = writer.prepare(batch);
    while (queue.length >= readAhead && !failed) {
      await new Promise<void>((resolve) => (wakeReader = resolve));
      wakeReader = undefined;
    }
    queue.push(prepared);
    nudge(wakeWriter);
  };

  try {
    let batch: unknown[] = [];
    for await (const update of source) {
      if (failed) break;
      progress.read++;
      batch.push(update);
      if (batch.length >= batchSize) {
        const full = batch;
        batch = [];
        await enqueue(full);
      }
    }
    if (batch.length > 0 && !failed) await enqueue(batch);
  } finally {
    sourceDone = true;
    nudge(wakeWriter);
    // On a reading or preparing error, the batches before it (queued already) are still written.
    if (!failed) await writeLoop.catch(() => undefined);
  }
  await writeLoop;
  options.onProgress?.(progress);
  return progress;
}
