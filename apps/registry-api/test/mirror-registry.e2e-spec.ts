import type { DataSource } from 'typeorm';
import { LedgerWriter, type HistoryUpdate } from '@canton-scan/domain';
import { simulatedNetworkOf, simulateNetwork } from '@canton-scan/simulator';
import {
  openSecondStore,
  registryQuestions,
  stackPeer,
  startTestApp,
  useTestDatabase,
  withReadOnlyRole,
  type BlobForgingPeer,
  type RegistryQuestion,
  type RunningTestApp,
  type SecondStore,
} from '@canton-scan/testing';
import { createRegistryApp } from '../src/app.factory';

const OPTIONS = {
  rounds: 24,
  seed: 3,
  transferPreapprovalParties: 3,
  transferInstructionsPerRound: 0.5,
  allocationsPerRound: 1,
};

/**
 * The registry-api app over a mirror's store (issue 31): the store holds the source's history as
 * a mirror writes it (no blob stored, none derivable), and the app, given the mirror's
 * configuration (MIRROR_SCAN_URLS, REGISTRY_PEER_TIMEOUT_MS), takes every blob it discloses from
 * the peers' registries, f + 1 alike. Four peers in front of the source's registry-api (two must
 * agree): three honest, one forging a LockedAmulet's blob. Through a read-only database role the
 * agreed blobs are served without being stored.
 */
describe("the registry-api app on a mirror's store answers as its source's", () => {
  const worker = useTestDatabase();
  let source: SecondStore;
  let sourceApp: RunningTestApp;
  let peers: BlobForgingPeer[];
  let forged: { instruction: string; lock: string };
  let questions: RegistryQuestion[];
  let history: HistoryUpdate[];
  const { users } = simulatedNetworkOf(OPTIONS);

  const mirrorEnv = () => ({
    MIRROR_SCAN_URLS: peers.map((p) => p.url).join(','),
    REGISTRY_PEER_TIMEOUT_MS: '5000',
  });

  async function ask(app: RunningTestApp, { method, path, body }: RegistryQuestion) {
    const res = await fetch(`${app.origin}${app.config.registryApi.prefix}/registry${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
  }

  /** The rows of the forged lock that hold a blob, and the blobs they hold. */
  const storedLockBlobs = async (store: DataSource): Promise<(string | null)[]> =>
    (
      await store.query(`SELECT created_event_blob AS blob FROM contracts WHERE contract_id = $1`, [
        forged.lock,
      ])
    ).map((r: { blob: string | null }) => r.blob);

  const fetchCount = (metrics: string, outcome: string): number =>
    Number(
      new RegExp(`registry_peer_blob_fetch_seconds_count\\{[^}]*outcome="${outcome}"[^}]*\\} (\\d+)`).exec(
        metrics,
      )?.[1] ?? 0,
    );

  beforeAll(async () => {
    source = await openSecondStore('css_registry_mirror_source');
    history = [...simulateNetwork(OPTIONS)];
    await new LedgerWriter(source.dataSource, { snapshotIntervalHours: 3 }).append(history);
    sourceApp = await startTestApp(createRegistryApp, source.dataSource);
    const [pending] = await source.dataSource.query(
      `SELECT contract_id, payload_compact->>'lockedAmulet' AS lock FROM contracts
        WHERE entity_name = 'AmuletTransferInstruction' AND archived_record_time IS NULL ORDER BY row_id LIMIT 1`,
    );
    forged = { instruction: pending.contract_id, lock: pending.lock };
    const registry = {
      base: `${sourceApp.origin}${sourceApp.config.registryApi.prefix}/registry`,
      token: '',
    };
    peers = [
      await stackPeer(sourceApp.origin, { registry }),
      await stackPeer(sourceApp.origin, { registry }),
      await stackPeer(sourceApp.origin, { registry }),
      await stackPeer(sourceApp.origin, { registry, forgeContractId: forged.lock }),
    ];
    questions = await registryQuestions(
      source.dataSource,
      { sender: users[5].id, receivers: [users[0].id, users[4].id, users[5].id] },
      [forged.instruction],
    );
  }, 300_000);
  afterAll(async () => {
    for (const p of peers ?? []) await p.close();
    await sourceApp?.close();
    await source?.close();
  });

  it('read-only role: agreed blobs served, not stored; owner role: every answer as the source, never the forged blob; no quorum a 503', async () => {
    // The mirror's store (the worker's tables are emptied before each test, so written here), as
    // the mirror writes the history it copies: blobs only as supplied, none derived.
    await new LedgerWriter(worker.dataSource, {
      snapshotIntervalHours: 3,
      createdEventBlobs: 'supplied-only',
    }).append(history);

    const accept: RegistryQuestion = {
      method: 'POST',
      path: `/transfer-instruction/v1/${forged.instruction}/choice-contexts/accept`,
      body: {},
    };
    const sample = [accept, ...questions.filter((q) => q.path.includes('/allocation-instruction/'))];
    const { answers, before, after } = await withReadOnlyRole(worker, async (reader) => {
      const app = await startTestApp(createRegistryApp, reader, mirrorEnv());
      const metrics = async () => (await fetch(`${app.origin}/metrics`)).text();
      try {
        const got = [];
        for (const q of sample) got.push(await ask(app, q));
        const held = await metrics();
        const again = await ask(app, accept);
        return { answers: [...got, again], before: held, after: await metrics() };
      } finally {
        await app.close();
      }
    });
    for (const [i, q] of [...sample, accept].entries()) {
      const expected = await ask(sourceApp, q);
      expect([q.path, answers[i].status, answers[i].body]).toEqual([q.path, expected.status, expected.body]);
    }
    expect(answers[0].status).toBe(200);
    expect(answers[0].body).not.toContain(peers[3].forgedBlob);
    // Held in memory, not stored: the second accept was answered without asking the peers again.
    expect(fetchCount(before, 'held')).toBeGreaterThan(0);
    expect(fetchCount(after, 'held')).toBe(fetchCount(before, 'held'));
    expect(fetchCount(after, 'stored')).toBe(0);
    const stored = await storedLockBlobs(worker.dataSource);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((b) => b === null)).toBe(true);

    const app = await startTestApp(createRegistryApp, worker.dataSource, mirrorEnv());
    try {
      // Two honest peers down: the remaining honest one and the forger disagree, no two alike.
      peers[0].setDown(true);
      peers[1].setDown(true);
      const refused = await ask(app, {
        method: 'POST',
        path: `/transfer-instruction/v1/${forged.instruction}/choice-contexts/accept`,
        body: {},
      });
      peers[0].setDown(false);
      peers[1].setDown(false);
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body).error).toContain(`created event blob of contract ${forged.lock}`);
      expect(refused.retryAfter).toBe('5');

      const statuses = new Set<number>();
      for (const q of questions) {
        const expected = await ask(sourceApp, q);
        const got = await ask(app, q);
        expect([q.path, got.status, got.body]).toEqual([q.path, expected.status, expected.body]);
        statuses.add(expected.status);
      }
      expect([...statuses].sort()).toEqual([200, 404, 409]);
      const lockBlobs = await storedLockBlobs(worker.dataSource);
      expect(lockBlobs.some((b) => b !== null)).toBe(true);
      expect(lockBlobs).not.toContain(peers[3].forgedBlob);
      const metrics = await (await fetch(`${app.origin}/metrics`)).text();
      expect(fetchCount(metrics, 'unreachable')).toBe(1);
      expect(fetchCount(metrics, 'stored')).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  }, 300_000);
});
