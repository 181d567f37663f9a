import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ingestUpdates,
  isHostingItem,
  isVerdictItem,
  LedgerWriter,
  readUpdateSource,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { useTestDatabase } from '@canton-scan/testing';
import { simulateHistory, simulateNetwork } from './simulator';

describe('ingestUpdates', () => {
  const db = useTestDatabase();
  const history = (): HistoryUpdate[] => [...simulateNetwork({ seed: 5, rounds: 30, migrationRound: 25 })];
  const count = async () =>
    Number((await db.dataSource.query('SELECT count(*)::int AS n FROM updates'))[0].n);

  it('feeds a history through the writer in overlapping batches and resumes by skipping what is stored', async () => {
    const updates = history();
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    const seen: number[] = [];
    const first = await ingestUpdates(writer, updates.slice(0, 700), {
      batchSize: 100,
      onProgress: (p) => seen.push(p.appended),
    });
    expect(first).toMatchObject({ read: 700, appended: 700, skipped: 0 });
    expect(seen.length).toBeGreaterThanOrEqual(7);
    // A restart over the whole file: the first 700 are skipped, the rest appended.
    const resumed = await ingestUpdates(writer, updates, { batchSize: 100 });
    expect(resumed).toMatchObject({ read: updates.length, appended: updates.length - 700, skipped: 700 });
    expect(await count()).toBe(updates.length);
  });

  it('stops at the first rejected batch, with every earlier batch written and nothing of the bad one', async () => {
    const updates = history().slice(0, 300);
    const broken = JSON.parse(JSON.stringify(updates)) as HistoryUpdate[];
    (broken[250] as { offset: string }).offset = 'zz';
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    await expect(ingestUpdates(writer, broken, { batchSize: 100 })).rejects.toThrow(
      new RegExp(`update ${broken[250].update_id}: malformed scan offset`),
    );
    expect(await count()).toBe(200);
  });

  it('checks each batch against the batches before it', async () => {
    const updates = history().slice(0, 400);
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    // The repeated update is in the batch right after its first one: identical, it is skipped.
    const again = [...updates.slice(0, 100), updates[99], ...updates.slice(100)];
    expect(await ingestUpdates(writer, again, { batchSize: 100 })).toMatchObject({
      appended: 400,
      skipped: 1,
    });
    expect(await count()).toBe(400);
    const rounds = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM mining_rounds WHERE traffic_price IS NULL`,
    );
    expect(rounds[0].n).toBe(0);

    await db.truncate();
    const changed = JSON.parse(JSON.stringify(updates[99])) as HistoryUpdate & { workflow_id: string };
    changed.workflow_id = 'another workflow';
    const conflicting = [...updates.slice(0, 100), changed, ...updates.slice(100)];
    await expect(ingestUpdates(writer, conflicting, { batchSize: 100 })).rejects.toThrow(
      new RegExp(`update ${updates[99].update_id}: is already stored with different content`),
    );
    expect(await count()).toBe(100);
  });

  it('writes every batch read before a failing source, then reports the source error', async () => {
    const updates = history().slice(0, 450);
    const source = (function* () {
      for (const [i, u] of updates.entries()) {
        if (i === 430) throw new Error('history file truncated');
        yield u;
      }
    })();
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    await expect(ingestUpdates(writer, source, { batchSize: 100, readAhead: 3 })).rejects.toThrow(
      'history file truncated',
    );
    expect(await count()).toBe(400);
  });

  it('rejects a batch that repeats an update id once the batches before it are written', async () => {
    const updates = history().slice(0, 300);
    const repeated = [...updates.slice(0, 250), updates[240], ...updates.slice(250)];
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    await expect(ingestUpdates(writer, repeated, { batchSize: 100 })).rejects.toThrow(
      new RegExp(`update ${updates[240].update_id}: appears twice in the batch`),
    );
    expect(await count()).toBe(200);
  });

  it('stores the verdict lines of a history file with their updates, and loads a file without them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'css-ingest-verdicts-'));
    try {
      const items = [...simulateHistory({ seed: 5, rounds: 24 })];
      const verdicts = items.filter(isVerdictItem).length;
      const hosting = items.filter(isHostingItem).length;
      const updates = items.length - verdicts - hosting;
      const withVerdicts = join(dir, 'history.jsonl');
      writeFileSync(withVerdicts, items.map((i) => `${JSON.stringify(i)}\n`).join(''));
      const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
      await ingestUpdates(writer, readUpdateSource(withVerdicts), { batchSize: 97 });
      const stored = async () =>
        (
          await db.dataSource.query(
            `SELECT (SELECT count(*)::int FROM updates) AS updates, (SELECT count(*)::int FROM synchronizer_verdicts) AS verdicts,
                    (SELECT count(*)::int FROM party_hosting) AS hosting`,
          )
        )[0];
      expect(verdicts).toBeGreaterThan(100);
      expect(hosting).toBeGreaterThan(10);
      expect(await stored()).toEqual({ updates, verdicts, hosting });
      // Resumed over the whole file: nothing new.
      await ingestUpdates(writer, readUpdateSource(withVerdicts), { batchSize: 500 });
      expect(await stored()).toEqual({ updates, verdicts, hosting });

      // A file written before verdicts (and hosting items) existed: its updates only.
      await db.truncate();
      const older = join(dir, 'older.jsonl');
      writeFileSync(
        older,
        items
          .filter((i) => !isVerdictItem(i) && !isHostingItem(i))
          .map((i) => `${JSON.stringify(i)}\n`)
          .join(''),
      );
      await ingestUpdates(writer, readUpdateSource(older), { batchSize: 97 });
      expect(await stored()).toEqual({ updates, verdicts: 0, hosting: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
