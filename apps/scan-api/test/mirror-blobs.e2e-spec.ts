import { createScanProxyClient, scanProxyApi, scanProxySpec } from '@canton-scan/contracts';
import type { DataSource } from 'typeorm';
import { LedgerWriter, SpliceTemplates } from '@canton-scan/domain';
import { ScanMirror } from '@canton-scan/mirror';
import {
  callChecked,
  createdOf,
  signDevelopmentToken,
  startTestApp,
  TokenNetworkFixture,
  useKnownLedgerUser,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import { FAST_POLICY, openSourceStore, type SourceStore } from './mirror.fixture';

async function post(origin: string, path: string, body: unknown): Promise<{ status: number; body: string }> {
  const res = await fetch(`${origin}/api/scan${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text() };
}

/** Every page of the ACS snapshot at `recordTime`, as served. */
async function acsPages(origin: string, recordTime: string): Promise<string[]> {
  const pages: string[] = [];
  let after: number | undefined;
  do {
    const page = await post(origin, '/v0/state/acs', {
      migration_id: 0,
      record_time: recordTime,
      page_size: 3,
      after,
    });
    expect(page.status).toBe(200);
    pages.push(page.body);
    after = JSON.parse(page.body).next_page_token;
  } while (after !== undefined);
  return pages;
}

const snapshotTimes = async (dataSource: DataSource): Promise<string[]> =>
  (
    await dataSource.query(
      `SELECT record_time FROM acs_snapshots WHERE migration_id = 0 ORDER BY record_time`,
    )
  ).map((r: { record_time: string }) => r.record_time);

describe('created event blobs of a mirrored store', () => {
  // The mirror's store: the worker's database, emptied before each test.
  const worker = useTestDatabase();
  // The proxy serves known ledger users only.
  useKnownLedgerUser(() => worker.dataSource, 'wallet');
  let source: SourceStore;
  let target: RunningTestApp;
  const f = new TokenNetworkFixture();
  const genesis = f.genesis();
  const early = f.after(600).allocation();
  const ticks = [f.after(4 * 3600).tap(), f.after(4 * 3600).tap()];
  // Created after the last snapshot: no peer serves its LockedAmulet's blob.
  const late = f.after(60).allocation();

  beforeAll(async () => {
    source = await openSourceStore();
    target = await startTestApp(createScanApp, worker.dataSource);
    await new LedgerWriter(source.dataSource, { snapshotIntervalHours: 3 }).append([
      genesis,
      early,
      ...ticks,
      late,
    ]);
  }, 120_000);
  afterAll(async () => {
    await target?.close();
    await source?.close();
  });

  const mirror = () =>
    new ScanMirror(worker.dataSource, {
      peers: [`${source.app.origin}/api/scan`],
      snapshotIntervalHours: 3,
      policy: FAST_POLICY,
    }).run({ once: true });

  const withdrawContext = async (allocationId: string) => {
    const token = await signDevelopmentToken({ sub: 'wallet' });
    const client = createScanProxyClient({
      baseUrl: target.origin + target.config.scanApi.validatorPrefix,
      auth: () => token,
    });
    return callChecked(
      scanProxySpec,
      'proxyGetAllocationWithdrawContextV1',
      scanProxyApi.proxyGetAllocationWithdrawContextV1({ client, path: { allocationId }, body: {} }),
    );
  };

  it('serves the same ACS pages as the source at every snapshot time, and migration 0 as complete', async () => {
    await mirror();
    const times = await snapshotTimes(worker.dataSource);
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect(times).toEqual(await snapshotTimes(source.dataSource));
    for (const t of times)
      expect(await acsPages(target.origin, t)).toEqual(await acsPages(source.app.origin, t));
    const info = await post(target.origin, '/v0/backfilling/migration-info', { migration_id: 0 });
    expect(JSON.parse(info.body)).toMatchObject({ complete: true });
  }, 120_000);

  it('stores the blobs the peers serve and serves them unchanged (GET /v0/dso)', async () => {
    await mirror();
    const [ours, theirs] = await Promise.all(
      [target.origin, source.app.origin].map(async (o) => (await fetch(`${o}/api/scan/v0/dso`)).json()),
    );
    expect(ours.amulet_rules.contract.created_event_blob).toBe(
      theirs.amulet_rules.contract.created_event_blob,
    );
    expect(ours.dso_rules).toEqual(theirs.dso_rules);
    const amuletRules = createdOf(genesis, SpliceTemplates.AmuletRules);
    const [row] = await worker.dataSource.query(
      `SELECT created_event_blob, created_event_blob_derivable FROM contracts WHERE contract_id = $1`,
      [amuletRules.contract_id],
    );
    expect(row).toEqual({
      created_event_blob: theirs.amulet_rules.contract.created_event_blob,
      created_event_blob_derivable: false,
    });
  }, 120_000);

  it('answers 503 naming a mirrored contract whose blob no peer served, and 200 with the blob once stored', async () => {
    await mirror();
    const allocation = createdOf(late, SpliceTemplates.AmuletAllocation);
    const locked = createdOf(late, SpliceTemplates.LockedAmulet);
    const refused = await withdrawContext(allocation.contract_id);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      error: `created event blob of contract ${locked.contract_id} is not stored yet (mirrored history); retry later`,
    });
    // Once a blob is stored for it (as a peer would serve it), it is served as stored, never derived.
    const writer = new LedgerWriter(worker.dataSource, { snapshotIntervalHours: 3 });
    expect(await writer.storeCreatedEventBlobs([{ contractId: locked.contract_id, blob: 'cGVlcg==' }])).toBe(
      1,
    );
    const served = await withdrawContext(allocation.contract_id);
    expect(served.status).toBe(200);
    expect(served.body.disclosedContracts).toEqual([
      expect.objectContaining({ contractId: locked.contract_id, createdEventBlob: 'cGVlcg==' }),
    ]);
    // A stored blob is never replaced.
    expect(await writer.storeCreatedEventBlobs([{ contractId: locked.contract_id, blob: 'b3RoZXI=' }])).toBe(
      0,
    );
  }, 120_000);
});
