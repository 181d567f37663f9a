/**
 * What bench:storage measures: the bytes of every table of a store (heap, TOAST, each index; a
 * partitioned table as the sum of its partitions) and the size of a JSON-lines history file,
 * raw and zstd-compressed in frames as the bulk history objects are.
 */
import { createReadStream } from 'node:fs';
import { compress } from '@bokuweb/zstd-wasm';
import { BULK_FRAME_BYTES, BULK_ZSTD_LEVEL, zstdReady } from '@canton-scan/domain';
import { fmt } from './bench-util';

export interface IndexSize {
  name: string;
  bytes: number;
}

export interface TableSize {
  name: string;
  rows: number;
  /** Main fork, free space map and visibility map, of every partition. */
  heapBytes: number;
  /** The TOAST table and its index, of every partition. */
  toastBytes: number;
  indexes: IndexSize[];
}

export interface Queryable {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export const tableBytes = (t: TableSize): number =>
  t.heapBytes + t.toastBytes + t.indexes.reduce((sum, i) => sum + i.bytes, 0);

/**
 * Every table of the public schema that is not itself a partition, with its partitions' sizes
 * summed into it (an index of a partitioned table: its partitions' copies summed; a plain table
 * has no partition tree, hence the UNION with itself). Rows are counted exactly.
 */
export async function measureTables(db: Queryable): Promise<TableSize[]> {
  const { rows: tables } = await db.query<{ name: string; oid: number }>(
    `SELECT c.relname AS name, c.oid::int AS oid FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`,
  );
  const out: TableSize[] = [];
  for (const table of tables) {
    const [sizes] = (
      await db.query<{ heap: string; toast: string }>(
        `SELECT coalesce(sum(pg_table_size(c.oid) - coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0)), 0)::text AS heap,
                coalesce(sum(coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0)), 0)::text AS toast
           FROM (SELECT relid FROM pg_partition_tree($1::int::oid) UNION SELECT $1::int::oid) t JOIN pg_class c ON c.oid = t.relid`,
        [table.oid],
      )
    ).rows;
    const { rows: indexes } = await db.query<{ name: string; bytes: string }>(
      `SELECT i.relname AS name,
              (SELECT coalesce(sum(pg_relation_size(t.relid)), 0)
                 FROM (SELECT relid FROM pg_partition_tree(i.oid) UNION SELECT i.oid) t)::text AS bytes
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indrelid = $1::int::oid
        ORDER BY i.relname`,
      [table.oid],
    );
    const [{ n }] = (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${table.name}"`)).rows;
    out.push({
      name: table.name,
      rows: Number(n),
      heapBytes: Number(sizes.heap),
      toastBytes: Number(sizes.toast),
      indexes: indexes.map((i) => ({ name: i.name, bytes: Number(i.bytes) })),
    });
  }
  return out;
}

export interface FileSizes {
  rawBytes: number;
  zstdBytes: number;
  frames: number;
}

/**
 * A JSON-lines file's bytes, and its bytes as zstd frames cut after the line that reaches
 * BULK_FRAME_BYTES, at the bulk objects' level (what the bulk history objects store).
 */
export async function jsonLinesSizes(file: string, frameBytes = BULK_FRAME_BYTES): Promise<FileSizes> {
  await zstdReady();
  const sizes: FileSizes = { rawBytes: 0, zstdBytes: 0, frames: 0 };
  const cut = (frame: Buffer) => {
    sizes.zstdBytes += compress(frame, BULK_ZSTD_LEVEL).byteLength;
    sizes.frames += 1;
  };
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    sizes.rawBytes += chunk.byteLength;
    pending = pending.byteLength === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (pending.byteLength < frameBytes) break;
      const end = pending.indexOf(10, frameBytes - 1);
      if (end < 0) break;
      cut(pending.subarray(0, end + 1));
      pending = pending.subarray(end + 1);
    }
  }
  if (pending.byteLength > 0) cut(pending);
  return sizes;
}

/** The table bench:storage prints: every table with its indexes below it, bytes and bytes per update. */
export function formatStorageTable(tables: readonly TableSize[], updates: number): string[] {
  const per = (bytes: number) => fmt(bytes / updates, 1);
  const kib = (bytes: number) => fmt(bytes / 1024);
  const rows: string[][] = [
    [
      'table / index',
      'rows',
      'rows/upd',
      'heap KiB',
      'B/upd',
      'TOAST KiB',
      'B/upd',
      'index KiB',
      'B/upd',
      'total B/upd',
    ],
  ];
  const sorted = [...tables].sort((a, b) => tableBytes(b) - tableBytes(a) || a.name.localeCompare(b.name));
  for (const t of sorted) {
    const indexBytes = tableBytes(t) - t.heapBytes - t.toastBytes;
    rows.push([
      t.name,
      fmt(t.rows),
      fmt(t.rows / updates, 2),
      kib(t.heapBytes),
      per(t.heapBytes),
      kib(t.toastBytes),
      per(t.toastBytes),
      kib(indexBytes),
      per(indexBytes),
      per(tableBytes(t)),
    ]);
    for (const i of [...t.indexes].sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name)))
      rows.push([`  ${i.name}`, '', '', '', '', '', '', kib(i.bytes), per(i.bytes), '']);
  }
  const sum = (f: (t: TableSize) => number) => tables.reduce((s, t) => s + f(t), 0);
  const heap = sum((t) => t.heapBytes);
  const toast = sum((t) => t.toastBytes);
  const total = sum(tableBytes);
  rows.push([
    'total',
    fmt(sum((t) => t.rows)),
    '',
    kib(heap),
    per(heap),
    kib(toast),
    per(toast),
    kib(total - heap - toast),
    per(total - heap - toast),
    per(total),
  ]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) =>
    r
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
      .join('  ')
      .trimEnd(),
  );
}
