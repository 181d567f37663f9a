import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsonLines, readUpdateSource, responseItems } from './update-source';

async function collect(source: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const value of source) out.push(value);
  return out;
}

/** Chunks of `text`'s bytes cut every `size` bytes (so tokens and characters straddle them). */
async function* chunked(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

// Items whose strings hold what a naive scanner would take for structure.
const ITEMS = [
  { update_id: 'a', s: 'braces } { and ] [ in a string, "quoted" \\ backslash \\"', n: [1, [2, {}]] },
  { update_id: 'b', multi: 'ünïcødé — 😀 ✓'.repeat(40), nested: { a: { b: { c: [] } } } },
  { update_id: 'c', empty: {}, list: [], nil: null, t: true },
];

describe('update sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'update-source-spec-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  /** `zstd` (the CLI) compresses `path` into `path + suffix`. */
  const zstd = (path: string, out: string) => {
    execFileSync('zstd', ['-q', '-f', path, '-o', out]);
    return out;
  };

  it('splits a saved POST /v2/updates answer into its items, whatever the chunking', async () => {
    for (const text of [
      JSON.stringify({ transactions: ITEMS }),
      JSON.stringify({ transactions: ITEMS }, null, 2),
      JSON.stringify({ transactions: [] }),
    ]) {
      const expected = (JSON.parse(text) as { transactions: unknown[] }).transactions;
      for (const size of [1, 2, 3, 7, 64, 1 << 16])
        expect(await collect(responseItems(chunked(text, size), 'answer'))).toEqual(expected);
    }
  });

  it('refuses an answer cut short or holding something else than objects', async () => {
    const text = JSON.stringify({ transactions: ITEMS });
    await expect(collect(responseItems(chunked(text.slice(0, -10), 5), 'cut.json'))).rejects.toThrow(
      'cut.json: ends before its "transactions" list does',
    );
    await expect(collect(responseItems(chunked('{"transactions": [1]}', 5), 'odd.json'))).rejects.toThrow(
      'odd.json: transactions[0] is not a JSON object',
    );
  });

  it('splits JSON Lines cut anywhere, and names the line that is not JSON', async () => {
    const text = ITEMS.map((i) => JSON.stringify(i)).join('\n') + '\n\n';
    for (const size of [1, 5, 1 << 16])
      expect(await collect(jsonLines(chunked(text, size), 'x'))).toEqual(ITEMS);
    await expect(collect(jsonLines(chunked('{"a":1}\n{oops\n', 4), 'bad.jsonl'))).rejects.toThrow(
      'bad.jsonl:2: not valid JSON',
    );
  });

  it('reads a saved answer and JSON Lines, plain or zstd-compressed (by name or by magic number)', async () => {
    const answer = file('answer.json', JSON.stringify({ transactions: ITEMS }, null, 2));
    const lines = file('items.jsonl', ITEMS.map((i) => JSON.stringify(i)).join('\n'));
    const sources = [
      answer,
      lines,
      zstd(answer, `${answer}.zst`),
      zstd(lines, join(dir, 'updates_0.zstd')),
      // A compressed object under a name that does not say so.
      zstd(lines, join(dir, 'object.bin')),
    ];
    for (const path of sources) expect(await collect(readUpdateSource(path))).toEqual(ITEMS);
  });

  it('streams a zstd JSON Lines object: the first update comes before the file is read whole', async () => {
    // Incompressible lines, so the compressed object spans many reads.
    const line = () =>
      JSON.stringify({
        update_id: randomBytes(16).toString('hex'),
        pad: randomBytes(3000).toString('base64'),
      });
    const count = 1500;
    const path = file('big.jsonl', Array.from({ length: count }, line).join('\n') + '\n');
    const object = zstd(path, `${path}.zst`);
    const size = statSync(object).size;
    expect(size).toBeGreaterThan(4 << 20);
    let read = 0;
    let readAtFirst = -1;
    let n = 0;
    for await (const value of readUpdateSource(object, { onBytes: (b) => (read += b) })) {
      if (n === 0) readAtFirst = read;
      expect(typeof (value as { update_id: unknown }).update_id).toBe('string');
      n++;
    }
    expect(n).toBe(count);
    expect(read).toBe(size);
    expect(readAtFirst).toBeLessThan(size / 8);
  });
});
