import { EmbeddedSessionQueue } from './embedded-session-queue';

const readyFor = (status: 'I' | 'T' | 'E') => new Uint8Array([0x5a, 0, 0, 0, 5, status.charCodeAt(0)]);

/** A stand-in for PGlite's session: answers each message as scripted and records what ran. */
function fakeSession(answer: (message: string) => Uint8Array | Error) {
  const ran: string[] = [];
  let inTransaction = false;
  const session = {
    runExclusive: <T>(work: () => Promise<T>) => work(),
    execProtocolRaw: (message: Uint8Array) => {
      ran.push(message[0] === 0x53 ? 'SYNC' : 'raw');
      return Promise.resolve(new Uint8Array(0));
    },
    execProtocolRawStream: (message: Uint8Array, options: { onRawData: (d: Uint8Array) => void }) => {
      const text = Buffer.from(message).toString();
      ran.push(text);
      const out = answer(text);
      if (out instanceof Error) return Promise.reject(out);
      inTransaction = out[5] === 'T'.charCodeAt(0);
      options.onRawData(out);
      return Promise.resolve();
    },
    isInTransaction: () => inTransaction,
    exec: (sql: string) => {
      ran.push(sql);
      inTransaction = false;
      return Promise.resolve([]);
    },
  };
  return { session, ran };
}

const msg = (text: string) => new Uint8Array(Buffer.from(text));

describe('EmbeddedSessionQueue', () => {
  it("runs one connection's transaction to its end before another connection's message", async () => {
    const { session, ran } = fakeSession((m) =>
      m.startsWith('A') && m !== 'A-commit' ? readyFor('T') : readyFor('I'),
    );
    const queue = new EmbeddedSessionQueue(session as never);
    const a1 = queue.enqueue(1, msg('A-begin'), () => undefined);
    const b = queue.enqueue(2, msg('B-select'), () => undefined);
    await a1;
    // A holds the session (in a transaction): B waits even though it was queued first.
    const a2 = queue.enqueue(1, msg('A-commit'), () => undefined);
    await Promise.all([a2, b]);
    expect(ran).toEqual(['A-begin', 'A-commit', 'B-select']);
  });

  it("keeps another connection's messages out of an extended-protocol cycle until its Sync", async () => {
    const parseComplete = new Uint8Array([0x31, 0, 0, 0, 4]);
    const { session, ran } = fakeSession((m) => (m === 'A-parse' ? parseComplete : readyFor('I')));
    const queue = new EmbeddedSessionQueue(session as never);
    const parse = queue.enqueue(1, msg('A-parse'), () => undefined);
    const b = queue.enqueue(2, msg('B-query'), () => undefined);
    await parse;
    await queue.enqueue(1, msg('A-sync'), () => undefined);
    await b;
    expect(ran).toEqual(['A-parse', 'A-sync', 'B-query']);
  });

  it('releases the session of a connection whose message failed: ends its cycle and rolls back', async () => {
    const { session, ran } = fakeSession((m) =>
      m === 'A-boom' ? new Error('wasm trap') : m === 'A-begin' ? readyFor('T') : readyFor('I'),
    );
    const queue = new EmbeddedSessionQueue(session as never);
    await queue.enqueue(1, msg('A-begin'), () => undefined);
    await expect(queue.enqueue(1, msg('A-boom'), () => undefined)).rejects.toThrow('wasm trap');
    await queue.enqueue(2, msg('B-select'), () => undefined);
    expect(ran).toEqual(['A-begin', 'A-boom', 'SYNC', 'ROLLBACK', 'B-select']);
  });

  it('drops the queued messages of a connection that went away and frees the session it held', async () => {
    const { session, ran } = fakeSession((m) => (m === 'A-begin' ? readyFor('T') : readyFor('I')));
    const queue = new EmbeddedSessionQueue(session as never);
    await queue.enqueue(1, msg('A-begin'), () => undefined);
    const b = queue.enqueue(2, msg('B-select'), () => undefined);
    await queue.clearTransactionIfNeeded(1);
    await b;
    expect(ran).toEqual(['A-begin', 'SYNC', 'ROLLBACK', 'B-select']);
  });

  it('frees the session of a connection that went away while the message opening its transaction ran', async () => {
    let finish!: () => void;
    const running = new Promise<void>((resolve) => (finish = resolve));
    const { session, ran } = fakeSession((m) => (m === 'A-begin' ? readyFor('T') : readyFor('I')));
    const exec = session.execProtocolRawStream;
    // A's first message is still running when its socket closes.
    session.execProtocolRawStream = async (message, options) => {
      if (Buffer.from(message).toString() === 'A-begin') await running;
      return exec(message, options);
    };
    const queue = new EmbeddedSessionQueue(session as never);
    const a = queue.enqueue(1, msg('A-begin'), () => undefined);
    const b = queue.enqueue(2, msg('B-select'), () => undefined);
    await queue.clearTransactionIfNeeded(1);
    finish();
    await a;
    await b;
    expect(ran).toEqual(['A-begin', 'SYNC', 'ROLLBACK', 'B-select']);
  });
});
