import { offsetSpans, sameApartFromOffsets, spansAreItemOffsets } from './page-bytes';

const page = (items: unknown[]) => Buffer.from(JSON.stringify({ transactions: items }));
const reassignment = (offset: string, contract = '00aa') => ({
  update_id: 'u1',
  offset,
  record_time: '2026-01-30T00:00:00.000001Z',
  event: { contract_id: contract },
});
const transaction = (payload: Record<string, unknown>) => ({
  update_id: 't1',
  events_by_id: { '#t1:0': payload },
});

const alike = (a: Buffer, b: Buffer) => sameApartFromOffsets(a, offsetSpans(a)!, b, offsetSpans(b)!);

describe('pages compared as bytes', () => {
  it('finds each offset value, and no member named offset inside a string', () => {
    const body = page([reassignment('000000000000000007'), { note: '{"offset":"x"}', ',"offset":"y"': 1 }]);
    const spans = offsetSpans(body)!;
    expect(spans).toHaveLength(2);
    expect(body.toString('latin1', spans[0], spans[1])).toBe('000000000000000007');
  });

  it('leaves a page with an offset written otherwise to the parsed comparison', () => {
    expect(offsetSpans(Buffer.from('{"items":[{"offset": "07"}]}'))).toBeUndefined();
    expect(offsetSpans(Buffer.from('{"items":[{"offset":7}]}'))).toBeUndefined();
    expect(offsetSpans(Buffer.from('{"items":[]}'))).toEqual([]);
  });

  it('takes pages that differ only in their items offsets as alike, and no others', () => {
    const a = page([reassignment('000000000000000007'), transaction({ x: 1 })]);
    expect(alike(a, page([reassignment('00000000000000000c'), transaction({ x: 1 })]))).toBe(true);
    expect(alike(a, page([reassignment('7'), transaction({ x: 1 })]))).toBe(true);
    expect(alike(a, page([reassignment('000000000000000007', '00ab'), transaction({ x: 1 })]))).toBe(false);
    expect(alike(a, page([reassignment('000000000000000007'), transaction({ x: 2 })]))).toBe(false);
    expect(alike(a, page([reassignment('000000000000000007')]))).toBe(false);
    expect(alike(a, Buffer.concat([a, Buffer.from(' ')]))).toBe(false);
  });

  it('tells the items offsets from a payload member named offset', () => {
    const own = page([reassignment('000000000000000007'), transaction({ x: 1 })]);
    expect(spansAreItemOffsets(own, offsetSpans(own)!, ['000000000000000007'])).toBe(true);
    expect(spansAreItemOffsets(own, offsetSpans(own)!, ['000000000000000008'])).toBe(false);
    const payload = page([reassignment('000000000000000007'), transaction({ offset: 'abc' })]);
    expect(spansAreItemOffsets(payload, offsetSpans(payload)!, ['000000000000000007'])).toBe(false);
    // An escaped value is not the parsed one: never left out of the byte comparison.
    const escaped = Buffer.from('{"transactions":[{"offset":"\\u0037"}]}');
    expect(spansAreItemOffsets(escaped, offsetSpans(escaped)!, ['7'])).toBe(false);
  });
});
