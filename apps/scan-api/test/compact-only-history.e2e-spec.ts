import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { ingestUpdates, LedgerWriter, readUpdateSource, timestampToMicros } from '@canton-scan/domain';
import {
  callChecked,
  expectCleanFuzzCampaign,
  runFuzzCampaign,
  sampleStore,
  startTestApp,
  storeContentHashes,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/**
 * Compact-only history (docs/compact-only.md): the MainNet network's first 25 updates,
 * as a MainNet scan answered `POST /v2/updates` in `compact_json` (`<repo>/../shared`, a sibling
 * of the repository), loaded with the compact ingest as that saved answer and again as a zstd
 * JSON Lines object (the bulk-download format), are served back as given, feed the derived
 * state, are refused in the lossless encoding, and no scan endpoint answers 5xx over them.
 */
const SAMPLES = join(__dirname, '../../../../shared/api/samples/mainnet-2026-01-30');
const ANSWER = join(SAMPLES, 'scan.v2.updates.json');
const DSO = 'DSO::1220b1431ef217342db44d516bb9befde802be7d8899637d290895fa58880f19accc';
/** The validator the 25 updates onboard (its ValidatorLicense collects rounds 0 and 1). */
const VALIDATOR = 'Digital-Asset-2::12209b21d512c6a7e2f5d215266fe6568cb732caaef7ff04e308f990a652340d3529';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const items = (JSON.parse(readFileSync(ANSWER, 'utf8')) as { transactions: { [key: string]: Json }[] })
  .transactions;

/** A value with its null object members left out: compact values are compared modulo them (facts.md, the upgrade rule). */
function withoutNulls(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = withoutNulls(v);
  return out;
}

async function ingestCompact(dataSource: DataSource, file: string): Promise<number> {
  const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3, payloadEncoding: 'compact' });
  const progress = await ingestUpdates(writer, readUpdateSource(file), { batchSize: 10 });
  return progress.appended;
}

