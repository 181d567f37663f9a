import { formatMicros, MICROS_PER_DAY, parseMicros, SimClock } from './sim-clock';
import { SimIds, SimRandom } from './sim-random';

describe('microsecond times', () => {
  it('formats with six fractional digits and never loses a microsecond', () => {
    expect(formatMicros(parseMicros('2026-01-05T10:00:00.123456Z'))).toBe('2026-01-05T10:00:00.123456Z');
    expect(formatMicros(parseMicros('2026-01-05T10:00:00Z'))).toBe('2026-01-05T10:00:00.000000Z');
    expect(formatMicros(parseMicros('2026-01-05T23:59:59.999999Z') + 1)).toBe('2026-01-06T00:00:00.000000Z');
  });

  it('agrees with Date on whole milliseconds across leap years and centuries', () => {
    for (const iso of [
      '1970-01-01T00:00:00.000Z',
      '2000-02-29T12:34:56.789Z',
      '2100-03-01T00:00:00.001Z',
      '2024-12-31T23:59:59.999Z',
    ]) {
      const micros = Date.parse(iso) * 1000;
      expect(formatMicros(micros)).toBe(iso.replace(/\.(\d{3})Z$/, '.$1000Z'));
      expect(parseMicros(iso)).toBe(micros);
    }
  });

  it('walks day by day through a whole year', () => {
    let micros = parseMicros('2028-01-01T00:00:00Z');
    for (let day = 0; day < 366; day++, micros += MICROS_PER_DAY) {
      expect(formatMicros(micros)).toBe(new Date(micros / 1000).toISOString().replace('Z', '000Z'));
    }
  });

  it('rejects text that is not UTC ISO-8601 with at most microseconds', () => {
    expect(() => parseMicros('2026-01-05 10:00:00Z')).toThrow();
    expect(() => parseMicros('2026-01-05T10:00:00.1234567Z')).toThrow();
  });
});

describe('SimClock', () => {
  it('hands out strictly increasing record times with effective times at or before them', () => {
    const clock = new SimClock(parseMicros('2026-01-05T00:00:00Z'), 600_000_000, new SimRandom(7));
    let lastRecord = 0;
    let lastEffective = 0;
    for (let tick = 0; tick < 5; tick++) {
      clock.startTick(tick, 1000);
      for (let i = 0; i < 3000; i++) {
        const { recordMicros, effectiveMicros } = clock.next();
        expect(recordMicros).toBeGreaterThan(lastRecord);
        expect(effectiveMicros).toBeLessThanOrEqual(recordMicros);
        expect(effectiveMicros).toBeGreaterThanOrEqual(lastEffective);
        lastRecord = recordMicros;
        lastEffective = effectiveMicros;
      }
    }
  });
});

describe('SimRandom and SimIds', () => {
  it('repeats its stream for a seed and differs between seeds', () => {
    const draw = (seed: number): number[] => {
      const rng = new SimRandom(seed);
      return Array.from({ length: 5 }, () => rng.nextUint32());
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });

  it('draws integers within bounds', () => {
    const rng = new SimRandom(3);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(rng.int(2, 5));
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });

  it('derives distinct, well-formed ids from counters', () => {
    const ids = new SimIds(1);
    const contractIds = new Set(Array.from({ length: 10_000 }, (_, i) => ids.contractId(i)));
    expect(contractIds.size).toBe(10_000);
    for (const id of [...contractIds].slice(0, 10)) expect(id).toMatch(/^00[0-9a-f]{136}$/);
    expect(ids.updateId(0)).toMatch(/^1220[0-9a-f]{64}$/);
    expect(ids.externalTransactionHash(0)).toMatch(/^[0-9a-f]{64}$/);
    expect(new SimIds(2).contractId(0)).not.toBe(ids.contractId(0));
  });
});
