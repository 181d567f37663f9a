import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { isHostingItem, isVerdictItem, LedgerWriter, type DsoRulesPayload } from '@canton-scan/domain';
import { simulateHistory } from '@canton-scan/simulator';
import {
  callChecked,
  loadSimulatedNetwork,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Tx = scanApi.UpdateHistoryTransactionV2;

const NETWORK = { seed: 5, rounds: 24, reassignEveryRounds: 6 };

/**
 * `GET /v0|v1/domains/{domain_id}/parties/{party_id}/participant-id`: the synchronizer's
 * party-to-participant topology, ids discovered as a client would (the synchronizer and parties
 * from `POST /v2/updates`, the SVs' participants from `/v0/dso`'s DsoRules).
 */
describe('scan: which participants host a party on a synchronizer', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());

  const v0 = (domain_id: string, party_id: string) =>
    callChecked(
      scanSpec,
      'getPartyToParticipant',
      scanApi.getPartyToParticipant({ client, path: { domain_id, party_id } }),
    );
  const v1 = (domain_id: string, party_id: string) =>
    callChecked(
      scanSpec,
      'getPartyToParticipantV1',
      scanApi.getPartyToParticipantV1({ client, path: { domain_id, party_id } }),
    );

  async function firstTransactions(): Promise<Tx[]> {
    const page = await callChecked(
      scanSpec,
      'getUpdateHistoryV2',
      scanApi.getUpdateHistoryV2({ client, body: { page_size: 400 } }),
    );
    expect(page.status).toBe(200);
    return (page.body.transactions as scanApi.UpdateHistoryItemV2[]).filter(
      (i): i is Tx => 'events_by_id' in i,
    );
  }

  it('names the participants of the SVs (as DsoRules lists them), the DSO party (every SV), and every party of the history', async () => {
    const { summary } = await loadSimulatedNetwork(db.dataSource, NETWORK);
    const txs = await firstTransactions();
    const synchronizer = txs[0].synchronizer_id;
    const dso = await callChecked(scanSpec, 'getDsoInfo', scanApi.getDsoInfo({ client }));
    expect(dso.status).toBe(200);
    const rules = dso.body.dso_rules.contract.payload as DsoRulesPayload;
    expect(rules.svs.length).toBeGreaterThan(1);

    for (const [party, info] of rules.svs) {
      const one = await v0(synchronizer, party);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ participant_id: info.participantId });
      expect((await v1(synchronizer, party)).body).toEqual({ participant_ids: [info.participantId] });
    }

    // The DSO party is hosted by every SV's participant: v1 lists them, v0 fails as upstream's does.
    const dsoParty = dso.body.dso_party_id as string;
    const all = await v1(synchronizer, dsoParty);
    expect(all.status).toBe(200);
    expect([...all.body.participant_ids].sort()).toEqual(
      summary.network.svs.map((sv) => sv.participantId).sort(),
    );
    for (const [, info] of rules.svs) expect(all.body.participant_ids).toContain(info.participantId);
    const several = await v0(synchronizer, dsoParty);
    expect(several.status).toBe(500);
    expect(several.body.error).toContain('hosted on multiple participants');
    expect(several.body.error).toContain('/v1');

    // Every party taking part in a transaction is hosted on its synchronizer, by one of the network's participants.
    const participants = new Set([
      ...summary.network.svs.map((sv) => sv.participantId),
      ...summary.network.validatorParticipantIds,
    ]);
    const parties = new Map<string, string>();
    for (const tx of txs)
      for (const e of Object.values(tx.events_by_id))
        for (const p of e.event_type === 'created_event'
          ? [...e.signatories, ...e.observers]
          : e.acting_parties)
          parties.set(`${tx.synchronizer_id} ${p}`, p);
    expect(parties.size).toBeGreaterThan(5);
    for (const [key, party] of parties) {
      const res = await v1(key.split(' ')[0], party);
      expect({ party, status: res.status }).toEqual({ party, status: 200 });
      expect(res.body.participant_ids.length).toBeGreaterThan(0);
      for (const id of res.body.participant_ids) expect(participants).toContain(id);
    }
    // Validators on their own participants.
    for (const [i, validator] of summary.network.validators.entries()) {
      const res = await v0(synchronizer, validator.id);
      if (res.status === 404) continue; // a validator that never took part in a transaction there
      expect(res.body).toEqual({ participant_id: summary.network.validatorParticipantIds[i] });
    }
  });

  it('answers 404 for an unknown party or synchronizer, 400 for a malformed id', async () => {
    await loadSimulatedNetwork(db.dataSource, NETWORK);
    const [tx] = await firstTransactions();
    const party = Object.values(tx.events_by_id).flatMap((e) =>
      e.event_type === 'created_event' ? e.signatories : e.acting_parties,
    )[0];
    const unknownParty = `nobody::1220${'0'.repeat(64)}`;
    for (const call of [v0, v1]) {
      const res = await call(tx.synchronizer_id, unknownParty);
      expect(res.status).toBe(404);
      expect(res.body.error).toContain(unknownParty);
      const elsewhere = await call(`other-domain::1220${'ab'.repeat(32)}`, party);
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.error).toContain('other-domain');
      expect((await call('no-fingerprint', party)).status).toBe(400);
      expect((await call(tx.synchronizer_id, 'not a party')).status).toBe(400);
    }
  });

  it('answers 503 on a node holding the history without the topology (a mirror), and keeps hosting items through the one write path', async () => {
    const items = [...simulateHistory(NETWORK)];
    const updates = items.filter((i) => !isVerdictItem(i) && !isHostingItem(i));
    const mirror = new LedgerWriter(db.dataSource, {
      snapshotIntervalHours: 3,
      synchronizerVerdicts: 'absent',
    });
    await mirror.append(updates);
    await expect(mirror.append(items.filter(isHostingItem).slice(0, 3))).rejects.toThrow(
      /without synchronizer facts/,
    );
    const [tx] = await firstTransactions();
    const party = Object.values(tx.events_by_id).flatMap((e) =>
      e.event_type === 'created_event' ? e.signatories : e.acting_parties,
    )[0];
    for (const call of [v0, v1]) {
      const res = await call(tx.synchronizer_id, party);
      expect(res.status).toBe(503);
      expect(res.body.error).toContain('party-to-participant topology');
    }
    expect(await db.dataSource.query('SELECT count(*)::int AS n FROM party_hosting')).toEqual([{ n: 0 }]);
  });

  it('answers 503 on a mirror that copied the verdicts but not the topology (hosting_held apart from verdicts_held)', async () => {
    const items = [...simulateHistory(NETWORK)];
    const mirror = new LedgerWriter(db.dataSource, {
      snapshotIntervalHours: 3,
      synchronizerVerdicts: 'copied',
    });
    await mirror.append(
      items.filter((i) => !isHostingItem(i)),
      { verdictsHeld: true },
    );
    expect(
      await db.dataSource.query('SELECT DISTINCT verdicts_held, hosting_held FROM history_migrations'),
    ).toEqual([{ verdicts_held: true, hosting_held: false }]);
    const [tx] = await firstTransactions();
    const party = Object.values(tx.events_by_id).flatMap((e) =>
      e.event_type === 'created_event' ? e.signatories : e.acting_parties,
    )[0];
    for (const call of [v0, v1]) {
      const res = await call(tx.synchronizer_id, party);
      expect(res.status).toBe(503);
      expect(res.body.error).toContain('party-to-participant topology');
    }
  });

  it('lets a writer that copies the topology say so (hostingItems, hostingHeld): then it answers', async () => {
    const items = [...simulateHistory(NETWORK)];
    const writer = new LedgerWriter(db.dataSource, {
      snapshotIntervalHours: 3,
      synchronizerVerdicts: 'copied',
      hostingItems: 'history',
    });
    await writer.append(items, { verdictsHeld: true, hostingHeld: true });
    expect(
      await db.dataSource.query('SELECT DISTINCT verdicts_held, hosting_held FROM history_migrations'),
    ).toEqual([{ verdicts_held: true, hosting_held: true }]);
    const [row] = await db.dataSource.query('SELECT synchronizer_id, party_id FROM party_hosting LIMIT 1');
    expect((await v1(row.synchronizer_id, row.party_id)).status).toBe(200);
  });

  it('stores hosting items with their batch: a conflicting mapping rejects the whole batch, the same one again is a no-op', async () => {
    const items = [...simulateHistory(NETWORK)];
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    await writer.append(items);
    const hosting = items.filter(isHostingItem);
    const count = async () =>
      (await db.dataSource.query('SELECT count(*)::int AS n FROM party_hosting'))[0].n as number;
    expect(await count()).toBe(hosting.length);
    await writer.append(hosting);
    expect(await count()).toBe(hosting.length);
    const changed = {
      party_to_participant: { ...hosting[0].party_to_participant, participant_ids: ['PAR::someone::1220ab'] },
    };
    const fresh = {
      party_to_participant: { ...hosting[0].party_to_participant, party_id: `fresh::1220${'1'.repeat(64)}` },
    };
    await expect(writer.append([fresh, changed])).rejects.toThrow(/another mapping/);
    expect(await count()).toBe(hosting.length);
    await expect(
      writer.append([
        { party_to_participant: { ...hosting[0].party_to_participant, participant_ids: ['x'] } },
      ]),
    ).rejects.toThrow(/participant_ids/);
  });
});
