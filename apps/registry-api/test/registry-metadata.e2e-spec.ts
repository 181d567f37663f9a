import { registryApi, registrySpec } from '@canton-scan/contracts';
import {
  AcsSnapshotsRepository,
  Db,
  HoldingsRepository,
  HoldingsService,
  parseDamlDecimal,
  SpliceTemplates,
} from '@canton-scan/domain';
import { callChecked, createdOf, sendRaw, TokenNetworkFixture } from '@canton-scan/testing';
import { append, client, dataSource, running, useRegistryApp } from './registry-lookups.fixture';

const info = () => callChecked(registrySpec, 'getRegistryInfo', registryApi.getRegistryInfo({ client }));
const list = (query?: registryApi.ListInstrumentsData['query']) =>
  callChecked(registrySpec, 'listInstruments', registryApi.listInstruments({ client, query }));
const instrument = (instrumentId: string) =>
  callChecked(registrySpec, 'getInstrument', registryApi.getInstrument({ client, path: { instrumentId } }));

const REGISTRY_APIS = {
  'splice-api-token-metadata-v1': 1,
  'splice-api-token-allocation-instruction-v1': 1,
  'splice-api-token-allocation-v1': 1,
  'splice-api-token-allocation-instruction-v2': 1,
  'splice-api-token-allocation-v2': 1,
  'splice-api-token-transfer-instruction-v1': 1,
};

/**
 * Genesis, then alice taps 10 and 2.5, bob taps 7, alice locks 25 for an allocation; bob's tap is
 * archived again. In existence afterwards: 10 + 2.5 + 25 = 37.5.
 */
async function ledger() {
  const f = new TokenNetworkFixture();
  const genesis = f.genesis();
  const taps = [f.after(5).tap(f.alice, '10.0000000000'), f.after(5).tap(f.alice, '2.5000000000')];
  const bobTap = f.after(5).tap(f.bob, '7.0000000000');
  const allocation = f.after(5).allocation();
  const archive = f.after(5).archive(createdOf(bobTap, SpliceTemplates.Amulet));
  await append(genesis, ...taps, bobTap, allocation, archive);
  return { f, newest: archive.record_time };
}

describe('registry metadata (/registry/metadata/v1)', () => {
  useRegistryApp();

  it('answers 404 for info and instruments while nothing is ingested', async () => {
    for (const res of [await info(), await list(), await instrument('Amulet')]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.stringContaining('AmuletRules') });
    }
  });

  it('names the DSO party as admin and lists the APIs the registry serves', async () => {
    const { f } = await ledger();
    const res = await info();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ adminId: f.dso, supportedApis: REGISTRY_APIS });
  });

  it('serves Amulet with the supply of every Amulet and LockedAmulet after the newest update', async () => {
    const { newest } = await ledger();
    const res = await instrument('Amulet');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 'Amulet',
      name: 'Amulet',
      symbol: 'AMT',
      decimals: 10,
      totalSupply: '37.5000000000',
      totalSupplyAsOf: newest,
      supportedApis: { ...REGISTRY_APIS, 'splice-api-token-holding-v1': 1 },
    });
  });

  it('moves the supply and its time on with the ledger', async () => {
    const { f } = await ledger();
    const tap = f.after(60).tap(f.bob, '0.0000000001');
    await append(tap);
    const res = await instrument('Amulet');
    expect(res.body).toMatchObject({ totalSupply: '37.5000000001', totalSupplyAsOf: tap.record_time });
  });

  it('pages the instruments: one of one, no next page token, nothing after the last', async () => {
    await ledger();
    const amulet = (await instrument('Amulet')).body;
    const first = await list({ pageSize: 1 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ instruments: [amulet] });
    expect(await list()).toMatchObject({ status: 200, body: { instruments: [amulet] } });
    const after = await list({ pageSize: 1, pageToken: 'Amulet' });
    expect(after.body).toEqual({ instruments: [] });
  });

  it('answers 404 with an error body for an instrument it does not administer', async () => {
    await ledger();
    for (const id of ['Bitcoin', 'amulet', 'Amulet ']) {
      const res = await instrument(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.stringContaining(JSON.stringify(id)) });
    }
  });

  it('refuses a bad page size with 400 naming it', async () => {
    await ledger();
    const base = running.origin + running.config.registryApi.prefix;
    for (const pageSize of ['0', '-1', '1001', '1.5', 'ten', '']) {
      const res = await sendRaw(base, {
        method: 'GET',
        path: `/registry/metadata/v1/instruments?pageSize=${encodeURIComponent(pageSize)}`,
      });
      expect({ pageSize, status: res.status }).toEqual({ pageSize, status: 400 });
      expect(JSON.parse(res.text)).toEqual({ error: expect.stringContaining('pageSize') });
    }
  });

  it('reports as total supply what the holdings summary sums over every owner at the same time', async () => {
    const { f } = await ledger();
    // A holdings snapshot is taken once the ledger passes its time (every 3 hours here); the
    // newest update, past it, touches no holding, so the snapshot and the newest update agree.
    await append(f.after(4 * 3600).createRound(9, f.h.now()));
    const supply = (await instrument('Amulet')).body as registryApi.Instrument;
    const db = Db.of(dataSource());
    const owners = (
      await db.query<{ owner: string }>(
        `SELECT DISTINCT p.party AS owner FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id`,
      )
    ).map((r) => r.owner);
    expect(owners.sort()).toEqual([f.alice, f.bob].sort());
    const summary = await new HoldingsService(
      new HoldingsRepository(db),
      new AcsSnapshotsRepository(db),
    ).getSummary({
      migration_id: 0,
      record_time: supply.totalSupplyAsOf!,
      record_time_match: 'at_or_before',
      owner_party_ids: owners,
    });
    const total = summary.summaries.reduce((sum, s) => sum + parseDamlDecimal(s.total_coin_holdings), 0n);
    expect(summary.record_time < supply.totalSupplyAsOf!).toBe(true);
    expect(total).toBe(parseDamlDecimal(supply.totalSupply!));
    expect(supply.totalSupply).toBe('37.5000000000');
  });
});
