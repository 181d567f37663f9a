import {
  BULK_MIN_MICROS,
  BulkSegments,
  bulkFolder,
  bulkObjectKey,
  bulkTimeAtOrBefore,
  instantText,
  nextBulkTime,
} from './bulk-layout';
import { timestampToMicros } from '../../snapshots/snapshot-schedule';

const t = timestampToMicros;

describe('bulk history layout', () => {
  it('writes times as upstream folder names do (Instant.toString)', () => {
    expect(instantText(BULK_MIN_MICROS)).toBe('0001-01-01T00:00:00Z');
    expect(instantText(t('2026-01-02T00:00:00Z'))).toBe('2026-01-02T00:00:00Z');
    expect(instantText(t('2026-01-02T03:04:05.120Z'))).toBe('2026-01-02T03:04:05.120Z');
    expect(instantText(t('2026-01-02T03:04:05.000001Z'))).toBe('2026-01-02T03:04:05.000001Z');
  });

  it('names folders and objects <start>~<end>/<kind>_compact_json_<n>.zstd', () => {
    const folder = bulkFolder(t('2026-01-01T00:00:00Z'), t('2026-01-02T00:00:00Z'));
    expect(folder).toBe('2026-01-01T00:00:00Z~2026-01-02T00:00:00Z');
    expect(bulkObjectKey(folder, 'updates', 0)).toBe(
      '2026-01-01T00:00:00Z~2026-01-02T00:00:00Z/updates_compact_json_0.zstd',
    );
    expect(bulkObjectKey(folder, 'ACS', 3)).toBe(
      '2026-01-01T00:00:00Z~2026-01-02T00:00:00Z/ACS_compact_json_3.zstd',
    );
  });

  it('finds the 00:00 UTC strictly after and at or before a time', () => {
    expect(nextBulkTime(t('2026-01-01T10:00:00Z'))).toBe(t('2026-01-02T00:00:00Z'));
    expect(nextBulkTime(t('2026-01-01T00:00:00Z'))).toBe(t('2026-01-02T00:00:00Z'));
    expect(bulkTimeAtOrBefore(t('2026-01-01T00:00:00Z'))).toBe(t('2026-01-01T00:00:00Z'));
    expect(bulkTimeAtOrBefore(t('2026-01-01T23:59:59.999999Z'))).toBe(t('2026-01-01T00:00:00Z'));
  });

  it('cuts history into a first segment from the minimum time, then days', () => {
    const segments = BulkSegments.after(t('2026-01-01T10:00:00Z'));
    expect(segments.folder(0)).toBe('0001-01-01T00:00:00Z~2026-01-02T00:00:00Z');
    expect(segments.folder(1)).toBe('2026-01-02T00:00:00Z~2026-01-03T00:00:00Z');
    expect(segments.firstEndingAfter(t('2025-12-01T00:00:00Z'))).toBe(0);
    expect(segments.firstEndingAfter(t('2026-01-02T00:00:00Z'))).toBe(1);
    expect(segments.firstEndingAfter(t('2026-01-02T00:00:00.000001Z'))).toBe(1);
    expect(segments.firstEndingAfter(t('2026-01-03T00:00:00Z'))).toBe(2);
  });
});
