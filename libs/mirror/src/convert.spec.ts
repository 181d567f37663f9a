import { canonicalJson } from '@canton-scan/domain';
import { contentOf, migrationOf, sameContent, sameJson, toHistoryUpdate } from './convert';
import { retryAfterMs } from './peer';

const event = (id: string) => ({ event_type: 'created_event', event_id: id });

describe('served items to the write path', () => {
  const listed = {
    update_id: 'u',
    migration_id: 1,
    workflow_id: '',
    record_time: '2026-01-05T00:00:00.000001Z',
    synchronizer_id: 's::1220ab',
    effective_at: '2026-01-05T00:00:00.000001Z',
    root_event_ids: ['u:0'],
    events_by_id: { 'u:0': event('u:0'), 'u:10': event('u:10'), 'u:2': event('u:2') },
  };

  it('gives a transaction the mirror own offset and its events in node order', () => {
    const tx = toHistoryUpdate(listed, 5n);
    expect(tx.offset).toBe('000000000000000005');
    expect(Object.keys((tx as { events_by_id: object }).events_by_id)).toEqual(['u:0', 'u:2', 'u:10']);
    expect(toHistoryUpdate({ ...listed, offset: '' }, null).offset).toBe('');
    expect(migrationOf(listed)).toBe(1);
  });

  it('replaces a reassignment peer offset and compares content without it', () => {
    const reassignment = {
      update_id: 'r',
      offset: '000000000000000009',
      record_time: 't',
      event: { migration_id: 2 },
    };
    expect(toHistoryUpdate(reassignment, 3n).offset).toBe('000000000000000003');
    expect(contentOf(reassignment)).not.toHaveProperty('offset');
    expect(migrationOf(reassignment)).toBe(2);
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('comparing served items without serialising them', () => {
  const item = {
    update_id: 'u',
    offset: '000000000000000001',
    events_by_id: { 'u:0': { create_arguments: { record: { fields: [{ value: { numeric: '1.0' } }] } } } },
    root_event_ids: ['u:0'],
  };

  it('finds items equal exactly when their canonical JSON without the offset is equal', () => {
    const reordered = {
      root_event_ids: ['u:0'],
      offset: '000000000000000009',
      update_id: 'u',
      events_by_id: item.events_by_id,
    };
    const canonical = (x: Record<string, unknown>) => canonicalJson(contentOf(x));
    expect(canonical(reordered)).toBe(canonical(item));
    expect(sameContent(item, reordered)).toBe(true);
    const variants: Record<string, unknown>[] = [
      { ...item, update_id: 'v' },
      { ...item, root_event_ids: ['u:0', 'u:1'] },
      { ...item, root_event_ids: [] },
      { ...item, extra: null },
      {
        ...item,
        events_by_id: {
          'u:0': { create_arguments: { record: { fields: [{ value: { numeric: '1.00' } }] } } },
        },
      },
      { ...item, events_by_id: [] },
    ];
    for (const variant of variants) {
      expect(canonical(variant)).not.toBe(canonical(item));
      expect(sameContent(item, variant)).toBe(false);
    }
  });

  it('tells arrays from objects, null from an empty object, and numbers by value', () => {
    expect(sameJson([], {})).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameJson(JSON.parse('{"n": 1.0}'), JSON.parse('{"n": 1}'))).toBe(true);
  });
});
