import { Db } from '../database/db';
import { useTestDatabase, HistoryBuilder } from '@canton-scan/testing';
import { SpliceTemplates } from '../splice/splice-templates';
import { LedgerWriter } from '../history/ledger-writer';
import { LedgerEndWatcher } from './ledger-end-watcher';

describe('LedgerEndWatcher', () => {
  const db = useTestDatabase();
  const watchers: LedgerEndWatcher[] = [];
  afterEach(async () => {
    await Promise.all(watchers.splice(0).map((w) => w.stop()));
  });
  const watcher = (options: ConstructorParameters<typeof LedgerEndWatcher>[1]) => {
    const w = new LedgerEndWatcher(Db.of(db.dataSource), options);
    watchers.push(w);
    return w;
  };
  const appendOne = async (b: HistoryBuilder) => {
    const dso = b.party('dso');
    await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append([
      b.tx([
        {
          create: {
            template: SpliceTemplates.FeaturedAppRight,
            payload: { dso, provider: dso, activityWeight: null },
            signatories: [dso],
          },
        },
      ]),
    ]);
  };

  it('answers at once when the ledger end is already beyond the offset', async () => {
    const b = new HistoryBuilder();
    await appendOne(b);
    await expect(watcher({}).waitBeyond(0, 10_000)).resolves.toBe(true);
  });

  it('times out (false) when nothing is appended', async () => {
    const started = Date.now();
    await expect(watcher({}).waitBeyond(0, 200)).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('wakes a waiter when an update is appended', async () => {
    const b = new HistoryBuilder();
    const waiting = watcher({}).waitBeyond(0, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await appendOne(b);
    await expect(waiting).resolves.toBe(true);
  });

  it('is woken by the NOTIFY of the write path on PostgreSQL (polling off), by polling on PGlite (which delivers no NOTIFY)', async () => {
    const notifies = db.backend === 'postgres';
    const w = watcher(
      notifies ? { fastPollMs: 60_000, slowPollMs: 60_000 } : { fastPollMs: 100, slowPollMs: 60_000 },
    );
    const b = new HistoryBuilder();
    const waiting = w.waitBeyond(0, 30_000);
    // Give the LISTEN connection time to open.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await appendOne(b);
    await expect(waiting).resolves.toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('releases waiters with false when aborted or stopped', async () => {
    const w = watcher({});
    const controller = new AbortController();
    const aborted = w.waitBeyond(5, Number.POSITIVE_INFINITY, controller.signal);
    const stopped = w.waitBeyond(5, Number.POSITIVE_INFINITY);
    controller.abort();
    await expect(aborted).resolves.toBe(false);
    await w.stop();
    await expect(stopped).resolves.toBe(false);
  });
});
