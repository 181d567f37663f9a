import type { PGlite } from '@electric-sql/pglite';

interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

const READY_FOR_QUERY = 0x5a; // 'Z', followed by int32 length 5 and the transaction status
const IDLE = 0x49; // 'I'
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/** What the queue uses of a PGlite instance. */
type Session = Pick<
  PGlite,
  'runExclusive' | 'execProtocolRaw' | 'execProtocolRawStream' | 'isInTransaction' | 'exec'
>;

/**
 * The order in which the embedded server runs its connections' protocol messages on PGlite's
 * one session. pglite-socket's own queue switches connections between any two messages (outside
 * an explicit transaction), so one connection's Parse could be followed by another's Bind, Sync
 * or error recovery. This one gives the session to a connection from its first message until
 * PostgreSQL says the session is idle again (ReadyForQuery with status `I`): a whole query
 * cycle, or a whole transaction, runs without another connection's messages in between.
 */
export class EmbeddedSessionQueue {
  private readonly queue: Pending[] = [];
  private owner: number | undefined;
  /** The connection whose message is running now. */
  private executing: number | undefined;
  /** Connections that went away while their message was running: released once it has run. */
  private readonly gone = new Set<number>();
  private running = false;

  constructor(private readonly db: Session) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.pump();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  /** A connection went away: its unsent messages are dropped. */
  clearQueueForHandler(handlerId: number): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i].handlerId !== handlerId) continue;
      this.queue.splice(i, 1)[0].reject(new Error('connection closed'));
    }
  }

  /** A connection went away holding the session: end its query cycle and roll back its transaction. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    // Its message is running: it would take the session once that ends, with nobody to give it back.
    if (this.executing === handlerId) this.gone.add(handlerId);
    if (this.owner !== handlerId) return;
    await this.release();
    await this.pump();
  }

  /** Ends the owner's query cycle (a Sync) and rolls back its transaction, so the next connection starts clean. */
  private async release(): Promise<void> {
    try {
      await this.db.runExclusive(async () => {
        await this.db.execProtocolRaw(SYNC);
        if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
      });
    } catch {
      // Nothing more can be done for the session here; the next statement reports its state.
    } finally {
      this.owner = undefined;
    }
  }

  private next(): Pending | undefined {
    const index = this.owner === undefined ? 0 : this.queue.findIndex((p) => p.handlerId === this.owner);
    return index < 0 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        const current = item;
        let bytes = 0;
        // The last six bytes of the answer: a ReadyForQuery message, when the cycle ended.
        let tail: Uint8Array = new Uint8Array(0);
        this.executing = current.handlerId;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (chunk) => {
                bytes += chunk.length;
                tail = lastBytes(tail, chunk, 6);
                current.onData(chunk);
              },
            }),
          );
        } catch (error) {
          // The connection that sent it is dropped by the socket server; its session state goes too.
          this.executing = undefined;
          this.gone.delete(current.handlerId);
          this.owner = current.handlerId;
          await this.release();
          current.reject(error);
          continue;
        }
        this.executing = undefined;
        const idle = tail.length === 6 && tail[0] === READY_FOR_QUERY && tail[5] === IDLE;
        this.owner = idle ? undefined : current.handlerId;
        current.resolve(bytes);
        if (this.gone.delete(current.handlerId) && this.owner === current.handlerId) await this.release();
      }
    } finally {
      this.running = false;
    }
  }
}

function lastBytes(previous: Uint8Array, chunk: Uint8Array, n: number): Uint8Array {
  if (chunk.length >= n) return chunk.slice(chunk.length - n);
  const joined = new Uint8Array(previous.length + chunk.length);
  joined.set(previous);
  joined.set(chunk, previous.length);
  return joined.slice(Math.max(0, joined.length - n));
}
