/**
 * How the pages a read produces are written (see `pipelinePages`): a batch is built from one or
 * more queued pages, then written; batches are written one at a time, in the order read.
 */
export interface PageWriter<P, B> {
  /**
   * Which of the queued pages go into the next batch: how many from the front (at least one), or
   * their indices, ascending (none: the first). Pages left behind keep their order.
   */
  take(queued: readonly P[]): number | readonly number[];
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
  /** The emits waiting for room (several when reads run at once: `concurrentReads`). */
  const readersWaiting: (() => void)[] = [];
  const nudgeWriter = () => wakeWriter?.();
  const nudgeReader = () => {
    for (const wake of readersWaiting.splice(0)) wake();
  };

  const emit = async (page: P): Promise<void> => {
    while (full() && !stopped) await new Promise<void>((resolve) => readersWaiting.push(resolve));
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
      const pages = takeFrom(queue, writer.take(queue));
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

/** Removes from `queue` the pages `chosen` names (`PageWriter.take`) and returns them, in order. */
function takeFrom<P>(queue: P[], chosen: number | readonly number[]): P[] {
  if (typeof chosen === 'number') return queue.splice(0, Math.min(Math.max(chosen, 1), queue.length));
  const picked = chosen.filter((i) => i >= 0 && i < queue.length);
  if (picked.length === 0) return queue.splice(0, 1);
  const taken = new Set(picked);
  const pages = picked.map((i) => queue[i]);
  const rest = queue.filter((_, i) => !taken.has(i));
  queue.splice(0, queue.length, ...rest);
  return pages;
}

/** One of the reads `concurrentReads` runs: its pages are tagged with `key`. */
export interface KeyedRead<K, P, R> {
  key: K;
  read: (emit: (page: P) => Promise<void>) => Promise<R>;
}

/**
 * Runs several reads at once as one read for `pipelinePages`: each hands its pages, in its own
 * order, to the one `emit`, tagged with its key; the result is theirs, in the order given. When
 * one fails, the others are stopped at their next `emit` (`PipelineStopped`) and awaited, and the
 * first failure is thrown: what they all emitted before it is written, nothing after.
 */
export function concurrentReads<K, P, R>(
  reads: readonly KeyedRead<K, P, R>[],
): (emit: (page: { key: K; page: P }) => Promise<void>) => Promise<R[]> {
  return async (emit) => {
    let failure: { error: unknown } | undefined;
    const settled = await Promise.allSettled(
      reads.map(({ key, read }) =>
        read(async (page) => {
          if (failure) throw new PipelineStopped('another read of the pages failed');
          await emit({ key, page });
        }).catch((error: unknown) => {
          failure ??= { error };
          throw error;
        }),
      ),
    );
    if (failure) throw failure.error;
    return settled.map((s) => (s as PromiseFulfilledResult<R>).value);
  };
}
