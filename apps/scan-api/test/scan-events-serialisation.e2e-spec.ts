import { Db } from '@canton-scan/domain';
import { simulateHistory } from '@canton-scan/simulator';
import { startTestApp, useTestDatabase, writeHistory, type RunningTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import { referenceEventPage } from './event-history.reference';

/**
 * Issue 30 item 5: `POST /v0/events` merges updates and verdicts in one SQL statement (ordered,
 * paged) instead of merging two reads in Node. The bytes sent are exactly what the Node merge
 * sent: the previous path is kept test-only (event-history.reference.ts), and every page of
 * walks over a network with reassignments, verdicts alone and two migrations is compared with
 * it byte for byte, in both encodings and from positions that fall between events.
 */
const NETWORK = { seed: 13, rounds: 24, migrationRound: 16, reassignEveryRounds: 4 };

interface Key {
  after_migration_id: number;
  after_record_time: string;
}

describe('POST /v0/events: responses byte for byte as the Node merge gave them', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let store: Db;
  let base: string;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    store = running.app.get(Db);
    base = running.origin + running.config.scanApi.prefix;
  });
  afterAll(() => running.close());
  beforeEach(() => writeHistory(db.dataSource, [...simulateHistory(NETWORK)], 211));

  async function page(after: Key | undefined, pageSize: number, lossless: boolean): Promise<string> {
    const res = await fetch(`${base}/v0/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        page_size: pageSize,
        ...(after ? { after } : {}),
        ...(lossless ? { daml_value_encoding: 'protobuf_json' } : {}),
      }),
    });
    expect(res.status).toBe(200);
    return res.text();
  }

  const reference = (after: Key | undefined, pageSize: number, lossless: boolean) =>
    referenceEventPage(
      store,
      after && { migrationId: after.after_migration_id, recordTime: after.after_record_time },
      pageSize,
      lossless,
    );

  const lastKey = (text: string): Key | undefined => {
    const events = (JSON.parse(text) as { events: { update: Item | null; verdict: Verdict | null }[] })
      .events;
    const last = events.at(-1);
    if (!last) return undefined;
    if (last.update)
      return {
        after_migration_id: last.update.migration_id ?? last.update.event!.migration_id,
        after_record_time: last.update.record_time,
      };
    return { after_migration_id: last.verdict!.migration_id, after_record_time: last.verdict!.record_time };
  };

  it('walks the whole list in both encodings and several page sizes', async () => {
    const kinds = { verdictAlone: 0, updateAlone: 0, both: 0, pages: 0 };
    for (const [pageSize, lossless] of [
      [1000, false],
      [97, false],
      [13, true],
    ] as const) {
      let after: Key | undefined;
      for (;;) {
        const got = await page(after, pageSize, lossless);
        const expected = await reference(after, pageSize, lossless);
        if (got !== expected)
          expect({ after, pageSize, lossless, got }).toEqual({ after, pageSize, lossless, got: expected });
        kinds.pages++;
        for (const e of (JSON.parse(got) as { events: { update: unknown; verdict: unknown }[] }).events) {
          if (e.update && e.verdict) kinds.both++;
          else if (e.update) kinds.updateAlone++;
          else kinds.verdictAlone++;
        }
        const next = lastKey(got);
        if (!next) break;
        after = next;
      }
    }
    // The walks met every kind of event (a transaction with its verdict, a reassignment, a verdict alone).
    expect(kinds.both).toBeGreaterThan(100);
    expect(kinds.updateAlone).toBeGreaterThan(0);
    expect(kinds.verdictAlone).toBeGreaterThan(0);
    expect(kinds.pages).toBeGreaterThan(40);
  });

  it('pages from positions between events, past the end and across the migration', async () => {
    const keys: Key[] = [];
    let after: Key | undefined;
    for (;;) {
      const next = lastKey(await page(after, 50, false));
      if (!next) break;
      keys.push(next);
      after = next;
    }
    const shifted = (k: Key, micros: number): Key => {
      const t = new Date(k.after_record_time);
      const us = Number(k.after_record_time.slice(20, 26)) + micros;
      t.setUTCMilliseconds(0);
      const base = t.getTime() + Math.floor(us / 1_000_000) * 1000;
      const frac = String(((us % 1_000_000) + 1_000_000) % 1_000_000).padStart(6, '0');
      return {
        after_migration_id: k.after_migration_id,
        after_record_time: `${new Date(base).toISOString().slice(0, 19)}.${frac}Z`,
      };
    };
    const positions: Key[] = [
      ...keys.filter((_, i) => i % 5 === 0).map((k) => shifted(k, 1)),
      ...keys.filter((_, i) => i % 7 === 0).map((k) => shifted(k, -1)),
      { after_migration_id: 0, after_record_time: keys.at(-1)!.after_record_time },
      { after_migration_id: 5, after_record_time: '2020-01-01T00:00:00.000000Z' },
    ];
    expect(new Set(keys.map((k) => k.after_migration_id))).toEqual(new Set([0, 1]));
    for (const at of positions)
      for (const pageSize of [1, 31]) {
        const got = await page(at, pageSize, false);
        const expected = await reference(at, pageSize, false);
        if (got !== expected) expect({ at, pageSize, got }).toEqual({ at, pageSize, got: expected });
      }
  });
});

interface Item {
  migration_id?: number;
  record_time: string;
  event?: { migration_id: number };
}

interface Verdict {
  migration_id: number;
  record_time: string;
}
