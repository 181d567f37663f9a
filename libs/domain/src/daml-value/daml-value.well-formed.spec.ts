import { explainMalformation } from './daml-value.validation';
import { isWellFormedDamlValue } from './daml-value.well-formed';

const ALICE = `alice::1220${'ab'.repeat(32)}`;
const CID = `00${'cd'.repeat(68)}`;

/** Whether the path-naming check (the reference) accepts `value`. */
function accepted(value: unknown): boolean {
  try {
    explainMalformation(value, 'x');
    return true;
  } catch {
    return false;
  }
}

describe('isWellFormedDamlValue', () => {
  // Leaves near the edge of each rule, valid and not.
  const scalars: unknown[] = [
    { party: ALICE },
    { party: 'alice' },
    { party: `${'a'.repeat(250)}::1220` },
    { party: `${'a'.repeat(260)}::1220` },
    { numeric: '-12.5' },
    { numeric: '1.' },
    { numeric: 1.5 },
    { int64: '-9223372036854775808' },
    { int64: '-9223372036854775809' },
    { int64: '9223372036854775807' },
    { int64: '9223372036854775808' },
    { int64: '999999999999999999' },
    { int64: '00000000000000000000001' },
    { int64: '1.0' },
    { text: '' },
    { text: null },
    { contractId: CID },
    { contractId: 'abc' },
    { timestamp: '2024-02-29T23:59:59.999999Z' },
    { timestamp: '2025-02-29T00:00:00Z' },
    { timestamp: '2026-01-05T24:00:00Z' },
    { timestamp: '2026-01-05T10:60:00Z' },
    { timestamp: '2026-01-05T10:00:60Z' },
    { timestamp: '2026-13-05T10:00:00Z' },
    { timestamp: '0000-01-05T10:00:00Z' },
    { timestamp: '2026-01-05T10:00:00.1234567Z' },
    { date: '2026-12-31' },
    { date: '2026-04-31' },
    { bool: true },
    { bool: 'true' },
    { unit: {} },
    { unit: { a: 1 } },
    { enum: { constructor: 'DS_Operational' } },
    { enum: {} },
    { enum: { constructor: '1x' } },
    { string: 'x' },
    { text: 'x', party: ALICE },
    {},
    null,
    [],
    'text',
    JSON.parse('{"__proto__": {"text": "x"}}'),
  ];

  it('agrees with the path-naming check on leaves at the edge of every rule', () => {
    for (const v of scalars) expect([v, isWellFormedDamlValue(v)]).toEqual([v, accepted(v)]);
  });

  it('agrees with the path-naming check on random compound values, well-formed or not', () => {
    let seed = 12345;
    const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0), (seed >>> 16) % n);
    const pick = <T>(items: readonly T[]): T => items[rand(items.length)];
    const labels = ['a', 'b', '', 'a'];
    const gen = (depth: number): unknown => {
      if (depth > 3) return pick(scalars);
      switch (rand(9)) {
        case 0:
          return {
            record: {
              fields: Array.from({ length: rand(4) }, () =>
                rand(20) === 0 ? { label: 'a' } : { label: pick(labels), value: gen(depth + 1) },
              ),
            },
          };
        case 1:
          return {
            record:
              rand(10) === 0
                ? {}
                : {
                    fields: Array.from({ length: 20 }, (_, i) => ({
                      label: `l${i % (19 + rand(2))}`,
                      value: { unit: {} },
                    })),
                  },
          };
        case 2:
          return {
            variant: rand(10) === 0 ? { value: gen(depth + 1) } : { constructor: 'C', value: gen(depth + 1) },
          };
        case 3:
          return { list: Array.from({ length: rand(4) }, () => gen(depth + 1)) };
        case 4:
          return { optional: rand(3) === 0 ? null : gen(depth + 1) };
        case 5:
          return {
            textMap: Array.from({ length: rand(4) }, () =>
              rand(20) === 0
                ? { key: 1, value: { unit: {} } }
                : { key: pick(['k', 'j', '']), value: gen(depth + 1) },
            ),
          };
        case 6:
          return {
            genMap: Array.from({ length: rand(3) }, () =>
              rand(20) === 0 ? { value: gen(depth + 1) } : { key: gen(depth + 1), value: gen(depth + 1) },
            ),
          };
        case 7:
          return {
            textMap: Array.from({ length: 18 }, (_, i) => ({
              key: `k${i % (17 + rand(2))}`,
              value: { text: '' },
            })),
          };
        default:
          return pick(scalars);
      }
    };
    let wellFormed = 0;
    for (let i = 0; i < 3000; i++) {
      const v = gen(0);
      const expected = accepted(v);
      if (expected) wellFormed++;
      expect([i, isWellFormedDamlValue(v)]).toEqual([i, expected]);
    }
    // Both outcomes are exercised.
    expect(wellFormed).toBeGreaterThan(300);
    expect(wellFormed).toBeLessThan(2700);
  });
});
