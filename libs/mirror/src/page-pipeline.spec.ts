import { concurrentReads, pipelinePages, PipelineStopped, type PageWriter } from './page-pipeline';

/** A promise settled from outside, to let a test decide when a read or a write ends. */
function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => ((open = resolve), (fail = reject)));
  return { promise, open, fail };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A writer that records what it did, one batch per page unless `take` says otherwise. */
function recordingWriter(options: { take?: (queued: readonly number[]) => number } = {}) {
  const events: string[] = [];
  const written: number[][] = [];
  let writeGate: ((page: number) => Promise<void>) | undefined;
  const writer: PageWriter<number, number[]> = {
    take: options.take ?? (() => 1),
    build: async (pages) => {
      events.push(`build ${pages.join('+')}`);
      return [...pages];
    },
    write: async (batch) => {
      events.push(`write ${batch.join('+')} begins`);
      if (writeGate) await writeGate(batch[0]);
      written.push(batch);
      events.push(`write ${batch.join('+')} ends`);
    },
  };
  return { writer, events, written, gateWrites: (g: (page: number) => Promise<void>) => (writeGate = g) };
}

describe('pipelinePages', () => {
  it('writes the pages in the order read, a page read late included, and returns how the read ended', async () => {
    const { writer, written } = recordingWriter();
    const slow = gate();
    const outcome = await pipelinePages(
      async (emit) => {
        await emit(1);
        // Page 2 comes late (a slow peer): page 3 is not read before it, nor written before it.
        setTimeout(() => slow.open(), 20);
        await slow.promise;
        await emit(2);
        await emit(3);
        return 'end';
      },
      writer,
      { lookAhead: 2 },
    );
    expect(outcome).toBe('end');
    expect(written).toEqual([[1], [2], [3]]);
  });

  it('builds the next batch while the previous one is written, and writes one batch at a time', async () => {
    const { writer, events, gateWrites } = recordingWriter();
    const first = gate();
    gateWrites((page) => (page === 1 ? first.promise : Promise.resolve()));
    const run = pipelinePages(
      async (emit) => {
        await emit(1);
        await emit(2);
        return 'end';
      },
      writer,
      { lookAhead: 4 },
    );
    await turn();
    await turn();
    // Batch 2 is built while batch 1's write is still open; its write waits.
    expect(events).toEqual(['build 1', 'write 1 begins', 'build 2']);
    first.open();
    await run;
    expect(events).toEqual([
      'build 1',
      'write 1 begins',
      'build 2',
      'write 1 ends',
      'write 2 begins',
      'write 2 ends',
    ]);
  });

  it('reads at most lookAhead pages ahead of the writes', async () => {
    const { writer, gateWrites } = recordingWriter();
    const release = gate();
    gateWrites(() => release.promise);
    let emitted = 0;
    const run = pipelinePages(
      async (emit) => {
        for (let page = 1; page <= 10; page++) {
          await emit(page);
          emitted = page;
        }
        return 'end';
      },
      writer,
      { lookAhead: 3 },
    );
    for (let i = 0; i < 20; i++) await turn();
    // Page 1 is being written, page 2 built and waiting for it; three more queued; the read waits.
    expect(emitted).toBe(5);
    release.open();
    await run;
    expect(emitted).toBe(10);
  });

  it('reads ahead no more than lookAheadBytes, and a page heavier than that alone', async () => {
    const emittedWith = async (bytesOf: (page: number) => number) => {
      const { writer, gateWrites } = recordingWriter();
      const release = gate();
      gateWrites(() => release.promise);
      let emitted = 0;
      const run = pipelinePages(
        async (emit) => {
          for (let page = 1; page <= 10; page++) {
            await emit(page);
            emitted = page;
          }
          return 'end';
        },
        writer,
        { lookAhead: 8, lookAheadBytes: { max: 25, bytesOf } },
      );
      for (let i = 0; i < 20; i++) await turn();
      const ahead = emitted;
      release.open();
      await run;
      expect(emitted).toBe(10);
      return ahead;
    };
    // Page 1 is being written and page 2 built; then pages of 10 bytes queue until 25 are reached.
    expect(await emittedWith(() => 10)).toBe(5);
    // Pages heavier than the bound: one at a time.
    expect(await emittedWith(() => 100)).toBe(3);
  });

  it('gathers queued pages into one batch as `take` says', async () => {
    const { writer, written, gateWrites } = recordingWriter({ take: (queued) => Math.min(queued.length, 3) });
    const release = gate();
    gateWrites((page) => (page === 1 ? release.promise : Promise.resolve()));
    const run = pipelinePages(
      async (emit) => {
        for (let page = 1; page <= 6; page++) await emit(page);
        return 'end';
      },
      writer,
      { lookAhead: 8 },
    );
    for (let i = 0; i < 20; i++) await turn();
    release.open();
    await run;
    expect(written.flat()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(written.length).toBeLessThan(6);
  });

  it('writes every page read before a failed read, then throws its error, writing nothing after it', async () => {
    const { writer, written, gateWrites } = recordingWriter();
    const first = gate();
    gateWrites((page) => (page === 1 ? first.promise : Promise.resolve()));
    const disagreement = new Error('no quorum on page 3');
    const run = pipelinePages(
      async (emit) => {
        await emit(1);
        await emit(2);
        // Found while page 1 is still being written.
        throw disagreement;
      },
      writer,
      { lookAhead: 4 },
    );
    for (let i = 0; i < 5; i++) await turn();
    expect(written).toEqual([]);
    first.open();
    await expect(run).rejects.toBe(disagreement);
    expect(written).toEqual([[1], [2]]);
  });

  it('stops the read and writes nothing more after a failed write', async () => {
    const failure = new Error('rejected by the writer');
    const written: number[] = [];
    let readError: unknown;
    const writer: PageWriter<number, number> = {
      take: () => 1,
      build: async ([page]) => page,
      write: async (page) => {
        if (page === 2) throw failure;
        written.push(page);
      },
    };
    await expect(
      pipelinePages(
        async (emit) => {
          try {
            for (let page = 1; ; page++) await emit(page);
          } catch (error) {
            readError = error;
            throw error;
          }
        },
        writer,
        { lookAhead: 2 },
      ),
    ).rejects.toBe(failure);
    expect(written).toEqual([1]);
    expect(readError).toBeInstanceOf(PipelineStopped);
  });

  it('writes nothing further once the signal aborts', async () => {
    const { writer, written, gateWrites } = recordingWriter();
    const stop = new AbortController();
    const first = gate();
    gateWrites((page) => (page === 1 ? first.promise : Promise.resolve()));
    const run = pipelinePages(
      async (emit) => {
        for (let page = 1; page <= 5; page++) await emit(page);
        return 'end';
      },
      writer,
      { lookAhead: 4, signal: stop.signal },
    );
    for (let i = 0; i < 5; i++) await turn();
    stop.abort();
    first.open();
    await expect(run).rejects.toThrow();
    expect(written).toEqual([[1]]);
  });

  it('takes the pages a batch names, out of the queue in order, and leaves the others queued in order', async () => {
    const written: number[][] = [];
    const release = gate();
    const writer: PageWriter<number, number[]> = {
      // The even pages queued, then the odd ones.
      take: (queued) => {
        const even = queued.flatMap((p, i) => (p % 2 === 0 ? [i] : []));
        return even.length > 0 ? even : queued.map((_, i) => i);
      },
      build: async (pages) => [...pages],
      write: async (batch) => {
        await release.promise;
        written.push(batch);
      },
    };
    const run = pipelinePages(
      async (emit) => {
        for (let page = 1; page <= 6; page++) await emit(page);
      },
      writer,
      { lookAhead: 10 },
    );
    for (let i = 0; i < 20; i++) await turn();
    release.open();
    await run;
    // Page 1 alone, and page 2 (built while 1 is written), each alone in the queue when taken;
    // then the even pages 4 and 6 ahead of 3 and 5, which stay queued, in order.
    expect(written).toEqual([[1], [2], [4, 6], [3, 5]]);
  });
});

describe('concurrentReads', () => {
  it('runs the reads at once, each page tagged and in its read order, and returns their outcomes in order', async () => {
    const got: string[] = [];
    const second = gate();
    const outcomes = await concurrentReads<string, number, string>([
      {
        key: 'a',
        read: async (emit) => {
          await emit(1);
          // Its second page waits for the other read's first: both run at once.
          await second.promise;
          await emit(2);
          return 'a done';
        },
      },
      {
        key: 'b',
        read: async (emit) => {
          await emit(1);
          second.open();
          await emit(2);
          return 'b done';
        },
      },
    ])(async ({ key, page }) => {
      got.push(`${key}${page}`);
    });
    expect(outcomes).toEqual(['a done', 'b done']);
    expect(got.filter((p) => p.startsWith('a'))).toEqual(['a1', 'a2']);
    expect(got.filter((p) => p.startsWith('b'))).toEqual(['b1', 'b2']);
    expect(got.indexOf('b1')).toBeLessThan(got.indexOf('a2'));
  });

  it('stops the other reads at their next page when one fails, waits for them, and throws the failure', async () => {
    const failure = new Error('no quorum on page a2');
    const got: string[] = [];
    let stoppedWith: unknown;
    let otherEnded = false;
    const failed = gate();
    const read = concurrentReads<string, number, void>([
      {
        key: 'a',
        read: async (emit) => {
          await emit(1);
          failed.open();
          throw failure;
        },
      },
      {
        key: 'b',
        read: async (emit) => {
          await emit(1);
          await failed.promise;
          try {
            await emit(2);
          } catch (error) {
            stoppedWith = error;
            throw error;
          } finally {
            otherEnded = true;
          }
        },
      },
    ]);
    await expect(read(async ({ key, page }) => void got.push(`${key}${page}`))).rejects.toBe(failure);
    expect(otherEnded).toBe(true);
    expect(stoppedWith).toBeInstanceOf(PipelineStopped);
    expect(got.sort()).toEqual(['a1', 'b1']);
  });
});
