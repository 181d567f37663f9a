import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { Db, LedgerWriter, MirrorPeerStatusRepository } from '@canton-scan/domain';
import { ScanMirror } from '@canton-scan/mirror';
import { simulatedNetworkOf, simulateNetwork } from '@canton-scan/simulator';
import {
  allocationsInEveryState,
  callChecked,
  registryQuestions,
  type RegistryQuestion,
  signDevelopmentToken,
  startTestApp,
  useKnownLedgerUser,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import {
  FAST_POLICY,
  openSourceStore,
  stackPeer,
  type BlobForgingPeer,
  type SourceStore,
} from './mirror.fixture';

const OPTIONS = {
  rounds: 24,
  seed: 3,
  transferPreapprovalParties: 3,
  transferInstructionsPerRound: 0.5,
  allocationsPerRound: 1,
};

/**
 * A validator's own registry on a mirror (issue 31): the mirror's store lacks the blobs of the
 * per-request contracts (LockedAmulets, ...), which its registry takes from the peers' registries,
 * f + 1 alike. Four peers (f = 1, so two must agree): three honest, one forging a LockedAmulet's blob.
 */
describe("a mirror's registry answers as its source's, blobs from its peers' registries", () => {
  const worker = useTestDatabase();
  useKnownLedgerUser(() => worker.dataSource, 'wallet');
  useKnownLedgerUser(() => source.dataSource, 'wallet');
  let source: SourceStore;
  let target: RunningTestApp;
  let peers: BlobForgingPeer[];
  let forger: BlobForgingPeer;
  let token: string;
  let forgedLock: { instruction: string; lock: string };
  const { users } = simulatedNetworkOf(OPTIONS);

  const proxy = (app: RunningTestApp) =>
    `${app.origin}${app.config.scanApi.validatorPrefix}/v0/scan-proxy/registry`;

  beforeAll(async () => {
    source = await openSourceStore();
    await new LedgerWriter(source.dataSource, { snapshotIntervalHours: 3 }).append([
      ...simulateNetwork(OPTIONS),
    ]);
    token = await signDevelopmentToken({ sub: 'wallet' });
    const [pending] = await source.dataSource.query(
      `SELECT contract_id, payload_compact->>'lockedAmulet' AS lock FROM contracts
        WHERE entity_name = 'AmuletTransferInstruction' AND archived_record_time IS NULL ORDER BY row_id LIMIT 1`,
    );
    forgedLock = { instruction: pending.contract_id, lock: pending.lock };
    const registry = { base: proxy(source.app), token };
    peers = [
      await stackPeer(source.app.origin, { registry }),
      await stackPeer(source.app.origin, { registry }),
      await stackPeer(source.app.origin, { registry }),
      await stackPeer(source.app.origin, { registry, forgeContractId: forgedLock.lock }),
    ];
    forger = peers[3];
    target = await startTestApp(createScanApp, worker.dataSource, {
      MIRROR_SCAN_URLS: peers.map((p) => p.url).join(','),
      REGISTRY_PEER_TIMEOUT_MS: '5000',
    });
  }, 300_000);
  afterAll(async () => {
    for (const p of peers ?? []) await p.close();
    await target?.close();
    await source?.close();
  });

  async function ask(app: RunningTestApp, { method, path, body }: RegistryQuestion) {
    const res = await fetch(`${proxy(app)}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
  }
  const post = (app: RunningTestApp, path: string, body: unknown) => ask(app, { method: 'POST', path, body });

  it('answers like the source through its peers, never with the forged blob; with two peers down, a 503 naming the contract', async () => {
    await new ScanMirror(worker.dataSource, {
      peers: peers.map((p) => p.url),
      snapshotIntervalHours: 3,
      // Four peers over one embedded source answer one at a time: a page may take long.
      policy: { ...FAST_POLICY, timeoutMs: 60_000 },
      statusSink: new MirrorPeerStatusRepository(Db.of(worker.dataSource)),
    }).run({ once: true });
    const [{ missing }] = await worker.dataSource.query(
      `SELECT count(*)::int AS missing FROM contracts WHERE contract_id = $1 AND created_event_blob IS NULL`,
      [forgedLock.lock],
    );
    // Not served by any scan endpoint: the mirror's pass leaves it without a blob (one row per migration).
    expect(missing).toBeGreaterThan(0);

    // Two honest peers down: the remaining honest one and the forger disagree, no two alike.
    peers[0].setDown(true);
    peers[1].setDown(true);
    const refused = await post(
      target,
      `/transfer-instruction/v1/${forgedLock.instruction}/choice-contexts/accept`,
      {},
    );
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body).error).toContain(`created event blob of contract ${forgedLock.lock}`);
    expect(refused.retryAfter).toBe('5');
    peers[0].setDown(false);
    peers[1].setDown(false);

    const states = (await allocationsInEveryState(source.dataSource)).map((a) => a.state);
    expect(new Set(states)).toEqual(
      // The simulator settles or withdraws allocations; it cancels none.
      new Set(['open', 'Allocation_ExecuteTransfer', 'Allocation_Withdraw']),
    );
    const qs = await registryQuestions(
      source.dataSource,
      { sender: users[5].id, receivers: [users[0].id, users[4].id, users[5].id] },
      [forgedLock.instruction],
    );
    const statuses = new Set<number>();
    for (const question of qs) {
      const expected = await ask(source.app, question);
      const got = await ask(target, question);
      expect([question.path, got.status, got.body]).toEqual([question.path, expected.status, expected.body]);
      statuses.add(expected.status);
    }
    expect([...statuses].sort()).toEqual([200, 404, 409]);
    const [stored] = await worker.dataSource.query(
      `SELECT created_event_blob FROM contracts WHERE contract_id = $1`,
      [forgedLock.lock],
    );
    expect(stored.created_event_blob).not.toBe(forger.forgedBlob);

    const client = createScanClient({ baseUrl: `${target.origin}/api/scan` });
    const status = await callChecked(scanSpec, 'getMirrorStatus', scanApi.getMirrorStatus({ client }));
    const row = (status.body as scanApi.MirrorStatusResponse).peers.find((p) => p.url === forger.url);
    expect(row).toMatchObject({ agrees: false });
    expect(row?.last_disagreement).toContain(forgedLock.lock);

    const metrics = await (await fetch(`${target.origin}/metrics`)).text();
    expect(metrics).toMatch(/registry_peer_blob_fetch_seconds_count\{[^}]*outcome="unreachable"[^}]*\} 1/);
    expect(metrics).toMatch(/registry_peer_blob_fetch_seconds_count\{[^}]*outcome="stored"[^}]*\} [1-9]/);
  }, 300_000);
});
