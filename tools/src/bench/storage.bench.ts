// bench:storage — loads a simulated history of N updates (default 100,000; `--updates N`) into a
// fresh scratch database through the LedgerWriter (the ingest path), then prints every table's
// rows, heap, TOAST and index bytes, each also per update, and the same history's size as
// lossless JSON Lines (the history file the ingest read), raw and zstd-compressed as the bulk
// history objects are. `--backend embedded` measures in-process PGlite instead of the real
// PostgreSQL; `--vacuum-full` also prints each table's total after VACUUM FULL (what the
// writer's row updates leave behind); `--keep` keeps the scratch database.
import { Client } from 'pg';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataSource, ingestUpdates, LedgerWriter } from '@canton-scan/domain';
import { createScratchDatabase, realServerReachable, type TestBackend } from '@canton-scan/testing';
import { parseArgs } from '../ingest/cli-args';
import { readJsonLines } from '../ingest/jsonl';
import { fmt, seconds, writeBenchFigures, writeSimulatedHistoryFile, type BenchFigure } from './bench-util';
import {
  formatStorageTable,
  jsonLinesSizes,
  measureTables,
  tableBytes,
  type TableSize,
} from './storage-sizes';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), {
    updates: 'int',
    backend: 'string',
    'vacuum-full': 'flag',
    keep: 'flag',
  });
  const target = (args.updates as number | undefined) ?? 100_000;
  const backend = ((args.backend as string | undefined) ?? 'postgres') as TestBackend;
  if (backend !== 'postgres' && backend !== 'embedded')
    throw new Error(`--backend must be postgres or embedded, got "${backend}"`);
  if (backend === 'postgres' && !(await realServerReachable()))
    throw new Error(
      'bench:storage needs a real PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432), or --backend embedded',
    );

  // The history as a scan records it: each update with its verdict and hosting items.
  let t = performance.now();
  const file = join(tmpdir(), `css-bench-storage-${process.pid}.jsonl`);
  const updates = await writeSimulatedHistoryFile(file, target, { synchronizerItems: true });
  console.log(
    `generated ${fmt(updates)} updates (with their verdict and hosting lines) in ${seconds(t).toFixed(1)} s`,
  );

  const scratch = await createScratchDatabase(`css_bench_storage_${process.pid}`, backend);
  const dataSource = createDataSource(scratch.url, {
    poolSize: 2,
    connectTimeoutMs: 5000,
    statementTimeoutMs: 0,
  });
  await dataSource.initialize();
  const client = new Client({ connectionString: scratch.url });
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    t = performance.now();
    const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
    const { contractsCreated } = await ingestUpdates(writer, readJsonLines(file), { batchSize: 2000 });
    console.log(
      `ingested through the LedgerWriter: ${fmt(updates)} updates, ${fmt(contractsCreated)} contracts in ${seconds(t).toFixed(1)} s`,
    );
    await client.connect();
    // Dead row versions are marked free (file sizes stay what the writer left: the store's real size).
    await client.query('VACUUM');
    const tables = await measureTables(client);
    const history = await jsonLinesSizes(file);

    const where = backend === 'postgres' ? 'real PostgreSQL' : 'embedded PGlite';
    const version = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v"))
      .rows[0].v;
    console.log(
      `\nstore of ${fmt(updates)} updates on ${where} ${version} (bytes per update = bytes / ${fmt(updates)})`,
    );
    for (const line of formatStorageTable(tables, updates)) console.log(line);
    const total = tables.reduce((s, x) => s + tableBytes(x), 0);
    const per = (bytes: number) => bytes / updates;
    console.log('');
    console.log(
      `history as lossless JSON Lines : ${fmt(history.rawBytes / 1024 / 1024, 1)} MiB, ${fmt(per(history.rawBytes), 1)} B/update`,
    );
    console.log(
      `  zstd (level 3, ${history.frames} frames)  : ${fmt(history.zstdBytes / 1024 / 1024, 1)} MiB, ${fmt(per(history.zstdBytes), 1)} B/update`,
    );
    console.log(
      `store / JSON Lines: ${(total / history.rawBytes).toFixed(2)}x raw, ${(total / history.zstdBytes).toFixed(1)}x zstd`,
    );

    let compacted: TableSize[] | undefined;
    if (args['vacuum-full']) {
      await client.query('VACUUM FULL');
      compacted = await measureTables(client);
      console.log('\nafter VACUUM FULL (total B/update: as written -> compacted)');
      for (const after of compacted) {
        const before = tables.find((x) => x.name === after.name);
        if (!before || tableBytes(before) === 0) continue;
        console.log(
          `  ${after.name.padEnd(32)} ${fmt(per(tableBytes(before)), 1).padStart(9)} -> ${fmt(per(tableBytes(after)), 1).padStart(9)}`,
        );
      }
      const compactTotal = compacted.reduce((s, x) => s + tableBytes(x), 0);
      console.log(
        `  ${'total'.padEnd(32)} ${fmt(per(total), 1).padStart(9)} -> ${fmt(per(compactTotal), 1).padStart(9)}`,
      );
    }

    const figures: BenchFigure[] = [
      {
        label: `store bytes per update (${where}, ${fmt(updates)} updates)`,
        value: Math.round(per(total)),
        unit: 'B',
      },
      ...tables
        .filter((x) => x.rows > 0) // the empty tables (their first pages) would only crowd the summary
        .map((x) => ({
          label: `${x.name} bytes per update`,
          value: Math.round(per(tableBytes(x))),
          unit: 'B',
        })),
      { label: 'lossless JSON Lines per update', value: Math.round(per(history.rawBytes)), unit: 'B' },
      {
        label: 'lossless JSON Lines, zstd, per update',
        value: Math.round(per(history.zstdBytes)),
        unit: 'B',
      },
    ];
    if (compacted)
      figures.push({
        label: 'store bytes per update after VACUUM FULL',
        value: Math.round(per(compacted.reduce((s, x) => s + tableBytes(x), 0))),
        unit: 'B',
      });
    writeBenchFigures('storage', figures);
  } finally {
    rmSync(file, { force: true });
    await client.end().catch(() => undefined);
    await dataSource.destroy();
    if (!args.keep || backend === 'embedded') await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
