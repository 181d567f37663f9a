import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import {
  buildSplicePayload,
  fewestDigitsText,
  LedgerWriter,
  LEGACY_SEQUENCER_AVAILABLE_AFTER,
  parseDamlDecimal,
  SpliceTemplates,
  timestampToMicros,
  type CloseVoteRequestResult,
  type DsoRulesPayload,
  type HistoryExercisedEvent,
  type VoteRequestPayload,
  SpliceChoices,
  type OpenMiningRoundPayload,
  toCompact,
  type HistoryCreatedEvent,
  type HistoryUpdate,
  type SvNodeStatePayload,
} from '@canton-scan/domain';
import {
  callChecked,
  loadSimulatedNetwork,
  writeHistory,
  replayAcs,
  startTestApp,
  TokenNetworkFixture,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { simulateNetwork } from '@canton-scan/simulator';
import { createScanApp } from '../src/app.factory';

/** MainNet answers (`<repo>/../shared`, a sibling of the repository; see its README.md). */
const SAMPLES = join(__dirname, '../../../../shared/api/samples/mainnet-2026-01-30');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sample = (name: string): any => JSON.parse(readFileSync(join(SAMPLES, name), 'utf8'));

/** The keys of every object in `value`, recursively, as `path.key` (array items under `[]`). */
function keyPaths(value: unknown, path = '$', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keyPaths(item, `${path}[]`, out);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) {
      out.add(`${path}.${k}`);
      keyPaths(v, `${path}.${k}`, out);
    }
  return out;
}

type SynchronizerNodeConfigPayload = SvNodeStatePayload['state']['synchronizerNodes'][number][1];
type NodeStateInfo = { contract: { payload: unknown } };

/** What a client derives from `/v0/dso`: scan URLs by synchronizer, synchronizers in id order, SVs in node-state order. */
function scansFromDso(states: NodeStateInfo[]): scanApi.DomainScans[] {
  const by = new Map<string, scanApi.ScanInfo[]>();
  for (const s of states) {
    const payload = s.contract.payload as SvNodeStatePayload;
    for (const [sync, node] of payload.state.synchronizerNodes) {
      if (!node.scan) continue;
      by.set(sync, [...(by.get(sync) ?? []), { publicUrl: node.scan.publicUrl, svName: payload.svName }]);
    }
  }
  return [...by.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([domainId, scans]) => ({ domainId, scans }));
}

/** The newest migration's active contracts of a template signed by the DSO, in creation order (replayed, not read from the store). */
function currentOf(
  updates: readonly HistoryUpdate[],
  template: { templateId: string },
): HistoryCreatedEvent[] {
  const newest = Math.max(
    ...updates.map((u) => ('events_by_id' in u ? u.migration_id : u.event.migration_id)),
  );
  const acs = replayAcs(updates, newest, '9999-01-01T00:00:00.000000Z');
  const rules = acs.find((e) => e.template_id === SpliceTemplates.AmuletRules.templateId)!;
  return acs.filter(
    (e) => e.template_id === template.templateId && rules.signatories.every((p) => e.signatories.includes(p)),
  );
}

/** A created event as a `Contract` carries it (its blob is checked apart). */
const roundOf = (e: HistoryCreatedEvent) =>
  Number((toCompact(e.create_arguments) as { round: { number: string } }).round.number);

const asContract = (e: HistoryCreatedEvent) => ({
  template_id: e.template_id,
  contract_id: e.contract_id,
  payload: toCompact(e.create_arguments),
  created_at: e.created_at,
});

