import { createHash } from 'node:crypto';
import { decompress } from 'fzstd';
import type { BulkHistoryRepository } from './bulk-history.repository';
import { BulkObjectWriter } from './bulk-object-writer';

/** What a writer stored, in memory. */
function memoryRepository() {
  const frames = new Map<string, Buffer[]>();
  const objects: { key: string; index: number; digest: string; size: number }[] = [];
  const folders: { kind: string; folder: string; count: number }[] = [];
  const repository = {
    insertFrame: async (key: string, index: number, bytes: Uint8Array) => {
      const list = frames.get(key) ?? [];
      expect(index).toBe(list.length);
      list.push(Buffer.from(bytes));
      frames.set(key, list);
    },
    insertObject: async (
      key: string,
      _kind: string,
      _folder: string,
      index: number,
      digest: string,
      size: number,
    ) => {
      objects.push({ key, index, digest, size });
    },
    insertFolder: async (kind: string, folder: string, count: number) => {
      folders.push({ kind, folder, count });
    },
  };
  return { repository: repository as unknown as BulkHistoryRepository, frames, objects, folders };
}

const lines = Array.from({ length: 500 }, (_, i) => JSON.stringify({ i, text: `line ${i} `.repeat(i % 7) }));

async function writeAll(frameBytes: number, maxObjectBytes: number) {
  const store = memoryRepository();
  const writer = new BulkObjectWriter(store.repository, 'updates', 'A~B', frameBytes, maxObjectBytes);
  for (const line of lines) await writer.write(line);
  const count = await writer.finish();
  return { ...store, count };
}

describe('BulkObjectWriter', () => {
  it('cuts frames and objects by size, each object a zstd stream of its lines with its sha256', async () => {
    const { frames, objects, folders, count } = await writeAll(2_000, 3_000);
    expect(count).toBeGreaterThan(1);
    expect(folders).toEqual([{ kind: 'updates', folder: 'A~B', count }]);
    expect(objects.map((o) => o.key)).toEqual(
      Array.from({ length: count }, (_, n) => `A~B/updates_compact_json_${n}.zstd`),
    );
    let text = '';
    for (const object of objects) {
      const parts = frames.get(object.key)!;
      const bytes = Buffer.concat(parts);
      expect(bytes.length).toBe(object.size);
      expect(createHash('sha256').update(bytes).digest('base64')).toBe(object.digest);
      // Every object but the last reaches the size bound; frames concatenate into one zstd stream.
      if (object !== objects[objects.length - 1]) expect(object.size).toBeGreaterThanOrEqual(3_000);
      text += Buffer.from(decompress(bytes)).toString('utf8');
    }
    expect([...frames.values()].flat().length).toBeGreaterThan(count);
    expect(text).toBe(lines.map((l) => `${l}\n`).join(''));
  });

  it('writes the same bytes for the same lines', async () => {
    const a = await writeAll(2_000, 3_000);
    const b = await writeAll(2_000, 3_000);
    expect(b.objects).toEqual(a.objects);
  });

  it('records a folder with no object when no line was written', async () => {
    const store = memoryRepository();
    expect(await new BulkObjectWriter(store.repository, 'ACS', 'C~D').finish()).toBe(0);
    expect(store.objects).toEqual([]);
    expect(store.folders).toEqual([{ kind: 'ACS', folder: 'C~D', count: 0 }]);
  });
});