describe('compact-only history (real MainNet updates)', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;
  const dir = mkdtempSync(join(tmpdir(), 'compact-only-'));

  /** The saved answer as a bulk-download object: zstd JSON Lines, one item per line, keys sorted. */
  const zstdObject = (): string => {
    const sortKeys = (v: Json): Json =>
      Array.isArray(v)
        ? v.map(sortKeys)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(
              Object.keys(v)
                .sort()
                .map((k) => [k, sortKeys(v[k])]),
            )
          : v;
    const lines = join(dir, 'updates_0.jsonl');
    writeFileSync(lines, items.map((i) => JSON.stringify(sortKeys(i))).join('\n') + '\n');
    const object = join(dir, 'updates_0.zstd');
    execFileSync('zstd', ['-q', '-f', lines, '-o', object]);
    return object;
  };
  const sources: [string, () => string][] = [
    ['the saved POST /v2/updates answer', () => ANSWER],
    ['a zstd JSON Lines object', zstdObject],
  ];

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(async () => {
    await running.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe.each(sources)('loaded from %s', (_, source) => {
    beforeEach(async () => {
      expect(await ingestCompact(db.dataSource, source())).toBe(items.length);
    });

    it('serves every update back by id and in the update list as given (modulo null fields), marked compact-only', async () => {
      for (const item of items) {
        const id = item.update_id as string;
        const res = await callChecked(
          scanSpec,
          'getUpdateByIdV2',
          scanApi.getUpdateByIdV2({ client, path: { update_id: id } }),
        );
        expect(res.status).toBe(200);
        expect(withoutNulls(res.body as Json)).toEqual(withoutNulls(item));
        const v0 = await callChecked(
          scanSpec,
          'getUpdateById',
          scanApi.getUpdateById({ client, path: { update_id: id } }),
        );
        expect(v0.body).toEqual(res.body);
      }
      // The deprecated v1 list: the same items, each transaction with upstream's constant offset.
      const v1 = await callChecked(
        scanSpec,
        'getUpdateHistoryV1',
        scanApi.getUpdateHistoryV1({ client, body: { page_size: 100 } }),
      );
      expect(withoutNulls((v1.body as { transactions: Json[] }).transactions)).toEqual(
        withoutNulls(items.map((i) => ({ ...i, offset: '000000000000000001' }))),
      );
      const page = await callChecked(
        scanSpec,
        'getUpdateHistoryV2',
        scanApi.getUpdateHistoryV2({ client, body: { page_size: 100, daml_value_encoding: 'compact_json' } }),
      );
      expect(withoutNulls((page.body as { transactions: Json[] }).transactions)).toEqual(withoutNulls(items));
      // Paged in threes from the middle, as explorers page.
      const paged: Json[] = [];
      let after: scanApi.UpdateHistoryRequestAfter | undefined;
      for (;;) {
        const { body } = await callChecked(
          scanSpec,
          'getUpdateHistoryV2',
          scanApi.getUpdateHistoryV2({ client, body: { page_size: 3, after } }),
        );
        const txs = (body as { transactions: { migration_id: number; record_time: string }[] }).transactions;
        if (txs.length === 0) break;
        paged.push(...(txs as unknown as Json[]));
        const last = txs[txs.length - 1];
        after = { after_migration_id: last.migration_id, after_record_time: last.record_time };
      }
      expect(withoutNulls(paged)).toEqual(withoutNulls(items));
      const rows: { compact_only: boolean; ledger_offset: string | null }[] = await db.dataSource.query(
        'SELECT compact_only, ledger_offset FROM updates',
      );
      expect(rows).toHaveLength(items.length);
      expect(rows.every((r) => r.compact_only && r.ledger_offset === null)).toBe(true);
    });

    it('refuses lossless reads over it with a 409 naming the update, in every lossless form', async () => {
      const first = items[0].update_id as string;
      const expectConflict = (res: { status: number; body: unknown }, updateId = first) => {
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ error: expect.stringContaining(`update ${updateId}`) });
        expect((res.body as { error: string }).error).toContain('without type information');
      };
      for (const op of ['getUpdateByIdV2', 'getUpdateById'] as const)
        expectConflict(
          await callChecked(
            scanSpec,
            op,
            scanApi[op]({
              client,
              path: { update_id: items[5].update_id as string },
              query: { lossless: true },
            }),
          ),
          items[5].update_id as string,
        );
      const body = { page_size: 10, daml_value_encoding: 'protobuf_json' as const };
      expectConflict(
        await callChecked(scanSpec, 'getUpdateHistoryV2', scanApi.getUpdateHistoryV2({ client, body })),
      );
      expectConflict(
        await callChecked(scanSpec, 'getUpdateHistoryV1', scanApi.getUpdateHistoryV1({ client, body })),
      );
      // updates-before (newest first, its body written by PostgreSQL) names the page's newest update.
      const { migration_id, synchronizer_id } = items[0] as { migration_id: number; synchronizer_id: string };
      const newest = items
        .filter((i) => i.migration_id === migration_id && i.synchronizer_id === synchronizer_id)
        .reduce((a, b) =>
          timestampToMicros(b.record_time as string) > timestampToMicros(a.record_time as string) ? b : a,
        );
      expectConflict(
        await callChecked(
          scanSpec,
          'getUpdatesBefore',
          scanApi.getUpdatesBefore({
            client,
            body: { migration_id, synchronizer_id, before: '9999-12-31T23:59:59.999999Z', count: 10 },
          }),
        ),
        newest.update_id as string,
      );
    });

    it('derives the DSO info and the validator faucets from the compact payloads', async () => {
      const dso = await callChecked(scanSpec, 'getDsoInfo', scanApi.getDsoInfo({ client }));
      expect(dso.status).toBe(200);
      expect(dso.body).toMatchObject({ dso_party_id: DSO });
      const faucets = await callChecked(
        scanSpec,
        'getValidatorFaucetsByValidator',
        scanApi.getValidatorFaucetsByValidator({ client, query: { validator_ids: [VALIDATOR] } }),
      );
      expect(faucets.status).toBe(200);
      expect(faucets.body).toEqual({
        validatorsReceivedFaucets: [
          {
            validator: VALIDATOR,
            numRoundsCollected: 2,
            numRoundsMissed: 0,
            firstCollectedInRound: 0,
            lastCollectedInRound: 1,
          },
        ],
      });
    });
  });

  it('loads the same updates once whichever form they come in (the second load skips them)', async () => {
    expect(await ingestCompact(db.dataSource, ANSWER)).toBe(items.length);
    expect(await ingestCompact(db.dataSource, zstdObject())).toBe(0);
  });

  it('refuses the lossless import updates of a migration opened from compact-only history with a 409', async () => {
    // The first ValidatorLicense of the 25 updates, re-created by an import update of migration 1.
    const license = Object.values(
      items.find((i) =>
        Object.values(i.events_by_id as { [id: string]: { template_id: string } }).some((e) =>
          e.template_id.endsWith(':Splice.ValidatorLicense:ValidatorLicense'),
        ),
      )!.events_by_id as { [id: string]: { [key: string]: Json } },
    ).find((e) => (e.template_id as string).endsWith(':Splice.ValidatorLicense:ValidatorLicense'))!;
    const contractId = license.contract_id as string;
    const importUpdate = {
      update_id: contractId,
      migration_id: 1,
      workflow_id: '',
      record_time: '0001-01-01T00:00:00.000000Z',
      synchronizer_id: items[0].synchronizer_id,
      effective_at: license.created_at,
      offset: '',
      root_event_ids: [`${contractId}:0`],
      events_by_id: { [`${contractId}:0`]: { ...license, event_id: `${contractId}:0` } },
    };
    const file = join(dir, 'imports.jsonl');
    writeFileSync(file, `${JSON.stringify(importUpdate)}\n`);
    expect(await ingestCompact(db.dataSource, file)).toBe(1);
    const res = await callChecked(
      scanSpec,
      'getImportUpdates',
      scanApi.getImportUpdates({ client, body: { migration_id: 1, after_update_id: '', limit: 10 } }),
    );
    expect(res.status).toBe(409);
    expect((res.body as { error: string }).error).toContain(
      `update ${contractId} was loaded without type information`,
    );
    // In compact_json it is served as given.
    const compact = await callChecked(
      scanSpec,
      'getUpdateByIdV2',
      scanApi.getUpdateByIdV2({ client, path: { update_id: contractId } }),
    );
    expect(withoutNulls(compact.body as Json)).toEqual(withoutNulls(importUpdate as unknown as Json));
  });

  it('takes ACS snapshots over it that serve the compact payloads as given', async () => {
    await ingestCompact(db.dataSource, ANSWER);
    // A later update (a fresh price vote, 7 hours on) carries the history past the first snapshot time.
    const vote = Object.values(items[0].events_by_id as { [id: string]: { [key: string]: Json } }).find((e) =>
      (e.template_id as string).endsWith(':Splice.DSO.AmuletPrice:AmuletPriceVote'),
    )!;
    const updateId = `1220${'ab'.repeat(32)}`;
    const contractId = `00${'cd'.repeat(34)}`;
    const later = {
      ...items[items.length - 1],
      update_id: updateId,
      record_time: '2024-06-25T04:00:00.000000Z',
      effective_at: '2024-06-25T04:00:00Z',
      root_event_ids: [`${updateId}:0`],
      events_by_id: {
        [`${updateId}:0`]: {
          ...vote,
          event_id: `${updateId}:0`,
          contract_id: contractId,
          created_at: '2024-06-25T04:00:00Z',
        },
      },
    };
    const file = join(dir, 'later.jsonl');
    writeFileSync(file, `${JSON.stringify(later)}\n`);
    expect(await ingestCompact(db.dataSource, file)).toBe(1);
    const at = await callChecked(
      scanSpec,
      'getDateOfMostRecentSnapshotBefore',
      scanApi.getDateOfMostRecentSnapshotBefore({
        client,
        query: { before: '2024-06-25T04:00:00Z', migration_id: 0 },
      }),
    );
    // Snapshots every 3 hours from the first whole 3 hours after the first update: 00:00, 03:00.
    expect(at.body).toEqual({ record_time: '2024-06-25T03:00:00.000000Z' });
    const acs = await callChecked(
      scanSpec,
      'getAcsSnapshotAt',
      scanApi.getAcsSnapshotAt({
        client,
        body: { migration_id: 0, record_time: '2024-06-25T03:00:00Z', page_size: 100 },
      }),
    );
    expect(acs.status).toBe(200);
    const events = (acs.body as { created_events: { contract_id: string; create_arguments: Json }[] })
      .created_events;
    // Every contract created by the 25 updates and not archived by them, with its arguments as given.
    const createdArgs = new Map<string, Json>();
    for (const i of items)
      for (const e of Object.values(i.events_by_id as { [id: string]: { [key: string]: Json } })) {
        if (e.event_type === 'created_event') createdArgs.set(e.contract_id as string, e.create_arguments);
        else if (e.consuming) createdArgs.delete(e.contract_id as string);
      }
    expect(events.length).toBe(createdArgs.size);
    for (const e of events) expect(e.create_arguments).toEqual(createdArgs.get(e.contract_id));
  });

  it('answers generated requests to every scan endpoint over it without a 5xx, as the spec declares', async () => {
    await ingestCompact(db.dataSource, ANSWER);
    const samples = await sampleStore((sql) => db.dataSource.query(sql));
    const requests = 1800;
    const report = await runFuzzCampaign({
      groups: [
        {
          name: 'scan',
          spec: scanSpec,
          base: running.origin + running.config.scanApi.prefix,
          errorFormat: 'json',
        },
      ],
      samples,
      requests,
      seed: 27,
      storeHashes: () => storeContentHashes(db.dataSource),
    });
    expectCleanFuzzCampaign(report, requests, 20);
  });
});
