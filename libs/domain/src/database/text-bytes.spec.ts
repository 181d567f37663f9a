import { inlineParams, valueOfBinaryCopy } from './text-bytes';

describe('inlineParams', () => {
  it('writes numbers, booleans, null and arrays as SQL literals', () => {
    expect(inlineParams('SELECT $1, $2, $3, $4, $5', [7, -1.5, true, null, 12n])).toBe(
      'SELECT 7, -1.5, TRUE, NULL, 12',
    );
    expect(inlineParams('x = ANY($1::text[])', [['a', 'b']])).toBe("x = ANY(ARRAY['a','b']::text[])");
  });

  it('doubles quotes, and writes a string with backslashes as an E literal', () => {
    expect(inlineParams('$1', ["it's"])).toBe("'it''s'");
    expect(inlineParams('$1', ['a\\b'])).toBe(" E'a\\\\b'");
  });

  it('takes $10 as the tenth value, not $1 then 0', () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(inlineParams('$1 $10', params)).toBe('1 10');
  });

  it('refuses what it cannot write safely', () => {
    expect(() => inlineParams('$1', ['a\0b'])).toThrow(/NUL/);
    expect(() => inlineParams('$1', [Number.NaN])).toThrow(/finite/);
    expect(() => inlineParams('$1', [{ a: 1 }])).toThrow(/object/);
    expect(() => inlineParams('$2', [1])).toThrow(/no value for \$2/);
  });
});

/** A binary COPY of rows of text values (null as undefined), as PostgreSQL frames it. */
function binaryCopy(rows: (string | undefined)[][], extension = Buffer.alloc(0)): Buffer {
  const parts = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), int32(0), int32(extension.length), extension];
  for (const row of rows) {
    parts.push(int16(row.length));
    for (const value of row) {
      if (value === undefined) parts.push(int32(-1));
      else {
        const bytes = Buffer.from(value, 'utf8');
        parts.push(int32(bytes.length), bytes);
      }
    }
  }
  parts.push(int16(-1));
  return Buffer.concat(parts);
}
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

describe('valueOfBinaryCopy', () => {
  it('gives the bytes of the one value, after a header extension too', () => {
    expect(valueOfBinaryCopy(binaryCopy([['{"a":"é€😀"}']])).toString('utf8')).toBe('{"a":"é€😀"}');
    expect(valueOfBinaryCopy(binaryCopy([['x']], Buffer.from('ext'))).toString()).toBe('x');
    expect(valueOfBinaryCopy(binaryCopy([['']])).length).toBe(0);
  });

  it('refuses anything but one row of one non-null column', () => {
    expect(() => valueOfBinaryCopy(Buffer.from('not a copy at all'))).toThrow(/signature/);
    expect(() => valueOfBinaryCopy(binaryCopy([]))).toThrow(/no row/);
    expect(() => valueOfBinaryCopy(binaryCopy([['a', 'b']]))).toThrow(/2 columns/);
    expect(() => valueOfBinaryCopy(binaryCopy([[undefined]]))).toThrow(/NULL/);
    expect(() => valueOfBinaryCopy(binaryCopy([['a'], ['b']]))).toThrow(/then the end/);
    expect(() => valueOfBinaryCopy(binaryCopy([['abc']]).subarray(0, -3))).toThrow(/then the end/);
  });
});
