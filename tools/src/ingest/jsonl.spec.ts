import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { readJsonLines } from './jsonl';

/** What `readline` makes of the file: the lines, as the reader had them before. */
async function readlineLines(file: string): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity }))
    lines.push(line);
  return lines;
}

async function collect(file: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const value of readJsonLines(file)) out.push(value);
  return out;
}

describe('readJsonLines', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jsonl-spec-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('reads the lines readline reads: \\n, \\r\\n and lone \\r endings, blank lines, no final newline', async () => {
    const text = '{"a":1}\n\n{"b":"x"}\r\n  \r\n{"c":[1,2]}\r{"d":null}\r\r{"e":true}\n{"f":"last"}';
    const path = file('endings.jsonl', text);
    const expected = (await readlineLines(path)).filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
    expect(await collect(path)).toEqual(expected);
    expect(expected).toHaveLength(6);
  });

  it('decodes multi-byte characters that straddle the chunks the file is read in', async () => {
    // Lines of 3- and 4-byte characters, long enough to cross several 64 KiB reads at every offset.
    const lines = Array.from({ length: 400 }, (_, i) =>
      JSON.stringify({ i, s: `${'é€𝄞'.repeat(40 + (i % 7))}${'x'.repeat(i % 3)}` }),
    );
    const path = file('utf8.jsonl', `${lines.join('\n')}\n`);
    expect(await collect(path)).toEqual(lines.map((l) => JSON.parse(l)));
  });

  it('names the file and line of a line that is not JSON, counting blank lines', async () => {
    const path = file('bad.jsonl', '{"a":1}\r\n\n{"b":\n');
    await expect(collect(path)).rejects.toThrow(`${path}:3: not valid JSON`);
  });
});
