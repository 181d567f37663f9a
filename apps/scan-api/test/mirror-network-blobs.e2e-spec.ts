import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { Db, LedgerWriter, MirrorPeerStatusRepository } from '@canton-scan/domain';
import { ScanMirror } from '@canton-scan/mirror';
import { simulatedNetworkOf, simulateNetwork } from '@canton-scan/simulator';
import { callChecked, startTestApp, useTestDatabase, type RunningTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import {
  FAST_POLICY,
  getScan,
  openSourceStore,
  postScan,
  stackPeer,
  type BlobForgingPeer,
  type SourceStore,
} from './mirror.fixture';

const OPTIONS = { rounds: 24, seed: 3, transferPreapprovalParties: 3, transferInstructionsPerRound: 0.5 };

/**
 * The blobs of the current network contracts on a mirror (issue 31): copied from the peers'
 * ContractWithState endpoints and contract lists, f + 1 alike per contract, so the mirror's
 * answers of those endpoints equal the source's; a peer forging one blob is outvoted and shown
 * disagreeing.
 */
describe('a mirror serves the network contracts with the blobs its peers agreed on', () => {
  const worker = useTestDatabase();
  let source: SourceStore;
  let target: RunningTestApp;
  let honest: BlobForgingPeer;
  let forger: BlobForgingPeer;
  let forgedId: string;
  const { users } = simulatedNetworkOf(OPTIONS);

  beforeAll(async () => {
    source = await openSourceStore();
    target = await startTestApp(createScanApp, worker.dataSource);
    await new LedgerWriter(source.dataSource, { snapshotIntervalHours: 3 }).append([
      ...simulateNetwork(OPTIONS),
    ]);
    // The forger forges the blob of the first preapproved user's TransferPreapproval.
    const [row] = await source.dataSource.query(
      `SELECT contract_id FROM contracts WHERE entity_name = 'TransferPreapproval' AND archived_record_time IS NULL
          AND payload_compact->>'receiver' = $1 ORDER BY row_id DESC LIMIT 1`,
      [users[0].id],
    );
    forgedId = row.contract_id;
    honest = await stackPeer(source.app.origin);
    forger = await stackPeer(source.app.origin, { forgeContractId: forgedId });
  }, 300_000);
  afterAll(async () => {
    await forger?.close();
    await honest?.close();
    await target?.close();
    await source?.close();
  });

  /** Every ContractWithState (and contract list) answer of a scan, keyed by request. */
  async function networkAnswers(origin: string): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {
      dso: await getScan(origin, '/v0/dso'),
      amuletRules: await postScan(origin, '/v0/amulet-rules', {}),
      externalPartyAmuletRules: await postScan(origin, '/v0/external-party-amulet-rules', {}),
      ansRules: await postScan(origin, '/v0/ans-rules', {}),
      rounds: await postScan(origin, '/v0/open-and-issuing-mining-rounds', {
        cached_open_mining_round_contract_ids: [],
        cached_issuing_round_contract_ids: [],
      }),
      closedRounds: await getScan(origin, '/v0/closed-rounds'),
      featuredApps: await getScan(origin, '/v0/featured-apps'),
    };
    const providers = JSON.parse((out.featuredApps as { body: string }).body).featured_apps.map(
      (c: { payload: { provider: string } }) => c.payload.provider,
    );
    for (const provider of providers)
      out[`featured ${provider}`] = await getScan(
        origin,
        `/v0/featured-apps/by-provider/${encodeURIComponent(provider)}`,
      );
    for (const user of users.slice(0, 4))
      out[`preapproval ${user.id}`] = await getScan(
        origin,
        `/v0/transfer-preapprovals/by-party/${encodeURIComponent(user.id)}`,
      );
    return out;
  }

  it('answers every ContractWithState endpoint as the source does, never with the forged blob, the forger shown disagreeing', async () => {
    const expected = await networkAnswers(source.app.origin);
    // Every answer carries contracts, but the preapproval of a user the simulator did not preapprove.
    for (const [key, answer] of Object.entries(expected))
      expect([key, (answer as { status: number }).status]).toEqual([
        key,
        key === `preapproval ${users[3].id}` ? 404 : 200,
      ]);
    expect(Object.keys(expected).filter((k) => k.startsWith('featured ')).length).toBeGreaterThan(0);

    const progress = await new ScanMirror(worker.dataSource, {
      peers: [`${source.app.origin}/api/scan`, honest.url, forger.url],
      snapshotIntervalHours: 3,
      policy: FAST_POLICY,
      statusSink: new MirrorPeerStatusRepository(Db.of(worker.dataSource)),
    }).run({ once: true });
    expect(progress.appended).toBeGreaterThan(0);

    expect(await networkAnswers(target.origin)).toEqual(expected);
    const [stored] = await worker.dataSource.query(
      `SELECT created_event_blob FROM contracts WHERE contract_id = $1`,
      [forgedId],
    );
    expect(stored.created_event_blob).not.toBe(forger.forgedBlob);
    expect(JSON.stringify(expected)).toContain(stored.created_event_blob);

    const client = createScanClient({ baseUrl: `${target.origin}/api/scan` });
    const status = await callChecked(scanSpec, 'getMirrorStatus', scanApi.getMirrorStatus({ client }));
    const peers = (status.body as scanApi.MirrorStatusResponse).peers;
    const forgerRow = peers.find((p) => p.url === forger.url);
    expect(forgerRow).toMatchObject({ agrees: false });
    expect(forgerRow?.last_disagreement).toContain(forgedId);
    expect(peers.filter((p) => p.url !== forger.url).every((p) => p.agrees === true)).toBe(true);
  }, 300_000);
});
