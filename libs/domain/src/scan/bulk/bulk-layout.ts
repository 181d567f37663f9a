/**
 * Where bulk history objects sit and which record times they cover (docs/bulk-history.md),
 * named as Splice's scan names them so a client written for one reads the other: a folder per
 * segment or snapshot, `<start>~<end>`, its objects `<prefix>_compact_json_<n>.zstd`. Pure
 * arithmetic on microseconds since the epoch.
 */

/** Segments of the update history end, and bulk ACS snapshots fall, at 00:00 UTC. */
export const BULK_PERIOD_MICROS = 86_400_000_000n;

/** Where the first segment starts: the earliest time there is (Canton's minimum timestamp). */
export const BULK_MIN_MICROS = -62_135_596_800_000_000n;

/** The one encoding of the objects' Daml values. */
export const BULK_ENCODING = 'compact_json';

export type BulkKind = 'updates' | 'ACS';

/**
 * A time as Java's `Instant.toString` writes it (the folder names upstream's scan writes):
 * seconds always, a fraction only when non-zero, in groups of three digits.
 */
export function instantText(micros: bigint): string {
  const seconds = micros >= 0n ? micros / 1_000_000n : -((-micros + 999_999n) / 1_000_000n);
  const fraction = micros - seconds * 1_000_000n;
  const iso = new Date(Number(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, '');
  // Years before 1000 come out of toISOString with four digits already ("0001-…").
  if (fraction === 0n) return `${iso}Z`;
  const digits = fraction.toString().padStart(6, '0');
  return `${iso}.${digits.endsWith('000') ? digits.slice(0, 3) : digits}Z`;
}

/** The folder of the objects covering (start, end]. */
export function bulkFolder(startMicros: bigint, endMicros: bigint): string {
  return `${instantText(startMicros)}~${instantText(endMicros)}`;
}

/** The key of the `index`-th object of a folder. */
export function bulkObjectKey(folder: string, kind: BulkKind, index: number): string {
  return `${folder}/${kind}_${BULK_ENCODING}_${index}.zstd`;
}

/** The first 00:00 UTC strictly after `micros`. */
export function nextBulkTime(micros: bigint): bigint {
  const floor =
    micros >= 0n ? micros / BULK_PERIOD_MICROS : -((-micros + BULK_PERIOD_MICROS - 1n) / BULK_PERIOD_MICROS);
  return (floor + 1n) * BULK_PERIOD_MICROS;
}

/** The latest 00:00 UTC at or before `micros`. */
export function bulkTimeAtOrBefore(micros: bigint): bigint {
  return nextBulkTime(micros) - BULK_PERIOD_MICROS;
}

/**
 * The segments of the update history: the first from the minimum time to the first 00:00 UTC
 * after the network's first update (`firstEnd`), then one per day. Segment `k` covers record
 * times in (start, end].
 */
export class BulkSegments {
  constructor(readonly firstEnd: bigint) {}

  static after(firstUpdateMicros: bigint): BulkSegments {
    return new BulkSegments(nextBulkTime(firstUpdateMicros));
  }

  start(k: number): bigint {
    return k === 0 ? BULK_MIN_MICROS : this.end(k - 1);
  }

  end(k: number): bigint {
    return this.firstEnd + BigInt(k) * BULK_PERIOD_MICROS;
  }

  folder(k: number): string {
    return bulkFolder(this.start(k), this.end(k));
  }

  /** The first segment ending after `micros`. */
  firstEndingAfter(micros: bigint): number {
    if (micros < this.firstEnd) return 0;
    return Number((micros - this.firstEnd) / BULK_PERIOD_MICROS) + 1;
  }
}
