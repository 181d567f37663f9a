import { createScanProxyClient, scanProxyApi, scanProxySpec } from '@canton-scan/contracts';
import {
  deriveCreatedEventBlob,
  LedgerWriter,
  SpliceTemplates,
  votingThreshold,
  type HistoryCreatedEvent,
  type HistoryUpdate,
} from '@canton-scan/domain';
import {
  allCreatedOf,
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

describe('validator proxy: DSO info and amulet rules', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource);
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanProxyClient>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    const token = await signDevelopmentToken();
    client = createScanProxyClient({
      baseUrl: running.origin + running.config.scanApi.validatorPrefix,
      auth: () => token,
    });
  });
  afterAll(() => running.close());

  const append = (...updates: HistoryUpdate[]) =>
    new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append(updates);
  const dsoInfo = () =>
    callChecked(scanProxySpec, 'getProxyDsoInfo', scanProxyApi.getProxyDsoInfo({ client }));
  const amuletRules = () =>
    callChecked(scanProxySpec, 'getProxyAmuletRules', scanProxyApi.getProxyAmuletRules({ client }));

  /** The ContractWithState a contract created by `event` should be served as. */
  async function served(event: HistoryCreatedEvent, synchronizer: string) {
    const [row] = await db.dataSource.query(
      `SELECT payload_compact, created_event_blob, created_at FROM contracts WHERE contract_id = $1`,
      [event.contract_id],
    );
    return {
      contract: {
        template_id: event.template_id,
        contract_id: event.contract_id,
        payload: row.payload_compact,
        created_event_blob: event.created_event_blob ?? deriveCreatedEventBlob(event),
        created_at: row.created_at,
      },
      domain_id: synchronizer,
    };
  }

  it('answers every field of DSO info from the current contracts', async () => {
    const f = new TokenNetworkFixture();
    const genesis = f.genesis();
    await append(genesis);
    const res = await dsoInfo();
    expect(res.status).toBe(200);
    const nodeStates = allCreatedOf(genesis, SpliceTemplates.SvNodeState);
    const rounds = allCreatedOf(genesis, SpliceTemplates.OpenMiningRound);
    const sync = f.h.synchronizer;
    expect(res.body).toEqual({
      sv_user: 'sv1',
      // SV_PARTY_ID is not set: the first SV listed in DsoRules.
      sv_party_id: f.svs[0],
      dso_party_id: f.dso,
      voting_threshold: 3,
      // Round 2 has not opened yet, but it is the highest.
      latest_mining_round: await served(rounds[2], sync),
      amulet_rules: await served(createdOf(genesis, SpliceTemplates.AmuletRules), sync),
      dso_rules: await served(createdOf(genesis, SpliceTemplates.DsoRules), sync),
      // One per SV listed in DsoRules, in its order; the offboarded SV's state (the 5th) is left out.
      sv_node_states: await Promise.all(nodeStates.slice(0, 4).map((e) => served(e, sync))),
      initial_round: '0',
    });
    expect(res.body.amulet_rules.contract.payload.configSchedule.futureValues).toHaveLength(2);
  });

  it('follows the DSO rules: node states of current SVs only, threshold by their number', async () => {
    const f = new TokenNetworkFixture();
    const genesis = f.genesis();
    await append(
      genesis,
      f.replaceDsoRules(createdOf(genesis, SpliceTemplates.DsoRules), [f.svs[1], f.svs[3], f.svs[0]]),
    );
    const res = await dsoInfo();
    const svsOf = (states: { contract: { payload: { sv: string } } }[]) =>
      states.map((s) => s.contract.payload.sv);
    expect(svsOf(res.body.sv_node_states)).toEqual([f.svs[1], f.svs[3], f.svs[0]]);
    expect(res.body.voting_threshold).toBe(votingThreshold(3));
    expect(res.body.voting_threshold).toBe(2);
    expect(res.body.sv_party_id).toBe(f.svs[1]);
    expect(res.body.dso_rules.contract.payload.offboardedSvs.map(([sv]: [string]) => sv)).toEqual([
      f.svs[2],
      f.offboardedSv,
    ]);
  });

  it('names the highest round signed by the DSO as the latest mining round', async () => {
    const f = new TokenNetworkFixture();
    const genesis = f.genesis();
    const far = '2027-01-01T00:00:00.000000Z';
    const round9 = f.createRound(9, far);
    const foreign = f.createRound(50, far, f.h.party('not-the-dso'));
    await append(genesis, round9, foreign, f.createRound(4, far));
    const res = await dsoInfo();
    expect(res.body.latest_mining_round.contract.contract_id).toBe(
      createdOf(round9, SpliceTemplates.OpenMiningRound).contract_id,
    );
    expect(res.body.latest_mining_round.contract.payload.round).toEqual({ number: '9' });
    // A payload timestamp as a Splice scan renders it: Instant.toString, no zero fraction.
    expect(res.body.latest_mining_round.contract.payload.opensAt).toBe('2027-01-01T00:00:00Z');
  });

  it('takes sv_user and sv_party_id from the configuration', async () => {
    const f = new TokenNetworkFixture();
    await append(f.genesis());
    const configured = await startTestApp(createScanApp, db.dataSource, {
      SV_USER: 'operator-7',
      SV_PARTY_ID: f.svs[2],
    });
    try {
      const token = await signDevelopmentToken();
      const other = createScanProxyClient({
        baseUrl: configured.origin + configured.config.scanApi.validatorPrefix,
        auth: () => token,
      });
      const res = await callChecked(
        scanProxySpec,
        'getProxyDsoInfo',
        scanProxyApi.getProxyDsoInfo({ client: other }),
      );
      expect(res.body).toMatchObject({ sv_user: 'operator-7', sv_party_id: f.svs[2] });
    } finally {
      await configured.close();
    }
  });

  it('serves a contract in flight without a domain_id', async () => {
    const f = new TokenNetworkFixture();
    const genesis = f.genesis();
    const rules = createdOf(genesis, SpliceTemplates.AmuletRules);
    await append(genesis, f.h.unassign(rules.contract_id, 1));
    const res = await amuletRules();
    expect(res.status).toBe(200);
    expect(res.body.amulet_rules).toEqual({ contract: (await served(rules, f.h.synchronizer)).contract });
    await append(f.h.assign(rules, 1));
    expect((await amuletRules()).body.amulet_rules.domain_id).toBe(f.h.otherSynchronizer);
  });

  it('serves a created event blob the history supplied as is, and derives a missing one from the created event', async () => {
    const f = new TokenNetworkFixture();
    const genesis = f.genesis();
    const rules = createdOf(genesis, SpliceTemplates.AmuletRules);
    rules.created_event_blob = Buffer.from('blob as recorded by the network').toString('base64');
    await append(genesis);
    expect((await amuletRules()).body.amulet_rules.contract.created_event_blob).toBe(
      rules.created_event_blob,
    );
    const [{ stored }] = await db.dataSource.query(
      `SELECT created_event_blob AS stored FROM contracts WHERE contract_id = $1`,
      [rules.contract_id],
    );
    expect(stored).toBe(rules.created_event_blob);

    const dsoRules = createdOf(genesis, SpliceTemplates.DsoRules);
    const [{ derived }] = await db.dataSource.query(
      `SELECT created_event_blob AS derived FROM contracts WHERE contract_id = $1`,
      [dsoRules.contract_id],
    );
    expect(derived).toBeNull();
    const blob = (await dsoInfo()).body.dso_rules.contract.created_event_blob;
    expect(blob).toBe(deriveCreatedEventBlob(dsoRules));
    expect(JSON.parse(Buffer.from(blob, 'base64').toString('utf8'))).toMatchObject({
      contract_id: dsoRules.contract_id,
      create_arguments: dsoRules.create_arguments,
    });
  });

  it('answers the current amulet rules with their whole config schedule', async () => {
    const f = new TokenNetworkFixture();
    const genesis = f.genesis();
    await append(genesis);
    const res = await amuletRules();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      amulet_rules: await served(createdOf(genesis, SpliceTemplates.AmuletRules), f.h.synchronizer),
    });
    expect(res.body.amulet_rules).toEqual((await dsoInfo()).body.amulet_rules);
  });

  it('is not found before the DSO and amulet rules are ingested', async () => {
    for (const res of [await dsoInfo(), await amuletRules()]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(/has been ingested yet$/);
    }
    const f = new TokenNetworkFixture();
    const genesis = f.genesis();
    await append(genesis, f.archive(createdOf(genesis, SpliceTemplates.AmuletRules)));
    const res = await dsoInfo();
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('no AmuletRules contract has been ingested yet');
  });
});
