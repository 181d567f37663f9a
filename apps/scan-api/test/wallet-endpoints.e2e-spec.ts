import {
  createScanClient,
  createScanProxyClient,
  scanApi,
  scanProxyApi,
  scanProxySpec,
  scanSpec,
} from '@canton-scan/contracts';
import {
  deriveCreatedEventBlob,
  isTransaction,
  SpliceTemplates,
  synchronizerNameOf,
  type HistoryCreatedEvent,
  type HistoryTransaction,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { simulatedNetworkOf, simulateNetwork } from '@canton-scan/simulator';
import {
  allCreatedOf,
  callChecked,
  createdOf,
  signDevelopmentToken,
  startTestApp,
  TokenNetworkFixture,
  useKnownLedgerUser,
  useTestDatabase,
  writeHistory,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

const TICK_MICROS = 600_000_000;

describe('DSO contracts wallets fetch: scan (cache-aware) and validator proxy forms', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource);
  let running: RunningTestApp;
  let scan: ReturnType<typeof createScanClient>;
  let proxy: ReturnType<typeof createScanProxyClient>;
  let anonymousProxy: ReturnType<typeof createScanProxyClient>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    scan = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
    const token = await signDevelopmentToken();
    const proxyBase = running.origin + running.config.scanApi.validatorPrefix;
    proxy = createScanProxyClient({ baseUrl: proxyBase, auth: () => token });
    anonymousProxy = createScanProxyClient({ baseUrl: proxyBase });
  });
  afterAll(() => running.close());

  const append = (...updates: HistoryUpdate[]) => writeHistory(db.dataSource, updates);

  const dsoPartyId = () => callChecked(scanSpec, 'getDsoPartyId', scanApi.getDsoPartyId({ client: scan }));
  const proxyDsoPartyId = (client = proxy) =>
    callChecked(scanProxySpec, 'getProxyDsoPartyId', scanProxyApi.getProxyDsoPartyId({ client }));
  const featured = (provider: string) =>
    callChecked(
      scanSpec,
      'lookupFeaturedAppRight',
      scanApi.lookupFeaturedAppRight({ client: scan, path: { provider_party_id: provider } }),
    );
  const proxyFeatured = (provider: string, client = proxy) =>
    callChecked(
      scanProxySpec,
      'getProxyFeaturedAppRight',
      scanProxyApi.getProxyFeaturedAppRight({ client, path: { provider_party_id: provider } }),
    );
  const rounds = (cachedOpen: string[] = [], cachedIssuing: string[] = []) =>
    callChecked(
      scanSpec,
      'getOpenAndIssuingMiningRounds',
      scanApi.getOpenAndIssuingMiningRounds({
        client: scan,
        body: {
          cached_open_mining_round_contract_ids: cachedOpen,
          cached_issuing_round_contract_ids: cachedIssuing,
        },
      }),
    );
  const proxyRounds = (client = proxy) =>
    callChecked(
      scanProxySpec,
      'getProxyOpenAndIssuingMiningRounds',
      scanProxyApi.getProxyOpenAndIssuingMiningRounds({ client }),
    );
  const preapproval = (party: string) =>
    callChecked(
      scanSpec,
      'lookupTransferPreapprovalByParty',
      scanApi.lookupTransferPreapprovalByParty({ client: scan, path: { party } }),
    );
  const proxyPreapproval = (party: string, client = proxy) =>
    callChecked(
      scanProxySpec,
      'getProxyTransferPreapprovalByParty',
      scanProxyApi.getProxyTransferPreapprovalByParty({ client, path: { party } }),
    );
  const amuletRules = (body: scanApi.AmuletRulesRequest) =>
    callChecked(scanSpec, 'getAmuletRules', scanApi.getAmuletRules({ client: scan, body }));

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

  /** IssuingMiningRounds `numbers` of the fixture's DSO, in one transaction. */
  function issuingRounds(f: TokenNetworkFixture, numbers: number[], dso = f.dso): HistoryTransaction {
    return f.h.tx(
      numbers.map((n) => ({
        create: {
          template: SpliceTemplates.IssuingMiningRound,
          payload: {
            dso,
            round: { number: String(n) },
            issuancePerValidatorRewardCoupon: '0.2000000000',
            issuancePerFeaturedAppRewardCoupon: '100.0000000000',
            issuancePerUnfeaturedAppRewardCoupon: '0.6000000000',
            issuancePerSvRewardCoupon: '2.5000000000',
            opensAt: f.h.now(),
            targetClosesAt: f.h.now(),
            optIssuancePerValidatorFaucetCoupon: null,
          },
          signatories: [dso],
          observers: [],
        },
      })),
    );
  }

  describe('DSO party id', () => {
    it('names the DSO of the current DSO rules, on scan and through the proxy', async () => {
      const f = new TokenNetworkFixture();
      await append(f.genesis());
      const res = await dsoPartyId();
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ dso_party_id: f.dso });
      expect((await proxyDsoPartyId()).body).toEqual({ dso_party_id: f.dso });
    });

    it('is not found before DSO rules are ingested', async () => {
      for (const res of [await dsoPartyId(), await proxyDsoPartyId()]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'no DsoRules contract has been ingested yet' });
      }
    });
  });

  describe('featured app rights', () => {
    it("serves the provider's current right, and none for a provider without one", async () => {
      const f = new TokenNetworkFixture();
      const genesis = f.genesis();
      await append(genesis);
      const right = (await served(createdOf(genesis, SpliceTemplates.FeaturedAppRight), f.h.synchronizer))
        .contract;
      for (const res of [await featured(f.featuredProvider), await proxyFeatured(f.featuredProvider)]) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ featured_app_right: right });
      }
      for (const res of [await featured(f.plainProvider), await proxyFeatured(f.plainProvider)]) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual({});
      }
    });

    it('forgets a revoked right', async () => {
      const f = new TokenNetworkFixture();
      const genesis = f.genesis();
      await append(genesis, f.archive(createdOf(genesis, SpliceTemplates.FeaturedAppRight)));
      expect((await featured(f.featuredProvider)).body).toEqual({});
    });

    it('refuses a provider that is not a party id', async () => {
      for (const res of [await featured('no-namespace'), await proxyFeatured('no-namespace')]) {
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(/provider_party_id/);
      }
    });
  });

  describe('open and issuing mining rounds', () => {
    it('serves every current round in full when the caller holds none', async () => {
      const f = new TokenNetworkFixture();
      const genesis = f.genesis();
      const issuing = issuingRounds(f, [0]);
      await append(genesis, issuing, issuingRounds(f, [7], f.h.party('not-the-dso')));
      const open = allCreatedOf(genesis, SpliceTemplates.OpenMiningRound);
      const issuingRound = createdOf(issuing, SpliceTemplates.IssuingMiningRound);
      const sync = f.h.synchronizer;
      const res = await rounds();
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        // Round 2 opens one tick after genesis; the newest record time is 1 s after it.
        time_to_live_in_microseconds: expect.any(Number),
        open_mining_rounds: Object.fromEntries(
          await Promise.all(open.map(async (e) => [e.contract_id, await served(e, sync)])),
        ),
        issuing_mining_rounds: { [issuingRound.contract_id]: await served(issuingRound, sync) },
      });
      expect(res.body.time_to_live_in_microseconds).toBeGreaterThan(TICK_MICROS - 5_000_000);
      expect(res.body.time_to_live_in_microseconds).toBeLessThan(TICK_MICROS);

      const plain = await proxyRounds();
      expect(plain.status).toBe(200);
      expect(plain.body).toEqual({
        open_mining_rounds: await Promise.all(open.map((e) => served(e, sync))),
        issuing_mining_rounds: [await served(issuingRound, sync)],
      });
    });

    it('leaves out the contracts the caller holds and drops the rounds that are gone', async () => {
      const f = new TokenNetworkFixture();
      const genesis = f.genesis();
      const issuing = issuingRounds(f, [0]);
      await append(genesis, issuing);
      const [round0, round1, round2] = allCreatedOf(genesis, SpliceTemplates.OpenMiningRound);
      const issuing0 = createdOf(issuing, SpliceTemplates.IssuingMiningRound);
      const sync = f.h.synchronizer;
      await append(f.archive(round0));
      const res = await rounds([round0.contract_id, round1.contract_id], [issuing0.contract_id]);
      expect(res.body.open_mining_rounds).toEqual({
        [round1.contract_id]: { domain_id: sync },
        [round2.contract_id]: await served(round2, sync),
      });
      expect(res.body.issuing_mining_rounds).toEqual({ [issuing0.contract_id]: { domain_id: sync } });
    });

    it('lives one tick once every round has opened, and not at all without rounds', async () => {
      expect((await rounds()).body).toEqual({
        time_to_live_in_microseconds: 0,
        open_mining_rounds: {},
        issuing_mining_rounds: {},
      });
      expect((await proxyRounds()).body).toEqual({ open_mining_rounds: [], issuing_mining_rounds: [] });
      const f = new TokenNetworkFixture();
      await append(f.genesis());
      f.after(TICK_MICROS / 1_000_000);
      await append(f.tap());
      expect((await rounds()).body.time_to_live_in_microseconds).toBe(TICK_MICROS);
    });

    it('refuses a body without the cached ids', async () => {
      const res = await callChecked(
        scanSpec,
        'getOpenAndIssuingMiningRounds',
        scanApi.getOpenAndIssuingMiningRounds({
          client: scan,
          body: { cached_open_mining_round_contract_ids: [] } as never,
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/cached_issuing_round_contract_ids/);
    });

    it('across an ingest that opens a new round, sends only the changed rounds in full', async () => {
      const updates = [...simulateNetwork({ rounds: 24, seed: 5 })];
      const openedIn = (u: HistoryUpdate) =>
        isTransaction(u) ? allCreatedOf(u, SpliceTemplates.OpenMiningRound).map((e) => e.contract_id) : [];
      // The first update of the second half that opens a round: the ingest the caller missed.
      const split = updates.findIndex((u, i) => i > updates.length / 2 && openedIn(u).length > 0);
      expect(split).toBeGreaterThan(0);
      await append(...updates.slice(0, split));
      const before = (await rounds()).body;
      const cachedOpen = Object.keys(before.open_mining_rounds);
      const cachedIssuing = Object.keys(before.issuing_mining_rounds);
      expect(cachedOpen.length).toBeGreaterThan(0);

      await append(...updates.slice(split, split + 1));
      const after = await rounds(cachedOpen, cachedIssuing);
      const full = await rounds();
      // The same current rounds as a caller holding nothing gets; the held ones without contract.
      for (const kind of ['open_mining_rounds', 'issuing_mining_rounds'] as const) {
        expect(Object.keys(after.body[kind]).sort()).toEqual(Object.keys(full.body[kind]).sort());
        const held = new Set(kind === 'open_mining_rounds' ? cachedOpen : cachedIssuing);
        for (const [id, entry] of Object.entries(full.body[kind]) as [string, { domain_id?: string }][])
          expect([id, after.body[kind][id]]).toEqual([
            id,
            held.has(id) ? { domain_id: entry.domain_id } : entry,
          ]);
      }
      const sentInFull = Object.entries(after.body.open_mining_rounds)
        .filter(([, e]) => 'contract' in (e as object))
        .map(([id]) => id);
      expect(sentInFull).toEqual(openedIn(updates[split]));
      expect(Object.keys(after.body.open_mining_rounds).length).toBeGreaterThan(1);
    });
  });

  describe('transfer preapprovals', () => {
    it('serves the preapproval of each party the simulator gave one, and 404 for the others', async () => {
      const options = { rounds: 24, seed: 9, transferPreapprovalParties: 2 };
      const updates = [...simulateNetwork(options)];
      await append(...updates);
      const { users, validators } = simulatedNetworkOf(options);
      for (const [i, user] of users.slice(0, 2).entries()) {
        const [created] = updates
          .filter(isTransaction)
          .flatMap((u) => allCreatedOf(u, SpliceTemplates.TransferPreapproval))
          .filter((e) => e.signatories.includes(user.id));
        const [row] = await db.dataSource.query(
          `SELECT ${synchronizerNameOf('t.synchronizer')} AS synchronizer_id FROM contracts t WHERE contract_id = $1 AND archived_record_time IS NULL`,
          [created.contract_id],
        );
        const expected = { transfer_preapproval: await served(created, row.synchronizer_id) };
        for (const res of [await preapproval(user.id), await proxyPreapproval(user.id)]) {
          expect(res.status).toBe(200);
          expect(res.body).toEqual(expected);
        }
        expect(expected.transfer_preapproval.contract.payload).toMatchObject({
          receiver: user.id,
          provider: validators[(i + users[0].index) % validators.length].id,
        });
      }
      for (const res of [await preapproval(users[2].id), await proxyPreapproval(users[2].id)]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: `no TransferPreapproval for party ${users[2].id}` });
      }
    });

    it('refuses a party that is not a party id, and the proxy form without a token', async () => {
      for (const res of [await preapproval('alice'), await proxyPreapproval('alice')]) {
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(/party/);
      }
      const res = await proxyPreapproval(new TokenNetworkFixture().alice, anonymousProxy);
      expect(res.status).toBe(401);
    });
  });

  describe('amulet rules, cache-aware', () => {
    it('sends the contract unless the caller holds the current one', async () => {
      const f = new TokenNetworkFixture();
      const genesis = f.genesis();
      await append(genesis);
      const rules = createdOf(genesis, SpliceTemplates.AmuletRules);
      const full = await served(rules, f.h.synchronizer);
      expect((await amuletRules({})).body).toEqual({ amulet_rules_update: full });
      expect((await amuletRules({ cached_amulet_rules_contract_id: '00' + 'cd'.repeat(20) })).body).toEqual({
        amulet_rules_update: full,
      });
      const res = await amuletRules({
        cached_amulet_rules_contract_id: rules.contract_id,
        cached_amulet_rules_domain_id: f.h.synchronizer,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ amulet_rules_update: { domain_id: f.h.synchronizer } });
    });

    it('is not found before amulet rules are ingested, and refuses a malformed body', async () => {
      const missing = await amuletRules({});
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'no AmuletRules contract has been ingested yet' });
      const bad = await amuletRules({ cached_amulet_rules_contract_id: 7 as never });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/cached_amulet_rules_contract_id/);
    });
  });

  it('refuses the proxy forms without a token', async () => {
    for (const res of [
      await proxyDsoPartyId(anonymousProxy),
      await proxyFeatured(new TokenNetworkFixture().featuredProvider, anonymousProxy),
      await proxyRounds(anonymousProxy),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toMatch(/JWT/);
    }
  });
});
