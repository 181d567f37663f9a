/**
 * How the pages a read produces are written (see `pipelinePages`): a batch is built from one or
 * more queued pages, then written; batches are written one at a time, in the order read.
 */
export interface PageWriter<P, B> {
  /** How many of the queued pages (at least one) go into the next batch. */
  take(queued: readonly P[]): number;
  /** The CPU and read-side work of a batch; runs while the previous batch is being written. */
  build(pages: readonly P[]): Promise<B>;
  /** Writes a built batch; called once the previous write has finished. */
  write(batch: B, pages: readonly P[]): Promise<void>;
}

/** The read was told to stop because a write failed (or the run was stopped). */
export class PipelineStopped extends Error {}

/**
 * Runs `read` (which hands each page to `emit`, in order, and returns how the read ended)
 * while the pages it emitted are written, keeping at most `lookAhead` pages (and, if given, about
 * `lookAheadBytes.max` bytes of them) read and not yet taken for writing (`emit` waits for
 * room): memory stays bounded by the pages read ahead plus the batch being built and the one
 * being written.
 *
 * - Pages are written in the order emitted, each batch after the previous one's write ends.
 * - When the read fails, every page it emitted before failing is written first, then its error
 *   is thrown: nothing read after what failed is written.
 * - When a build or a write fails, or `signal` aborts, nothing further is written; the read is
 *   told to stop (its next `emit` throws `PipelineStopped`) and awaited, then the error is thrown.
 */
export async function pipelinePages<P, B, R>(
  read: (emit: (page: P) => Promise<void>) => Promise<R>,
  writer: PageWriter<P, B>,
  options: {
    lookAhead: number;
    /**
     * What the pages read ahead may weigh together (`bytesOf` each): a page is queued only below
     * it, or when none is queued (a page heavier than the bound is still read, alone).
     */
    lookAheadBytes?: { max: number; bytesOf: (page: P) => number };
    signal?: AbortSignal;
  },
): Promise<R> {
  const lookAhead = Math.max(1, options.lookAhead);
  const byBytes = options.lookAheadBytes;
  const queue: P[] = [];
  let queuedBytes = 0;
  const full = () =>
    queue.length >= lookAhead || (byBytes !== undefined && queue.length > 0 && queuedBytes >= byBytes.max);
  let readDone = false;
  let stopped = false;
  let wakeWriter: (() => void) | undefined;
  let wakeReader: (() => void) | undefined;
  const nudgeWriter = () => wakeWriter?.();
  const nudgeReader = () => wakeReader?.();

  const emit = async (page: P): Promise<void> => {
    while (full() && !stopped) await new Promise<void>((resolve) => (wakeReader = resolve));
    if (stopped) throw new PipelineStopped('the write of the pages read ahead stopped');
    queue.push(page);
    if (byBytes) queuedBytes += byBytes.bytesOf(page);
    nudgeWriter();
  };
  const reading = read(emit).finally(() => {
    readDone = true;
    nudgeWriter();
  });
  // Observed below; this only keeps an early failure from counting as unhandled meanwhile.
  reading.catch(() => undefined);

  // The write in flight: batch N is written while batch N + 1 is built.
  let writing: Promise<void> | undefined;
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      if (queue.length === 0) {
        if (readDone) break;
        await new Promise<void>((resolve) => (wakeWriter = resolve));
        continue;
      }
      const pages = queue.splice(0, Math.min(Math.max(writer.take(queue), 1), queue.length));
      if (byBytes) for (const page of pages) queuedBytes -= byBytes.bytesOf(page);
      nudgeReader();
      let built: B;
      try {
        built = await writer.build(pages);
      } catch (error) {
        // The batches before the failing one are written first (and a failure there wins).
        if (writing) await writing;
        throw error;
      }
      if (writing) await writing;
      options.signal?.throwIfAborted();
      writing = writer.write(built, pages);
      writing.catch(() => undefined);
    }
    if (writing) await writing;
  } catch (error) {
    stopped = true;
    nudgeReader();
    // The read is not left running on its own: it may hold state the next pass starts afresh.
    await reading.catch(() => undefined);
    throw error;
  }
  // Every page emitted is written: the read's own outcome (or error) decides.
  return reading;
}
