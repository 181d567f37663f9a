import type { SimRandom } from './sim-random';

/**
 * Ledger times as integer microseconds since the Unix epoch. Doubles hold integers exactly up to
 * 2^53 µs (year 2255), and unlike Date they keep the microseconds.
 */
export const MICROS_PER_SECOND = 1_000_000;
export const MICROS_PER_DAY = 86_400 * MICROS_PER_SECOND;

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z$/;

/** `2026-01-05T10:00:00.123456Z`: always six fractional digits. */
export function formatMicros(micros: number): string {
  if (!Number.isSafeInteger(micros)) throw new RangeError(`not an integer microsecond time: ${micros}`);
  let days = Math.floor(micros / MICROS_PER_DAY);
  let rest = micros - days * MICROS_PER_DAY;
  // Guard the floating division at day boundaries.
  if (rest < 0) {
    days -= 1;
    rest += MICROS_PER_DAY;
  } else if (rest >= MICROS_PER_DAY) {
    days += 1;
    rest -= MICROS_PER_DAY;
  }
  const seconds = Math.floor(rest / MICROS_PER_SECOND);
  const fraction = rest - seconds * MICROS_PER_SECOND;
  const hh = Math.floor(seconds / 3600);
  const mm = Math.floor((seconds % 3600) / 60);
  const ss = seconds % 60;
  return `${civilDate(days)}T${pad2(hh)}:${pad2(mm)}:${pad2(ss)}.${String(fraction).padStart(6, '0')}Z`;
}

/** Parses ISO-8601 UTC with up to six fractional digits into microseconds. */
export function parseMicros(iso: string): number {
  const m = ISO.exec(iso);
  if (!m) throw new Error(`expected an ISO-8601 UTC time with at most microseconds, got "${iso}"`);
  const [, y, mo, d, h, mi, s, frac = ''] = m;
  const days = daysFromCivil(Number(y), Number(mo), Number(d));
  return (
    days * MICROS_PER_DAY +
    (Number(h) * 3600 + Number(mi) * 60 + Number(s)) * MICROS_PER_SECOND +
    Number(frac.padEnd(6, '0'))
  );
}

let cachedDay = Number.NaN;
let cachedDate = '';

// Howard Hinnant's civil_from_days; one day's string is cached since times arrive in order.
function civilDate(days: number): string {
  if (days === cachedDay) return cachedDate;
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  cachedDay = days;
  cachedDate = `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
  return cachedDate;
}

function daysFromCivil(year: number, month: number, day: number): number {
  const y = year - (month <= 2 ? 1 : 0);
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** The record and ledger-effective time of one transaction. */
export interface LedgerInstant {
  readonly recordMicros: number;
  readonly effectiveMicros: number;
}

/**
 * Hands out strictly increasing record times. Each tick (mining round) starts at
 * `start + tick * tickMicros`; transactions in it are spread with random gaps sized so a tick's
 * expected traffic fits before the next one. Effective times trail record times by up to a second
 * and never go backwards, so a contract is never used before the time it was created.
 */
export class SimClock {
  private lastRecord: number;
  private lastEffective: number;
  private maxGap = 1;

  constructor(
    private readonly startMicros: number,
    private readonly tickMicros: number,
    private readonly rng: SimRandom,
  ) {
    this.lastRecord = startMicros - 1;
    this.lastEffective = startMicros - 1;
  }

  /** Moves to tick `tick`, expecting about `expectedTransactions` in it. */
  startTick(tick: number, expectedTransactions: number): void {
    const base = this.startMicros + tick * this.tickMicros;
    this.lastRecord = Math.max(this.lastRecord, base - 1);
    this.maxGap = Math.max(1, Math.floor(this.tickMicros / (2 * Math.max(1, expectedTransactions))));
  }

  next(): LedgerInstant {
    const recordMicros = this.lastRecord + this.rng.int(1, this.maxGap);
    const lag = this.rng.int(0, Math.min(MICROS_PER_SECOND, this.maxGap));
    const effectiveMicros = Math.max(this.lastEffective, recordMicros - lag);
    this.lastRecord = recordMicros;
    this.lastEffective = effectiveMicros;
    return { recordMicros, effectiveMicros };
  }

  /** Record time for a reassignment (no ledger-effective time). */
  nextRecord(): number {
    this.lastRecord += this.rng.int(1, this.maxGap);
    return this.lastRecord;
  }

  get tickDuration(): number {
    return this.tickMicros;
  }

  tickStart(tick: number): number {
    return this.startMicros + tick * this.tickMicros;
  }
}
