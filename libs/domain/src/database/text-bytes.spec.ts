import { BinaryCopyValueReader, inlineParams } from './text-bytes';

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

/** The value a BinaryCopyValueReader reads from `copy` given in chunks of `size` bytes. */
async function readInChunks(copy: Buffer, size: number): Promise<Buffer> {
  const reader = new BinaryCopyValueReader();
  for (let at = 0; at < copy.length; at += size) reader.push(copy.subarray(at, at + size));
  reader.end();
  return (await reader.value).all();
}

describe('BinaryCopyValueReader', () => {
  it('gives the bytes of the one value however the COPY is cut, after a header extension too', async () => {
    const text = `{"a":"é€😀","b":"${'x'.repeat(70)}"}`;
    for (const [copy, expected] of [
      [binaryCopy([[text]]), text],
      [binaryCopy([['x']], Buffer.from('ext')), 'x'],
      [binaryCopy([['']]), ''],
    ] as const)
      for (let size = 1; size <= copy.length; size++)
        expect((await readInChunks(copy, size)).toString('utf8')).toBe(expected);
  });

  it('settles once the value has begun, with its length, and hands on the rest as it comes', async () => {
    const copy = binaryCopy([['abcdef']]);
    const reader = new BinaryCopyValueReader();
    let settled = false;
    void reader.value.then(() => (settled = true));
    reader.push(copy.subarray(0, 25)); // the header, up to the value's length
    await Promise.resolve();
    expect(settled).toBe(false);
    reader.push(copy.subarray(25, 27)); // "ab"
    const value = await reader.value;
    expect(value.length).toBe(6);
    expect(value.firstByte).toBe('a'.charCodeAt(0));
    const chunks = value.chunks();
    expect((await chunks.next()).value?.toString()).toBe('ab');
    const next = chunks.next();
    reader.push(copy.subarray(27));
    reader.end();
    expect((await next).value?.toString()).toBe('cdef');
    expect((await chunks.next()).done).toBe(true);
  });

  it('refuses anything but one row of one non-null column', async () => {
    const refusal = (copy: Buffer) => readInChunks(copy, 7);
    await expect(refusal(Buffer.from('not a copy at all'))).rejects.toThrow(/signature/);
    await expect(refusal(binaryCopy([]))).rejects.toThrow(/no row/);
    await expect(refusal(binaryCopy([['a', 'b']]))).rejects.toThrow(/2 columns/);
    await expect(refusal(binaryCopy([[undefined]]))).rejects.toThrow(/NULL/);
    await expect(refusal(binaryCopy([['a'], ['b']]))).rejects.toThrow(/then the end/);
    await expect(refusal(binaryCopy([['abc']]).subarray(0, -3))).rejects.toThrow(/then the end|bytes/);
    await expect(refusal(binaryCopy([['abc']]).subarray(0, 12))).rejects.toThrow(/incomplete/);
  });

  it('fails the value when the COPY fails part-way', async () => {
    const copy = binaryCopy([['abcdef']]);
    const reader = new BinaryCopyValueReader();
    reader.push(copy.subarray(0, 27));
    const value = await reader.value;
    reader.fail(new Error('connection lost'));
    await expect(value.all()).rejects.toThrow(/connection lost/);
  });
});
