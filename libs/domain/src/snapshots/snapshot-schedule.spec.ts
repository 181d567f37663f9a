import type { DataSource } from 'typeorm';
import { LedgerWriter } from '../history/ledger-writer';
import { dueSnapshotTimes, microsToTimestamp, snapshotsDue, timestampToMicros } from './snapshot-schedule';

describe('the snapshot interval', () => {
  it('puts every snapshot, day after day, at a UTC hour divisible by each allowed interval', () => {
    for (const hours of [1, 2, 3, 4, 6, 8, 12, 24]) {
      const times = dueSnapshotTimes('2026-01-05T01:10:00Z', undefined, '2026-01-09T00:00:00Z', hours);
      expect(times.length).toBe((4 * 24) / hours - (hours === 1 ? 1 : 0));
      for (const t of times) expect(new Date(t).getUTCHours() % hours).toBe(0);
    }
  });

  it('refuses an interval that does not divide 24, in the schedule and in the writer', () => {
    const message = 'snapshotIntervalHours must divide 24 (one of 1, 2, 3, 4, 6, 8, 12, 24), got 5';
    expect(() => dueSnapshotTimes('2026-01-05T01:10:00Z', undefined, '2026-01-09T00:00:00Z', 5)).toThrow(
      message,
    );
    expect(() => new LedgerWriter({} as DataSource, { snapshotIntervalHours: 5 })).toThrow(message);
    expect(() => new LedgerWriter({} as DataSource, { snapshotIntervalHours: 0 })).toThrow(/got 0$/);
  });
});

describe('dueSnapshotTimes', () => {
  it('takes the first snapshot at the first aligned hour strictly after the first update', () => {
    expect(
      dueSnapshotTimes('2026-01-05T01:10:00.000001Z', undefined, '2026-01-05T03:00:00.000000Z', 3),
    ).toEqual(['2026-01-05T03:00:00.000000Z']);
    expect(
      dueSnapshotTimes('2026-01-05T03:00:00.000000Z', undefined, '2026-01-05T05:59:59.999999Z', 3),
    ).toEqual([]);
    expect(
      dueSnapshotTimes('2026-01-05T03:00:00.000000Z', undefined, '2026-01-05T06:00:00.000000Z', 3),
    ).toEqual(['2026-01-05T06:00:00.000000Z']);
  });

  it('continues every N hours once history has passed each time', () => {
    expect(
      dueSnapshotTimes(
        '2026-01-05T00:30:00.000000Z',
        '2026-01-05T03:00:00.000000Z',
        '2026-01-05T12:00:01.000000Z',
        3,
      ),
    ).toEqual(['2026-01-05T06:00:00.000000Z', '2026-01-05T09:00:00.000000Z', '2026-01-05T12:00:00.000000Z']);
  });

  it('aligns other periods to UTC hours divisible by N', () => {
    expect(
      dueSnapshotTimes('2026-01-05T13:59:00.000000Z', undefined, '2026-01-06T00:00:00.000000Z', 4),
    ).toEqual(['2026-01-05T16:00:00.000000Z', '2026-01-05T20:00:00.000000Z', '2026-01-06T00:00:00.000000Z']);
  });
});

describe('timestamp micros', () => {
  it('round-trips microsecond timestamps exactly', () => {
    const t = '2026-01-05T10:00:00.123456Z';
    expect(microsToTimestamp(timestampToMicros(t))).toBe(t);
    expect(timestampToMicros('1970-01-01T00:00:01Z')).toBe(1_000_000n);
    expect(microsToTimestamp(timestampToMicros('0001-01-01T00:00:00.000000Z'))).toBe(
      '0001-01-01T00:00:00.000000Z',
    );
  });
});

describe('snapshotsDue', () => {
  const IMPORT = '0001-01-01T00:00:00.000000Z';
  const reached = new Map([
    [0, '2026-01-05T07:00:00.000000Z'],
    [1, '2026-01-05T07:00:00.000000Z'],
  ]);

  it("takes a migration's first non-import update from the batch when none is stored", () => {
    const updates = [
      { migration_id: 0, record_time: IMPORT },
      { migration_id: 0, record_time: '2026-01-05T01:10:00.000000Z' },
      { migration_id: 0, record_time: '2026-01-05T07:00:00.000000Z' },
    ];
    expect(snapshotsDue([0], new Map(), updates, reached, 3)).toEqual([
      { migrationId: 0, times: ['2026-01-05T03:00:00.000000Z', '2026-01-05T06:00:00.000000Z'] },
    ]);
  });

  it('prefers the stored first non-import update and continues after the last snapshot', () => {
    const stored = new Map([
      [0, { firstNonImport: '2026-01-04T23:00:00.000000Z', lastSnapshot: '2026-01-05T03:00:00.000000Z' }],
      [1, { firstNonImport: '2026-01-05T04:30:00.000000Z' }],
    ]);
    const updates = [
      { migration_id: 0, record_time: '2026-01-05T06:30:00.000000Z' },
      { migration_id: 1, record_time: '2026-01-05T07:00:00.000000Z' },
    ];
    expect(snapshotsDue([1, 0], stored, updates, reached, 3)).toEqual([
      { migrationId: 1, times: ['2026-01-05T06:00:00.000000Z'] },
      { migrationId: 0, times: ['2026-01-05T06:00:00.000000Z'] },
    ]);
  });

  it('schedules nothing for a migration with imports only', () => {
    const updates = [{ migration_id: 0, record_time: IMPORT }];
    expect(snapshotsDue([0], new Map(), updates, new Map(), 3)).toEqual([]);
  });
});
