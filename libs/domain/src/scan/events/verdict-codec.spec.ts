import { deflateRawSync } from 'node:zlib';
import { packVerdict, unpackVerdict } from './verdict-codec';

const VERDICT = {
  update_id: '1220aa',
  migration_id: 3,
  domain_id: 'global-domain::1220bb',
  record_time: '2026-01-05T00:00:00.037316Z',
  finalization_time: '2026-01-05T00:00:00.217316Z',
  submitting_parties: ['DSO::1220cc'],
  submitting_participant_uid: 'sv-1::1220dd',
  verdict_result: 'VERDICT_RESULT_ACCEPTED',
  mediator_group: 0,
  transaction_views: {
    views: [
      {
        view_id: 0,
        informees: ['DSO::1220cc'],
        confirming_parties: [{ parties: ['DSO::1220cc'], threshold: 1 }],
        sub_views: [],
        view_hash: 'ee',
      },
    ],
    root_views: [0],
  },
};

/** A verdict of `views` views, each with its own parties: tens of kilobytes for a few hundred. */
function bigVerdict(views: number): string {
  return JSON.stringify({
    ...VERDICT,
    transaction_views: {
      views: Array.from({ length: views }, (_, i) => ({
        view_id: i,
        informees: [`party-${i}::1220${String(i).padStart(64, '0')}`, 'DSO::1220cc'],
        confirming_parties: [{ parties: [`party-${i}::1220${String(i).padStart(64, '0')}`], threshold: 1 }],
        sub_views: i + 1 < views ? [i + 1] : [],
        view_hash: `${i}`.repeat(64).slice(0, 64),
      })),
      root_views: [0],
    },
  });
}

describe('verdict codec', () => {
  it.each([
    ['a verdict as the writer stores it', JSON.stringify(VERDICT)],
    [
      'whitespace and key order as received',
      `{ "verdict_result" : "VERDICT_RESULT_REJECTED",\n\t"update_id":"x" }  `,
    ],
    [
      'unicode, escapes and astral characters',
      JSON.stringify({ ...VERDICT, domain_id: 'dömäin::ü€𝄞\u2028"\\/' }),
    ],
    [
      'fields the API does not know',
      JSON.stringify({ ...VERDICT, extra: { nested: [1, 2.5e-7, null, true] } }),
    ],
    ['a big verdict (hundreds of views)', bigVerdict(400)],
    ['an empty object', '{}'],
  ])('gives back %s byte for byte', (_, text) => {
    const packed = packVerdict(text);
    expect(packed[0]).toBe(1);
    expect(unpackVerdict(packed)).toBe(text);
    expect(unpackVerdict(new Uint8Array(packed))).toBe(text);
  });

  it('packs a verdict to well under half its text', () => {
    const text = JSON.stringify(VERDICT);
    expect(packVerdict(text).length).toBeLessThan(text.length / 2);
    const big = bigVerdict(400);
    expect(packVerdict(big).length).toBeLessThan(big.length / 2);
  });

  it('refuses bytes of no known format', () => {
    expect(() => unpackVerdict(Buffer.alloc(0))).toThrow(/unknown format \(empty\)/);
    const other = Buffer.concat([Buffer.from([2]), deflateRawSync('{}')]);
    expect(() => unpackVerdict(other)).toThrow(/unknown format 2/);
    // Not deflate over the dictionary: zlib refuses it rather than inventing a text.
    expect(() => unpackVerdict(Buffer.from([1, 0xff, 0xff, 0xff]))).toThrow();
  });
});
