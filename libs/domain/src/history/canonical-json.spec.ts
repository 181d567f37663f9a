import { canonicalJson, canonicalJsonCapturing, sha256Hex } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts object keys at every depth, whatever order they were written in', () => {
    const a = { b: 1, a: { z: [{ y: 'x', c: true }], d: null } };
    const b = { a: { d: null, z: [{ c: true, y: 'x' }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"d":null,"z":[{"c":true,"y":"x"}]},"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    expect(sha256Hex(canonicalJson(b))).toBe(sha256Hex(canonicalJson(a)));
  });

  it('orders keys by UTF-16 code units, as JavaScript compares strings', () => {
    expect(canonicalJson({ b: 1, B: 2, é: 3, a: 4, '10': 5, '9': 6 })).toBe(
      '{"10":5,"9":6,"B":2,"a":4,"b":1,"é":3}',
    );
  });

  it('drops undefined members, writes undefined array items as null and escapes strings like JSON.stringify', () => {
    expect(canonicalJson({ x: undefined, y: [undefined, 'a"b\\c\n\u0001'] })).toBe(
      JSON.stringify({ y: [null, 'a"b\\c\n\u0001'] }),
    );
    expect(canonicalJson({ 'quote"key': 1 })).toBe('{"quote\\"key":1}');
    expect(canonicalJson('plain')).toBe('"plain"');
    expect(canonicalJson(null)).toBe('null');
  });

  it('round-trips random documents to an equal value, equal to JSON.stringify when keys are already sorted', () => {
    let seed = 42;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const gen = (depth: number): unknown => {
      const kind = depth > 3 ? rand(3) : rand(5);
      if (kind === 0) return `s${rand(1000)}\t"`;
      if (kind === 1) return rand(2) === 0 ? rand(100000) : rand(2) === 0;
      if (kind === 2) return null;
      if (kind === 3) return Array.from({ length: rand(4) }, () => gen(depth + 1));
      return Object.fromEntries(Array.from({ length: rand(5) }, () => [`k${rand(20)}`, gen(depth + 1)]));
    };
    const sortDeep = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(sortDeep)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.keys(v)
                .sort()
                .map((k) => [k, sortDeep((v as Record<string, unknown>)[k])]),
            )
          : v;
    for (let i = 0; i < 300; i++) {
      const doc = gen(0);
      const text = canonicalJson(doc);
      expect(JSON.parse(text)).toEqual(doc);
      expect(text).toBe(JSON.stringify(sortDeep(doc)));
    }
  });

  it('writes objects with a prototype of their own, functions and arrays of them as it always did', () => {
    // Not JSON.stringify's output (which would call toJSON or drop the function member).
    expect(canonicalJson({ b: new Date(0), a: [new Date(0)] })).toBe('{"a":[{}],"b":{}}');
    expect(canonicalJson({ a: { c: 1, d: new Date(0) } })).toBe('{"a":{"c":1,"d":{}}}');
    expect(canonicalJson({ a: () => 1 })).toBe('{"a":undefined}');
    expect(canonicalJson({ '2': 'x', '10': 'y' })).toBe('{"10":"y","2":"x"}');
  });

  it('records the text as received of the members it is asked for, by member value, hashing the canonical one', () => {
    // protobuf's printer writes recordId before fields: not sorted, and kept as it came.
    const args = {
      record: {
        recordId: { packageId: 'p', moduleName: 'M', entityName: 'E' },
        fields: [{ label: 'b', value: { text: 'v' } }],
      },
    };
    const sorted = { record: { fields: [{ label: 'a', value: { int64: '1' } }] } };
    const texts = new Map<object, string>();
    const text = canonicalJsonCapturing(
      { z: 1, events: [{ create_arguments: args }, { create_arguments: sorted }, { create_arguments: 'x' }] },
      'create_arguments',
      texts,
    );
    expect(text).toBe(
      canonicalJson({
        z: 1,
        events: [{ create_arguments: args }, { create_arguments: sorted }, { create_arguments: 'x' }],
      }),
    );
    expect(texts.get(args)).toBe(
      '{"record":{"recordId":{"packageId":"p","moduleName":"M","entityName":"E"},"fields":[{"label":"b","value":{"text":"v"}}]}}',
    );
    expect(text).toContain(
      '{"record":{"fields":[{"label":"b","value":{"text":"v"}}],"recordId":{"entityName":"E","moduleName":"M","packageId":"p"}}}',
    );
    expect(texts.get(sorted)).toBe(canonicalJson(sorted));
    expect(texts.size).toBe(2);
  });
});