describe('network state on the scan group (SV nodes, rounds, licenses, featured apps, votes)', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());

  const scans = () => callChecked(scanSpec, 'listDsoScans', scanApi.listDsoScans({ client }));
  const sequencers = () => callChecked(scanSpec, 'listDsoSequencers', scanApi.listDsoSequencers({ client }));
  const bft = () => callChecked(scanSpec, 'listSvBftSequencers', scanApi.listSvBftSequencers({ client }));
  const dso = () => callChecked(scanSpec, 'getDsoInfo', scanApi.getDsoInfo({ client }));

  describe('on an empty store', () => {
    it('lists no scans, sequencers or BFT sequencers', async () => {
      expect(await scans()).toMatchObject({ status: 200, body: { scans: [] } });
      expect(await sequencers()).toMatchObject({ status: 200, body: { domainSequencers: [] } });
      expect(await bft()).toMatchObject({ status: 200, body: { bftSequencers: [] } });
    });

    it('lists no closed rounds, licenses or featured apps, and has no external party amulet rules', async () => {
      expect(
        (await callChecked(scanSpec, 'getClosedRounds', scanApi.getClosedRounds({ client }))).body,
      ).toEqual({
        rounds: [],
      });
      expect(
        (await callChecked(scanSpec, 'listValidatorLicenses', scanApi.listValidatorLicenses({ client })))
          .body,
      ).toEqual({ validator_licenses: [] });
      expect(
        (await callChecked(scanSpec, 'listFeaturedAppRights', scanApi.listFeaturedAppRights({ client })))
          .body,
      ).toEqual({ featured_apps: [] });
      const rules = await callChecked(
        scanSpec,
        'getExternalPartyAmuletRules',
        scanApi.getExternalPartyAmuletRules({ client, body: {} }),
      );
      expect(rules.status).toBe(404);
    });

    it('names the network as configured, supports no optional feature, schedules no upgrade and has no price votes', async () => {
      const names = await callChecked(
        scanSpec,
        'getSpliceInstanceNames',
        scanApi.getSpliceInstanceNames({ client }),
      );
      expect(names.body).toEqual({
        network_name: 'Splice',
        network_favicon_url: 'https://www.hyperledger.org/hubfs/hyperledgerfavicon.png',
        amulet_name: 'Amulet',
        amulet_name_acronym: 'AMT',
        name_service_name: 'Amulet Name Service',
        name_service_name_acronym: 'ANS',
      });
      expect(running.config.spliceInstanceNames.networkName).toBe(names.body.network_name);
      expect(
        (await callChecked(scanSpec, 'featureSupport', scanApi.featureSupport({ client }))).body,
      ).toEqual({});
      expect(
        (await callChecked(scanSpec, 'getMigrationSchedule', scanApi.getMigrationSchedule({ client })))
          .status,
      ).toBe(404);
      expect(
        (await callChecked(scanSpec, 'listAmuletPriceVotes', scanApi.listAmuletPriceVotes({ client }))).body,
      ).toEqual({ amulet_price_votes: [] });
      const round = await callChecked(
        scanSpec,
        'getAmuletConfigForRound',
        scanApi.getAmuletConfigForRound({ client, query: { round: 0 } }),
      );
      expect(round.status).toBe(404);
    });
  });

  describe('on a simulated network', () => {
    let updates: HistoryUpdate[];
    beforeEach(async () => {
      ({ updates } = await loadSimulatedNetwork(db.dataSource, { seed: 5, rounds: 24 }));
    });

    it('lists the scan URLs of the SVs in /v0/dso, by synchronizer, in the shape of MainNet', async () => {
      const info = await dso();
      expect(info.status).toBe(200);
      const res = await scans();
      expect(res.status).toBe(200);
      expect(res.body.scans).toEqual(scansFromDso(info.body.sv_node_states));
      expect(res.body.scans[0].scans.length).toBe(info.body.sv_node_states.length);
      expect(keyPaths(res.body)).toEqual(keyPaths(sample('scan.v0.scans.json')));
    });

    it("lists the sequencers the SVs in DsoRules published with an availableAfter, each migration's, and no BFT sequencer", async () => {
      const info = await dso();
      const res = await sequencers();
      expect(res.status).toBe(200);
      const [synchronizer] = info.body.sv_node_states[0].contract.payload.state.synchronizerNodes[0];
      // The network migrated from 0 to 1: each SV in DsoRules lists migration 0's sequencer as
      // legacy (available since always) and migration 1's with the time it became available.
      const svs = new Set(info.body.dso_rules.contract.payload.svs.map(([party]: [string]) => party));
      const expected = info.body.sv_node_states.flatMap((s: NodeStateInfo) => {
        const payload = s.contract.payload as SvNodeStatePayload;
        if (!svs.has(payload.sv)) return [];
        return payload.state.synchronizerNodes.flatMap(([, node]) => [
          ...(node.legacySequencerConfig
            ? [
                {
                  migrationId: Number(node.legacySequencerConfig.migrationId),
                  id: node.legacySequencerConfig.sequencerId,
                  url: node.legacySequencerConfig.url,
                  svName: payload.svName,
                  availableAfter: LEGACY_SEQUENCER_AVAILABLE_AFTER,
                },
              ]
            : []),
          ...(node.sequencer?.availableAfter
            ? [
                {
                  migrationId: Number(node.sequencer.migrationId),
                  id: node.sequencer.sequencerId,
                  url: node.sequencer.url,
                  svName: payload.svName,
                  availableAfter: expect.any(String),
                },
              ]
            : []),
        ]);
      });
      expect(res.body.domainSequencers).toEqual([
        { domainId: synchronizer, sequencers: expect.arrayContaining(expected) },
      ]);
      expect(res.body.domainSequencers[0].sequencers).toHaveLength(expected.length);
      expect(new Set(expected.map((s: { migrationId: number }) => s.migrationId))).toEqual(new Set([0, 1]));
      expect(keyPaths(res.body)).toEqual(keyPaths(sample('scan.v0.dso_sequencers.json')));
      expect((await bft()).body).toEqual({ bftSequencers: [] });
    });

    it('answers the migration schedule the SVs voted into the DsoRules config', async () => {
      const info = await dso();
      const configured = info.body.dso_rules.contract.payload.config.nextScheduledSynchronizerUpgrade;
      expect(configured).toEqual({ time: expect.any(String), migrationId: '1' });
      const res = await callChecked(
        scanSpec,
        'getMigrationSchedule',
        scanApi.getMigrationSchedule({ client }),
      );
      expect(res.status).toBe(200);
      expect(res.body.migration_id).toBe(1);
      expect(Date.parse(res.body.time)).toBe(Date.parse(configured.time));
    });

    it('lists the current closed rounds in round order, as MainNet shapes them', async () => {
      const expected = currentOf(updates, SpliceTemplates.ClosedMiningRound).sort(
        (a, b) => roundOf(a) - roundOf(b),
      );
      expect(expected.length).toBeGreaterThan(0);
      const res = await callChecked(scanSpec, 'getClosedRounds', scanApi.getClosedRounds({ client }));
      expect(res.status).toBe(200);
      expect(res.body.rounds.map(({ created_event_blob: _, ...c }: scanApi.Contract) => c)).toEqual(
        expected.map(asContract),
      );
      for (const round of res.body.rounds) expect(round.created_event_blob).toMatch(/^[A-Za-z0-9+/]+=*$/);
      const mainnet = sample('scan.v0.closed_rounds.json');
      expect(Object.keys(res.body)).toEqual(Object.keys(mainnet));
      expect(Object.keys(res.body.rounds[0])).toEqual(Object.keys(mainnet.rounds[0]));
    });

    it('pages the validator licenses newest first to an empty page, each token after the last license', async () => {
      const expected = currentOf(updates, SpliceTemplates.ValidatorLicense).reverse();
      expect(expected.length).toBeGreaterThan(3);
      const page = (query: { after?: number; limit?: number }) =>
        callChecked(scanSpec, 'listValidatorLicenses', scanApi.listValidatorLicenses({ client, query }));
      const seen: scanApi.Contract[] = [];
      const tokens: number[] = [];
      let after: number | undefined;
      for (;;) {
        const res = await page({ after, limit: 3 });
        expect(res.status).toBe(200);
        seen.push(...res.body.validator_licenses);
        if (res.body.validator_licenses.length === 0) {
          expect(res.body.next_page_token).toBeUndefined();
          break;
        }
        expect(res.body.validator_licenses.length).toBeLessThanOrEqual(3);
        tokens.push(res.body.next_page_token);
        after = res.body.next_page_token;
      }
      expect(seen.map(({ created_event_blob: _, ...c }) => c)).toEqual(expected.map(asContract));
      expect(tokens).toEqual([...tokens].sort((a, b) => b - a));
      expect(new Set(tokens).size).toBe(tokens.length);
      // One default page holds them all, with the token of the oldest.
      const whole = await page({});
      expect(whole.body.validator_licenses).toEqual(seen);
      expect(whole.body.next_page_token).toBe(tokens[tokens.length - 1]);
      expect((await page({ after: 0 })).body).toEqual({ validator_licenses: [] });
    });

    it('refuses a limit outside 1 to 1000 or not a number, naming it', async () => {
      for (const limit of ['0', '1001', '-1', 'ten', '1.5']) {
        const res = await fetch(
          `${running.origin}${running.config.scanApi.prefix}/v0/admin/validator/licenses?limit=${limit}`,
        );
        expect(res.status).toBe(400);
        expect((await res.json()).error).toMatch(/limit/);
      }
      const res = await fetch(
        `${running.origin}${running.config.scanApi.prefix}/v0/admin/validator/licenses?after=x`,
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/after/);
    });

    it('lists the featured app rights, by provider and by contract id, as the provider lookup serves them', async () => {
      const expected = currentOf(updates, SpliceTemplates.FeaturedAppRight);
      expect(expected.length).toBeGreaterThan(1);
      const all = await callChecked(
        scanSpec,
        'listFeaturedAppRights',
        scanApi.listFeaturedAppRights({ client }),
      );
      expect(all.status).toBe(200);
      expect(all.body.featured_apps.map(({ created_event_blob: _, ...c }: scanApi.Contract) => c)).toEqual(
        expected.map(asContract),
      );
      for (const right of all.body.featured_apps as scanApi.Contract[]) {
        const provider = (right.payload as { provider: string }).provider;
        const byProvider = await callChecked(
          scanSpec,
          'listFeaturedAppRightsByProvider',
          scanApi.listFeaturedAppRightsByProvider({ client, path: { provider_party_id: provider } }),
        );
        expect(byProvider.body.featured_apps).toEqual(
          all.body.featured_apps.filter(
            (r: scanApi.Contract) => (r.payload as { provider: string }).provider === provider,
          ),
        );
        const byId = await callChecked(
          scanSpec,
          'lookupFeaturedAppRightByContractId',
          scanApi.lookupFeaturedAppRightByContractId({ client, path: { contract_id: right.contract_id } }),
        );
        expect(byId.body).toEqual({ featured_app_right: right });
        // The provider lookup (what wallets call) serves the same contract, blob included.
        const lookup = await scanApi.lookupFeaturedAppRight({
          client,
          path: { provider_party_id: provider },
        });
        expect(byProvider.body.featured_apps).toContainEqual(lookup.data!.featured_app_right);
      }
      const archived = updates
        .flatMap((u) => ('events_by_id' in u ? Object.values(u.events_by_id) : []))
        .filter(
          (e): e is HistoryCreatedEvent =>
            e.event_type === 'created_event' &&
            e.template_id === SpliceTemplates.FeaturedAppRight.templateId &&
            !expected.some((x) => x.contract_id === e.contract_id),
        );
      const round = currentOf(updates, SpliceTemplates.ClosedMiningRound)[0];
      for (const contract_id of [
        ...archived.map((e) => e.contract_id),
        round.contract_id,
        '00' + 'ab'.repeat(40),
      ]) {
        const res = await callChecked(
          scanSpec,
          'lookupFeaturedAppRightByContractId',
          scanApi.lookupFeaturedAppRightByContractId({ client, path: { contract_id } }),
        );
        expect(res).toMatchObject({ status: 200, body: {} });
        expect(res.body.featured_app_right).toBeUndefined();
      }
      const stranger = 'stranger::1220' + '5'.repeat(64);
      expect(
        (await scanApi.listFeaturedAppRightsByProvider({ client, path: { provider_party_id: stranger } }))
          .data,
      ).toEqual({ featured_apps: [] });
      const bad = await callChecked(
        scanSpec,
        'listFeaturedAppRightsByProvider',
        scanApi.listFeaturedAppRightsByProvider({ client, path: { provider_party_id: 'not-a-party' } }),
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/provider_party_id/);
    });

    it('serves the external party amulet rules unless the caller holds them', async () => {
      const [rules] = currentOf(updates, SpliceTemplates.ExternalPartyAmuletRules);
      const call = (body: scanApi.ExternalPartyAmuletRulesRequest) =>
        callChecked(
          scanSpec,
          'getExternalPartyAmuletRules',
          scanApi.getExternalPartyAmuletRules({ client, body }),
        );
      const full = await call({});
      expect(full.status).toBe(200);
      const update = full.body.external_party_amulet_rules_update;
      const { created_event_blob: blob, ...contract } = update.contract;
      expect(contract).toEqual(asContract(rules));
      expect(blob.length).toBeGreaterThan(0);
      const creating = updates.find(
        (u) => 'events_by_id' in u && Object.values(u.events_by_id).includes(rules),
      );
      expect(update.domain_id).toBe(
        creating && 'events_by_id' in creating ? creating.synchronizer_id : 'none',
      );
      expect(
        (await call({ cached_external_party_amulet_rules_contract_id: rules.contract_id })).body,
      ).toEqual({
        external_party_amulet_rules_update: { domain_id: update.domain_id },
      });
      expect(
        (
          await call({
            cached_external_party_amulet_rules_contract_id: '00' + 'cd'.repeat(40),
            cached_external_party_amulet_rules_domain_id: update.domain_id,
          })
        ).body,
      ).toEqual(full.body);
      const bad = await fetch(
        `${running.origin}${running.config.scanApi.prefix}/v0/external-party-amulet-rules`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cached_external_party_amulet_rules_contract_id: 5 }),
        },
      );
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toMatch(/cached_external_party_amulet_rules_contract_id/);
    });

    it('gives the fees of every recorded round in amulet at its price, 404 for others, 400 without a round', async () => {
      const opened = updates
        .flatMap((u) => ('events_by_id' in u ? Object.values(u.events_by_id) : []))
        .filter(
          (e): e is HistoryCreatedEvent =>
            e.event_type === 'created_event' && e.template_id === SpliceTemplates.OpenMiningRound.templateId,
        )
        .map((e) => toCompact(e.create_arguments) as unknown as OpenMiningRoundPayload);
      expect(opened.length).toBeGreaterThan(10);
      // Payload decimals may come in the scientific form Splice writes ("0E-10" for the zero fees).
      const units = (d: string) => parseDamlDecimal(d);
      for (const payload of [opened[0], opened[Math.floor(opened.length / 2)], opened[opened.length - 1]]) {
        const round = Number(payload.round.number);
        const res = await callChecked(
          scanSpec,
          'getAmuletConfigForRound',
          scanApi.getAmuletConfigForRound({ client, query: { round } }),
        );
        expect(res.status).toBe(200);
        const cfg = payload.transferConfigUsd;
        const price = units(payload.amuletPrice);
        // amount × price is the USD fee to within half a unit of the last digit times the price.
        const close = (amulet: string, usd: string) => {
          const diff = units(amulet) * price - units(usd) * 10n ** 10n;
          expect(2n * (diff < 0n ? -diff : diff)).toBeLessThanOrEqual(price);
        };
        close(res.body.amulet_create_fee, cfg.createFee.fee);
        close(res.body.holding_fee, cfg.holdingFee.rate);
        close(res.body.lock_holder_fee, cfg.lockHolderFee.fee);
        expect(units(res.body.transfer_fee.initial)).toBe(units(cfg.transferFee.initialRate));
        expect(res.body.transfer_fee.steps.map((s: scanApi.RateStep) => units(s.rate))).toEqual(
          cfg.transferFee.steps.map((s) => units(s._2)),
        );
        res.body.transfer_fee.steps.forEach((s: scanApi.RateStep, i: number) =>
          close(s.amount, cfg.transferFee.steps[i]._1),
        );
      }
      const last = Math.max(...opened.map((p) => Number(p.round.number)));
      for (const round of [last + 1, Number.MAX_SAFE_INTEGER]) {
        const res = await callChecked(
          scanSpec,
          'getAmuletConfigForRound',
          scanApi.getAmuletConfigForRound({ client, query: { round } }),
        );
        expect(res).toMatchObject({
          status: 404,
          body: { error: expect.stringContaining(`Round ${round}`) },
        });
      }
      for (const query of ['', '?round=abc', '?round=1.5']) {
        const res = await fetch(
          `${running.origin}${running.config.scanApi.prefix}/v0/amulet-config-for-round${query}`,
        );
        expect(res.status).toBe(400);
        expect((await res.json()).error).toMatch(/round/);
      }
    });

    it('lists the current AmuletPriceVotes, one per current SV', async () => {
      const info = await dso();
      const votes = (
        await callChecked(scanSpec, 'listAmuletPriceVotes', scanApi.listAmuletPriceVotes({ client }))
      ).body.amulet_price_votes;
      // Each SV updates its own vote with a new contract; an offboarded SV's vote is garbage-collected.
      expect(votes.map((v: scanApi.Contract) => v.contract_id)).toEqual(
        currentOf(updates, SpliceTemplates.AmuletPriceVote).map((e) => e.contract_id),
      );
      const voters = votes.map((v: scanApi.Contract) => (v.payload as { sv: string }).sv);
      expect(new Set(voters).size).toBe(voters.length);
      const svs = (info.body.dso_rules.contract.payload as DsoRulesPayload).svs.map(([party]) => party);
      expect([...voters].sort()).toEqual([...svs].sort());
    });

    it('pages the vote results newest first as the count counts them, each page after the last', async () => {
      const results = updates
        .flatMap((u) => ('events_by_id' in u && u.offset !== '' ? Object.values(u.events_by_id) : []))
        .filter(
          (e): e is HistoryExercisedEvent =>
            e.event_type === 'exercised_event' && e.choice === SpliceChoices.DsoRulesCloseVoteRequest,
        )
        .map((e) => toCompact(e.exercise_result) as unknown as CloseVoteRequestResult);
      expect(results.length).toBeGreaterThan(4);
      const effective = (r: CloseVoteRequestResult) =>
        r.outcome.tag === 'VRO_Accepted'
          ? (r.outcome.value as { effectiveAt: string }).effectiveAt
          : r.completedAt;
      const list = (body: scanApi.ListVoteResultsRequest) =>
        callChecked(scanSpec, 'listVoteRequestResults', scanApi.listVoteRequestResults({ client, body }));
      const walk = async (filter: Omit<scanApi.ListVoteResultsRequest, 'limit'>) => {
        const seen: CloseVoteRequestResult[] = [];
        let pageToken: number | undefined;
        for (;;) {
          const res = await list({ ...filter, limit: 2, ...(pageToken === undefined ? {} : { pageToken }) });
          expect(res.status).toBe(200);
          seen.push(...res.body.dso_rules_vote_results);
          if (res.body.dso_rules_vote_results.length === 0) {
            expect(res.body.next_page_token).toBeUndefined();
            return seen;
          }
          pageToken = res.body.next_page_token;
        }
      };
      const all = await walk({});
      expect([...all].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
        [...results].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      );
      const times = all.map((r) => timestampToMicros(effective(r)));
      expect(times).toEqual([...times].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
      for (const filter of [
        { accepted: true },
        { accepted: false },
        { actionName: (Object.values(results[0].request.action.value)[0] as { tag: string }).tag },
      ]) {
        const count = await scanApi.countVoteResults({
          client,
          body: filter as scanApi.VoteResultsCountRequest,
        });
        expect((await walk(filter as scanApi.ListVoteResultsRequest)).length).toBe(count.data!.count);
      }
      const pivot = effective(all[Math.floor(all.length / 2)]);
      const since = await walk({ effectiveFrom: pivot });
      expect(since).toEqual(all.filter((r) => timestampToMicros(effective(r)) >= timestampToMicros(pivot)));
      expect((await list({ limit: 1000 })).body.dso_rules_vote_results).toEqual(all);
      for (const body of [{ limit: 0 }, { limit: 1001 }, {}, { limit: 5, pageToken: 'x' }]) {
        const res = await fetch(`${running.origin}${running.config.scanApi.prefix}/v0/admin/sv/voteresults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(400);
        expect((await res.json()).error).toMatch(/limit|pageToken/);
      }
      expect((await list({ limit: 5, pageToken: 1 })).body).toEqual({ dso_rules_vote_results: [] });
    });
  });

  describe('on a simulated network in the middle of a vote', () => {
    let updates: HistoryUpdate[];
    beforeEach(async () => {
      const all: HistoryUpdate[] = [];
      const generator = simulateNetwork({ seed: 5, rounds: 24 });
      for (let step = generator.next(); !step.done; step = generator.next()) all.push(step.value);
      // The history up to the first update after which a voted-on request (one re-created with a trackingCid) is open.
      const cut = all.findIndex((_, i) =>
        currentOf(all.slice(0, i + 1), SpliceTemplates.VoteRequest).some(
          (e) => (toCompact(e.create_arguments) as unknown as VoteRequestPayload).trackingCid !== null,
        ),
      );
      expect(cut).toBeGreaterThan(0);
      updates = all.slice(0, cut + 1);
      await writeHistory(db.dataSource, updates);
    });

    it('lists the open vote requests and finds each by the id it was first created with', async () => {
      const open = currentOf(updates, SpliceTemplates.VoteRequest);
      expect(open.length).toBeGreaterThan(0);
      const list = await callChecked(
        scanSpec,
        'listDsoRulesVoteRequests',
        scanApi.listDsoRulesVoteRequests({ client }),
      );
      expect(list.status).toBe(200);
      expect(
        list.body.dso_rules_vote_requests.map(({ created_event_blob: _, ...c }: scanApi.Contract) => c),
      ).toEqual(open.map(asContract));
      const trackingIds = open.map((e) => {
        const payload = toCompact(e.create_arguments) as unknown as VoteRequestPayload;
        return payload.trackingCid ?? e.contract_id;
      });
      // Votes re-create a request: some tracking ids name archived contracts.
      expect(trackingIds.some((id, i) => id !== open[i].contract_id)).toBe(true);
      for (const [i, id] of trackingIds.entries()) {
        const res = await callChecked(
          scanSpec,
          'lookupDsoRulesVoteRequest',
          scanApi.lookupDsoRulesVoteRequest({ client, path: { vote_request_contract_id: id } }),
        );
        expect(res.status).toBe(200);
        expect(res.body.dso_rules_vote_request).toEqual(list.body.dso_rules_vote_requests[i]);
      }
      const unknown = '00' + 'ef'.repeat(40);
      const missing = await callChecked(
        scanSpec,
        'lookupDsoRulesVoteRequest',
        scanApi.lookupDsoRulesVoteRequest({ client, path: { vote_request_contract_id: unknown } }),
      );
      expect(missing).toMatchObject({ status: 404, body: { error: expect.stringContaining(unknown) } });
      const batch = (ids: string[]) =>
        callChecked(
          scanSpec,
          'listVoteRequestsByTrackingCid',
          scanApi.listVoteRequestsByTrackingCid({ client, body: { vote_request_contract_ids: ids } }),
        );
      expect((await batch([unknown, ...trackingIds])).body).toEqual({
        vote_requests: list.body.dso_rules_vote_requests,
      });
      expect((await batch([trackingIds[trackingIds.length - 1]])).body).toEqual({
        vote_requests: [list.body.dso_rules_vote_requests[trackingIds.length - 1]],
      });
      expect((await batch([])).body).toEqual({ vote_requests: [] });
      const bad = await fetch(`${running.origin}${running.config.scanApi.prefix}/v0/voterequest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ vote_request_contract_ids: 'x' }),
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toMatch(/vote_request_contract_ids/);
    });
  });

  describe('on SV node states as MainNet publishes them', () => {
    const f = new TokenNetworkFixture();
    const sync = f.h.synchronizer;
    const other = f.h.otherSynchronizer;
    const node = (
      n: number,
      extra: Partial<SynchronizerNodeConfigPayload> = {},
    ): SynchronizerNodeConfigPayload => ({
      cometBft: { nodes: [], governanceKeys: [], sequencingKeys: [] },
      sequencer: {
        migrationId: '4',
        sequencerId: `SEQ::sv-${n}::1220${'ab'.repeat(32)}`,
        url: `https://sequencer-4.sv-${n}.example.com`,
        availableAfter: '2025-12-29T15:12:37.283440Z',
      },
      mediator: { mediatorId: `MED::sv-${n}::1220${'cd'.repeat(32)}` },
      scan: { publicUrl: `https://scan.sv-${n}.example.com` },
      legacySequencerConfig: null,
      ...extra,
    });
    /** SvNodeStates for the fixture's SVs (in DsoRules order 0..3) and the offboarded one. */
    const nodeStates = (): Record<string, SynchronizerNodeConfigPayload[]>[] => [
      // SV-0: a legacy sequencer of migration 3 next to its current one, on two synchronizers.
      {
        [other]: [node(0)],
        [sync]: [
          node(0, {
            legacySequencerConfig: {
              migrationId: '3',
              sequencerId: 'SEQ::old::1220aa',
              url: 'https://sequencer-3.sv-0.example.com',
            },
          }),
        ],
      },
      // SV-1: no scan; a sequencer not yet available.
      { [sync]: [node(1, { scan: null, sequencer: { ...node(1).sequencer!, availableAfter: null } })] },
      // SV-2: a sequencer whose URL upstream would refuse.
      { [sync]: [node(2, { sequencer: { ...node(2).sequencer!, url: 'sequencer-2.example.com' } })] },
      // SV-3: a whole-second availableAfter.
      { [sync]: [node(3, { sequencer: { ...node(3).sequencer!, availableAfter: '2026-01-02T21:06:05Z' } })] },
      // The offboarded SV: still has a node state, but is not in DsoRules.
      { [sync]: [node(9)] },
    ];

    beforeEach(async () => {
      const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
      const genesis = f.genesis();
      // Replace the fixture's empty node states with the ones above (same SVs, same order).
      const parties = [...f.svs, f.offboardedSv];
      const states = nodeStates();
      const ids = Object.keys(genesis.events_by_id);
      let sv = 0;
      for (const id of ids) {
        const e = genesis.events_by_id[id];
        if (e.event_type !== 'created_event' || e.template_id !== SpliceTemplates.SvNodeState.templateId)
          continue;
        const synchronizerNodes = Object.entries(states[sv]).flatMap(([s, list]) => list.map((n) => [s, n]));
        const payload = {
          dso: f.dso,
          sv: parties[sv],
          svName: `SV-${sv}`,
          state: { synchronizerNodes },
        } as unknown as SvNodeStatePayload;
        e.create_arguments = buildSplicePayload(SpliceTemplates.SvNodeState, payload);
        sv++;
      }
      expect(sv).toBe(5);
      await writer.append([genesis]);
    });

    it('gives the upgrade the DsoRules schedule', async () => {
      const current = (await dso()).body.dso_rules.contract;
      const payload = current.payload as DsoRulesPayload;
      const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
      const scheduled = {
        ...payload,
        config: {
          ...payload.config,
          nextScheduledSynchronizerUpgrade: { time: '2026-02-01T08:00:00.120000Z', migrationId: '5' },
        },
      } as DsoRulesPayload;
      await writer.append([
        f.h.tx([
          {
            exercise: {
              contractId: current.contract_id,
              template: SpliceTemplates.DsoRules,
              choice: 'DsoRules_ScheduleUpgrade',
              consuming: true,
              actingParties: [f.dso],
              children: [
                { create: { template: SpliceTemplates.DsoRules, payload: scheduled, signatories: [f.dso] } },
              ],
            },
          },
        ]),
      ]);
      const res = await callChecked(
        scanSpec,
        'getMigrationSchedule',
        scanApi.getMigrationSchedule({ client }),
      );
      expect(res).toMatchObject({ status: 200, body: { time: '2026-02-01T08:00:00.12Z', migration_id: 5 } });
    });

    it('lists the scans of the SVs in DsoRules that have one, by synchronizer id, as /v0/dso gives them', async () => {
      const info = await dso();
      const res = await scans();
      expect(res.body.scans).toEqual(scansFromDso(info.body.sv_node_states));
      const [first, second] = [sync, other].sort();
      expect(res.body.scans.map((d: scanApi.DomainScans) => d.domainId)).toEqual([first, second]);
      const onSync = res.body.scans.find((d: scanApi.DomainScans) => d.domainId === sync).scans;
      expect(onSync.map((s: scanApi.ScanInfo) => s.svName)).toEqual(['SV-0', 'SV-2', 'SV-3']);
      expect(JSON.stringify(res.body)).not.toContain('sv-9');
    });

    it('lists the legacy and current sequencers with an availableAfter and a servable URL, as MainNet writes them', async () => {
      const res = await sequencers();
      expect(res.status).toBe(200);
      const bySync = Object.fromEntries(
        res.body.domainSequencers.map((d: scanApi.DomainSequencers) => [d.domainId, d.sequencers]),
      );
      expect(Object.keys(bySync).sort()).toEqual([sync, other].sort());
      expect(res.body.domainSequencers.map((d: scanApi.DomainSequencers) => d.domainId)).toEqual(
        [sync, other].sort(),
      );
      expect(bySync[sync]).toEqual([
        {
          migrationId: 3,
          id: 'SEQ::old::1220aa',
          url: 'https://sequencer-3.sv-0.example.com',
          svName: 'SV-0',
          availableAfter: LEGACY_SEQUENCER_AVAILABLE_AFTER,
        },
        {
          migrationId: 4,
          id: node(0).sequencer!.sequencerId,
          url: 'https://sequencer-4.sv-0.example.com',
          svName: 'SV-0',
          // Upstream writes the fewest fraction digits, as MainNet shows (`…:37.28344Z`).
          availableAfter: '2025-12-29T15:12:37.28344Z',
        },
        {
          migrationId: 4,
          id: node(3).sequencer!.sequencerId,
          url: 'https://sequencer-4.sv-3.example.com',
          svName: 'SV-3',
          availableAfter: '2026-01-02T21:06:05Z',
        },
      ]);
      expect(bySync[other]).toHaveLength(1);
      expect(fewestDigitsText('2025-12-29T15:12:37.283440Z')).toBe('2025-12-29T15:12:37.28344Z');
      const mainnet = sample('scan.v0.dso_sequencers.json');
      expect(keyPaths(res.body)).toEqual(keyPaths(mainnet));
      const legacy = mainnet.domainSequencers[0].sequencers.find((s: scanApi.DsoSequencer) =>
        s.url.includes('sequencer-3'),
      );
      expect(legacy.availableAfter).toBe(LEGACY_SEQUENCER_AVAILABLE_AFTER);
    });
  });
});
