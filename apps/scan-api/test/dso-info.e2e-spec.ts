import {
  createScanClient,
  createScanProxyClient,
  scanApi,
  scanProxyApi,
  scanProxySpec,
  scanSpec,
} from '@canton-scan/contracts';
import {
  LedgerWriter,
  SpliceTemplates,
  votingThreshold,
  type AmuletRulesPayload,
  type DsoRulesPayload,
  type HistoryUpdate,
  type OpenMiningRoundPayload,
  type SvNodeStatePayload,
} from '@canton-scan/domain';
import {
  defaultSvScanUrl,
  simulateNetwork,
  type SimulationOptions,
  type SimulationSummary,
} from '@canton-scan/simulator';
import {
  callChecked,
  signDevelopmentToken,
  startTestApp,
  TokenNetworkFixture,
  useKnownLedgerUser,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/** A small simulated network (24 rounds, a migration, an offboarded SV), ingested. */
async function ingestSimulation(
  writer: LedgerWriter,
  options: SimulationOptions = {},
): Promise<SimulationSummary> {
  const generator = simulateNetwork({ rounds: 24, ...options });
  let batch: HistoryUpdate[] = [];
  for (let next = generator.next(); ; next = generator.next()) {
    if (next.done) {
      await writer.append(batch);
      return next.value;
    }
    batch.push(next.value);
    if (batch.length === 500) {
      await writer.append(batch);
      batch = [];
    }
  }
}

/** What scan discovery reads: each SV node state's `synchronizerNodes` pairs, by synchronizer, with their scan URL. */
function scanUrlsOf(info: { sv_node_states: { contract: { payload: unknown } }[] }): [string, string][][] {
  return info.sv_node_states.map((state) =>
    (state.contract.payload as SvNodeStatePayload).state.synchronizerNodes.map(
      ([synchronizerId, node]): [string, string] => [synchronizerId, node.scan!.publicUrl],
    ),
  );
}

describe('DSO info on the scan group (GET /v0/dso)', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource);
  let running: RunningTestApp;
  let scan: ReturnType<typeof createScanClient>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    scan = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());

  const writer = () => new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
  const publicDsoInfo = () => callChecked(scanSpec, 'getDsoInfo', scanApi.getDsoInfo({ client: scan }));

  it('is public and answers the same body as the validator proxy', async () => {
    await writer().append([new TokenNetworkFixture().genesis()]);
    const res = await publicDsoInfo();
    expect(res.status).toBe(200);
    const token = await signDevelopmentToken();
    const proxy = createScanProxyClient({
      baseUrl: running.origin + running.config.scanApi.validatorPrefix,
      auth: () => token,
    });
    const proxied = await callChecked(
      scanProxySpec,
      'getProxyDsoInfo',
      scanProxyApi.getProxyDsoInfo({ client: proxy }),
    );
    expect(proxied.status).toBe(200);
    expect(res.body).toEqual(proxied.body);
  });

  it("gives each SV's scan base URL in its node state's synchronizerNodes, on the scan group and the proxy", async () => {
    const configured = ['http://localhost:5012', 'https://scan.sv-2.example.org'];
    const summary = await ingestSimulation(writer(), { svScanUrls: configured });
    const res = await publicDsoInfo();
    expect(res.status).toBe(200);
    const global = summary.options.synchronizerIds[0];
    // The SVs of DsoRules in order (the offboarded last one is left out): the configured URLs, then the defaults.
    const expected = summary.network.svs
      .slice(0, -1)
      .map((_, i): [string, string][] => [[global, configured[i] ?? defaultSvScanUrl(i)]]);
    expect(scanUrlsOf(res.body)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(configured.length);

    const token = await signDevelopmentToken();
    const proxy = createScanProxyClient({
      baseUrl: running.origin + running.config.scanApi.validatorPrefix,
      auth: () => token,
    });
    const proxied = await callChecked(
      scanProxySpec,
      'getProxyDsoInfo',
      scanProxyApi.getProxyDsoInfo({ client: proxy }),
    );
    expect(proxied.status).toBe(200);
    expect(scanUrlsOf(proxied.body)).toEqual(expected);
  });

  it('is not found on an empty store', async () => {
    const res = await publicDsoInfo();
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'no DsoRules contract has been ingested yet' });
  });

  it('holds its invariants on a simulated network', async () => {
    const summary = await ingestSimulation(writer());
    const res = await publicDsoInfo();
    expect(res.status).toBe(200);
    const info = res.body;
    const rules = info.dso_rules.contract.payload as DsoRulesPayload;
    const svs = rules.svs.map(([party]) => party);

    // One node state per SV listed in DsoRules; the offboarded SV's state is still active but left out.
    expect(
      info.sv_node_states.map((s: { contract: { payload: { sv: string } } }) => s.contract.payload.sv),
    ).toEqual(svs);
    expect(svs).not.toContain(summary.landmarks.offboardedSv.party.id);
    const [{ n: activeStates }] = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM contracts WHERE entity_name = 'SvNodeState' AND archived_record_time IS NULL AND migration_id = (SELECT max(migration_id) FROM contracts)`,
    );
    expect(activeStates).toBe(svs.length + 1);

    // Threshold by the formula of docs/governance.md "Voting threshold".
    const n = svs.length;
    expect(info.voting_threshold).toBe(Math.ceil((n + Math.floor((n - 1) / 3) + 1) / 2));
    expect(info.voting_threshold).toBe(votingThreshold(n));

    // The latest mining round is the highest active OpenMiningRound of the DSO, open or not.
    const [{ highest }] = await db.dataSource.query(
      `SELECT max((payload_compact->'round'->>'number')::bigint)::text AS highest FROM contracts
        WHERE package_name = $1 AND module_name = $2 AND entity_name = $3 AND archived_record_time IS NULL
          AND migration_id = (SELECT max(migration_id) FROM contracts) AND $4 = ANY (signatories)`,
      [
        SpliceTemplates.OpenMiningRound.packageName,
        SpliceTemplates.OpenMiningRound.moduleName,
        SpliceTemplates.OpenMiningRound.entityName,
        info.dso_party_id,
      ],
    );
    expect(info.latest_mining_round.contract.payload.round.number).toBe(highest);
    expect(Number(highest)).toBe(summary.options.rounds + 1);

    expect(info.dso_party_id).toBe(summary.network.dso.id);
    expect(info.sv_party_id).toBe(svs[0]);
    expect(info.initial_round).toBe('0');
    // Config changes are AmuletRules_SetConfig runs: each AmuletRules version holds its config as
    // `initialValue` with no future values, and the one served is the latest.
    const versions: {
      migration_id: string;
      created: string;
      archived: string | null;
      payload: AmuletRulesPayload;
    }[] = await db.dataSource.query(
      `SELECT migration_id::text, (extract(epoch FROM created_record_time) * 1000000)::bigint::text AS created,
              (extract(epoch FROM archived_record_time) * 1000000)::bigint::text AS archived,
              payload_compact AS payload
         FROM contracts WHERE package_name = $1 AND module_name = $2 AND entity_name = $3
        ORDER BY migration_id, created_record_time, row_id`,
      [
        SpliceTemplates.AmuletRules.packageName,
        SpliceTemplates.AmuletRules.moduleName,
        SpliceTemplates.AmuletRules.entityName,
      ],
    );
    for (const v of versions) expect(v.payload.configSchedule.futureValues).toEqual([]);
    const thresholds = new Set(
      versions.map((v) => v.payload.configSchedule.initialValue.rewardConfig?.appRewardCouponThreshold),
    );
    expect(thresholds.size).toBeGreaterThan(1);
    expect(info.amulet_rules.contract.payload).toEqual(versions[versions.length - 1].payload);
    // Each round was opened with the config of the AmuletRules active when it was created.
    const rounds: { migration_id: string; created: string; payload: OpenMiningRoundPayload }[] =
      await db.dataSource.query(
        `SELECT migration_id::text, (extract(epoch FROM created_record_time) * 1000000)::bigint::text AS created,
                payload_compact AS payload
           FROM contracts WHERE package_name = $1 AND module_name = $2 AND entity_name = $3
            AND created_record_time > '0001-01-02'`,
        [
          SpliceTemplates.OpenMiningRound.packageName,
          SpliceTemplates.OpenMiningRound.moduleName,
          SpliceTemplates.OpenMiningRound.entityName,
        ],
      );
    expect(rounds.length).toBeGreaterThan(0);
    for (const r of rounds) {
      const at = Number(r.created);
      const active = versions.filter(
        (v) =>
          v.migration_id === r.migration_id &&
          Number(v.created) <= at &&
          (v.archived === null || Number(v.archived) > at),
      );
      expect(active).toHaveLength(1);
      expect(r.payload.rewardConfig).toEqual(active[0].payload.configSchedule.initialValue.rewardConfig);
    }
    for (const c of [info.latest_mining_round, info.amulet_rules, info.dso_rules, ...info.sv_node_states]) {
      expect(c.domain_id).toBe(summary.options.synchronizerIds[0]);
    }
  });
});
