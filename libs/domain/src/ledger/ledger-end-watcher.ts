import { Client, type Notification } from 'pg';
import type { Db } from '../database/db';
import { LEDGER_UPDATES_CHANNEL } from '../history/history-write.repository';

interface Waiter {
  offset: number;
  settle(advanced: boolean): void;
}

export interface LedgerEndWatcherOptions {
  /** Poll interval while requests wait and no notification has been seen on the listening connection. */
  fastPollMs: number;
  /** Poll interval once notifications are known to arrive (a safety net only). */
  slowPollMs: number;
  /** Delay before a lost listening connection is opened again. */
  reconnectDelayMs: number;
}

const DEFAULTS: LedgerEndWatcherOptions = { fastPollMs: 100, slowPollMs: 1000, reconnectDelayMs: 2000 };

/**
 * Tells waiting readers when the ledger end moves past an offset. `LedgerWriter` NOTIFYs
 * `ledger_updates` with the new ledger end after each commit; the watcher LISTENs on one
 * dedicated connection per process (opened on first use) and wakes the waiters. Because a
 * notification can be lost (a dropped connection) or never delivered (the embedded PGlite
 * server), it also polls the ledger end while anyone waits: every `fastPollMs` until a
 * notification has proven delivery works, every `slowPollMs` after.
 */
export class LedgerEndWatcher {
  private readonly options: LedgerEndWatcherOptions;
  private readonly waiters = new Set<Waiter>();
  private client?: Client;
  private connecting?: Promise<void>;
  private notificationsSeen = false;
  private nextConnectAt = 0;
  private pollTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly db: Db,
    options: Partial<LedgerEndWatcherOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * Resolves true as soon as the ledger end is beyond `offset`, false when `timeoutMs` passes
   * (Infinity: never) or `signal` aborts first.
   */
  async waitBeyond(offset: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (this.stopped || signal?.aborted) return false;
    this.listen();
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const result = new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        offset,
        settle: (advanced) => {
          if (!this.waiters.delete(waiter)) return;
          if (timer) clearTimeout(timer);
          if (onAbort) signal?.removeEventListener('abort', onAbort);
          resolve(advanced);
        },
      };
      // Registered before the first read, so an append in between is not missed.
      this.waiters.add(waiter);
      if (Number.isFinite(timeoutMs)) timer = setTimeout(() => waiter.settle(false), Math.max(0, timeoutMs));
      onAbort = () => waiter.settle(false);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    await this.poll();
    return result;
  }

  /** Ends the listening connection and releases every waiter (false). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
    for (const waiter of [...this.waiters]) waiter.settle(false);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private wake(ledgerEnd: number): void {
    for (const waiter of [...this.waiters]) if (ledgerEnd > waiter.offset) waiter.settle(true);
  }

  private async poll(): Promise<void> {
    if (this.waiters.size === 0 || this.stopped) return;
    try {
      const [row]: { end: string | null }[] = await this.db.query(
        `SELECT max(ledger_offset)::text AS "end" FROM updates`,
      );
      this.wake(row.end === null ? 0 : Number(row.end));
    } catch {
      // The database is unreachable for now: the next poll tries again.
    }
    this.schedulePoll();
  }

  private schedulePoll(): void {
    if (this.pollTimer || this.waiters.size === 0 || this.stopped) return;
    const delay = this.client && this.notificationsSeen ? this.options.slowPollMs : this.options.fastPollMs;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = undefined;
      void this.poll();
    }, delay);
    this.pollTimer.unref();
  }

  private listen(): void {
    if (this.client || this.connecting || this.stopped || Date.now() < this.nextConnectAt) return;
    const options = this.db.dataSource.options as { url?: string; extra?: { options?: string } };
    const client = new Client({ connectionString: options.url, options: options.extra?.options });
    const lost = () => {
      if (this.client === client) this.client = undefined;
      this.notificationsSeen = false;
      this.nextConnectAt = Date.now() + this.options.reconnectDelayMs;
      void client.end().catch(() => undefined);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message: Notification) => {
      if (message.channel !== LEDGER_UPDATES_CHANNEL) return;
      this.notificationsSeen = true;
      const end = Number(message.payload);
      if (Number.isFinite(end)) this.wake(end);
      else void this.poll();
    });
    this.connecting = (async () => {
      try {
        await client.connect();
        await client.query(`LISTEN ${LEDGER_UPDATES_CHANNEL}`);
        if (this.stopped) await client.end();
        else this.client = client;
      } catch {
        lost();
      } finally {
        this.connecting = undefined;
      }
    })();
  }
}
