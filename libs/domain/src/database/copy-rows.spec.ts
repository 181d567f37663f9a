import { Writable } from 'node:stream';
import { copyRows, encodeRows, type CopyColumn } from './copy-rows';

/** A fake connection capturing what COPY would receive. */
function capture(): { client: never; sql: () => string; data: () => string } {
  let sql = '';
  let data = '';
  const client = {
    query(stream: { text: string }) {
      sql = stream.text;
      return new Writable({
        write(chunk: Buffer, _enc, cb) {
          data += chunk.toString();
          cb();
        },
      });
    },
  };
  return { client: client as never, sql: () => sql, data: () => data };
}

describe('copyRows', () => {
  interface Row {
    id: number;
    name: string | null;
    ok: boolean;
    doc: unknown;
    parties: string[];
    nodes: number[];
  }
  const columns: CopyColumn<Row>[] = [
    { name: 'id', kind: 'int', get: (r) => r.id },
    { name: 'name', kind: 'text', get: (r) => r.name },
    { name: 'ok', kind: 'bool', get: (r) => r.ok },
    { name: 'doc', kind: 'json', get: (r) => r.doc },
    { name: 'parties', kind: 'textArray', get: (r) => r.parties },
    { name: 'nodes', kind: 'intArray', get: (r) => r.nodes },
  ];

  it('renders the COPY text format with escapes, NULLs and array literals', async () => {
    const fake = capture();
    await copyRows(fake.client, 't', columns, [
      { id: 1, name: 'a\tb\\c\nd', ok: true, doc: { x: 'q"\\' }, parties: ['p::1', 'we"ird'], nodes: [1, 2] },
      { id: 2, name: null, ok: false, doc: null, parties: [], nodes: [] },
      { id: 3, name: 'plain', ok: true, doc: { y: ['line\nbreak', 'tab\t'] }, parties: ['p::2'], nodes: [3] },
      { id: 4, name: 'x', ok: false, doc: { z: 'no escapes' }, parties: [], nodes: [] },
    ]);
    expect(fake.sql()).toBe('COPY t ("id", "name", "ok", "doc", "parties", "nodes") FROM STDIN');
    expect(fake.data()).toBe(
      '1\ta\\tb\\\\c\\nd\tt\t{"x":"q\\\\"\\\\\\\\"}\t{"p::1","we\\\\"ird"}\t{1,2}\n' +
        '2\t\\N\tf\t\\N\t{}\t{}\n' +
        // JSON escapes control characters itself; its backslashes are doubled for COPY.
        '3\tplain\tt\t{"y":["line\\\\nbreak","tab\\\\t"]}\t{"p::2"}\t{3}\n' +
        '4\tx\tf\t{"z":"no escapes"}\t{}\t{}\n',
    );
  });

  it('sends rows encoded ahead of the load as the text it would encode itself, chunk boundaries included', async () => {
    // Over 1 MiB of text: more than one chunk.
    const rows: Row[] = Array.from({ length: 3000 }, (_, i) => ({
      id: i,
      name: `n\t${i}`.repeat(40),
      ok: i % 2 === 0,
      doc: { i, s: 'x\\y'.repeat(20) },
      parties: [`p::${i}`],
      nodes: [i, i + 1],
    }));
    const direct = capture();
    await copyRows(direct.client, 't', columns, rows);
    const encoded = encodeRows(columns, rows);
    expect(encoded.length).toBeGreaterThan(1);
    const ahead = capture();
    await copyRows(ahead.client, 't', columns, rows, encoded);
    expect(ahead.sql()).toBe(direct.sql());
    expect(ahead.data()).toBe(direct.data());
    expect(encoded.join('')).toBe(direct.data());
    // What is sent is the encoded text given, not the rows encoded again.
    const given = capture();
    await copyRows(given.client, 't', columns, rows, ['1\tgiven\n']);
    expect(given.data()).toBe('1\tgiven\n');
  });
});
