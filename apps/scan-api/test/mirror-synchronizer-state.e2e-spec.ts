import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import {
  Db,
  isHostingItem,
  LedgerWriter,
  MirrorPeerStatusRepository,
  SynchronizerStateRepository,
  type SynchronizerMember,
} from '@canton-scan/domain';
import { ScanMirror, type MirrorOptions } from '@canton-scan/mirror';
import { simulateHistory } from '@canton-scan/simulator';
import { callChecked, startTestApp, useTestDatabase, type RunningTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import { FAST_POLICY, openSourceStore, rewritingPeer, type SourceStore } from './mirror.fixture';

type Checked = { status: number; body: unknown };

/** The answers a client gets for a member's traffic and a party's hosting, checked against the spec. */
function scanOf(origin: string) {
  const client = createScanClient({ baseUrl: `${origin}/api/scan` });
  const plain = (r: { status: number; body: unknown }): Checked => ({ status: r.status, body: r.body });
  return {
    traffic: async (m: SynchronizerMember) =>
      plain(
        await callChecked(
          scanSpec,
          'getMemberTrafficStatus',
          scanApi.getMemberTrafficStatus({
            client,
            path: { domain_id: m.synchronizerId, member_id: m.memberId },
          }),
        ),
      ),
    v0: async (domain_id: string, party_id: string) =>
      plain(
        await callChecked(
          scanSpec,
          'getPartyToParticipant',
          scanApi.getPartyToParticipant({ client, path: { domain_id, party_id } }),
        ),
      ),
    v1: async (domain_id: string, party_id: string) =>
      plain(
        await callChecked(
          scanSpec,
          'getPartyToParticipantV1',
          scanApi.getPartyToParticipantV1({ client, path: { domain_id, party_id } }),
        ),
      ),
  };
}

const TRAFFIC = /\/v0\/domains\/[^/]+\/members\/[^/]+\/traffic-status$/;
const HOSTING = /\/v[01]\/domains\/[^/]+\/parties\/[^/]+\/participant-id$/;

/**
 * The mirror copies what a scan learns from its synchronizer, not from the history: members'
 * traffic states and parties' hosting (docs/traffic.md, docs/hosting.md "On a mirror"). A source
 * stack served by three peers, one forging a traffic status and a hosting answer: the mirror's
 * traffic status and participant ids answer like the source's; peers that do not serve them
 * leave the mirror answering 503.
 */
describe('the scan mirror: traffic status and participant ids from its peers', () => {
  const worker = useTestDatabase();
  let source: SourceStore;
  let mirrorScan: RunningTestApp;
  let members: SynchronizerMember[];
  let parties: { synchronizer_id: string; party_id: string }[];
  /** A party of the history whose hosting the source does not hold (its hosting items left out). */
  let unhosted: { synchronizer_id: string; party_id: string };

  beforeAll(async () => {
    source = await openSourceStore();
    mirrorScan = await startTestApp(createScanApp, worker.dataSource);
    const items = [...simulateHistory({ seed: 11, rounds: 24, trafficTopUpEveryRounds: 4 })];
    const hosting = items.filter(isHostingItem);
    const left = hosting[hosting.length - 1].party_to_participant;
    unhosted = { synchronizer_id: left.synchronizer_id, party_id: left.party_id };
    await new LedgerWriter(source.dataSource, { snapshotIntervalHours: 3 }).append(
      items.filter((i) => !isHostingItem(i) || i.party_to_participant.party_id !== left.party_id),
    );
    members = await new SynchronizerStateRepository(Db.of(source.dataSource)).knownTrafficMembers();
    parties = await source.dataSource.query(
      `SELECT DISTINCT synchronizer_id, party_id FROM party_hosting ORDER BY 1, 2`,
    );
    // Validators' participants (purchases) and the SVs' participants, sequencers and mediators.
    expect(members.filter((m) => m.memberId.startsWith('PAR::')).length).toBeGreaterThan(3);
    expect(members.some((m) => m.memberId.startsWith('SEQ::'))).toBe(true);
    expect(members.some((m) => m.memberId.startsWith('MED::'))).toBe(true);
    expect(parties.length).toBeGreaterThan(5);
  }, 120_000);
  afterAll(async () => {
    await mirrorScan?.close();
    await source?.close();
  });

  const mirror = (peers: string[], extra: Partial<MirrorOptions> = {}) =>
    new ScanMirror(worker.dataSource, {
      peers,
      // Small pages: three peers over one embedded source answer each within the call timeout.
      pageSize: 100,
      snapshotIntervalHours: 3,
      policy: FAST_POLICY,
      statusSink: new MirrorPeerStatusRepository(Db.of(worker.dataSource)),
      ...extra,
    });
  const honestPeers = () => {
    const port = new URL(source.app.origin).port;
    return [`http://127.0.0.1:${port}/api/scan`, `http://localhost:${port}/api/scan`];
  };

  it('answers every known member and the parties of its history like the source, out-voting a forger', async () => {
    const forged: string[] = [];
    const forger = await rewritingPeer(source.app.origin, (path, status, body) => {
      if (status !== 200) return undefined;
      if (TRAFFIC.test(path) && !forged.some((p) => TRAFFIC.test(p))) {
        const answer = JSON.parse(body);
        answer.traffic_status.actual.total_consumed += 4096;
        forged.push(path);
        return { status, body: JSON.stringify(answer) };
      }
      if (HOSTING.test(path) && !forged.some((p) => HOSTING.test(p))) {
        forged.push(path);
        return { status, body: JSON.stringify({ participant_ids: [`PAR::forged::1220${'ee'.repeat(32)}`] }) };
      }
      return undefined;
    });
    const logs: string[] = [];
    try {
      const run = mirror([...honestPeers(), forger.url], { log: (line) => logs.push(line) });
      await run.run({ once: true });
      expect(forged).toHaveLength(2);
      expect([...run.dissenters]).toEqual([forger.url]);
      expect(logs.filter((l) => l.includes(`${forger.url} disagrees`)).length).toBeGreaterThanOrEqual(2);
    } finally {
      await forger.close();
    }

    // The forger is recorded as disagreeing, on a state read (the history it served unchanged).
    const [status]: { agrees: boolean; last_disagreement: string }[] = await worker.dataSource.query(
      `SELECT agrees, last_disagreement FROM mirror_peer_status WHERE peer_url = $1`,
      [forger.url],
    );
    expect(status.agrees).toBe(false);
    expect(status.last_disagreement).toMatch(
      /^(traffic status of member|participant ids of party) .* differs from what 1 or more peers answered$/,
    );

    const source_ = scanOf(source.app.origin);
    const mirror_ = scanOf(mirrorScan.origin);
    // Every member the store knows: the same traffic status (the forged one included).
    for (const member of members) {
      const original = await source_.traffic(member);
      expect({ member, status: original.status }).toEqual({ member, status: 200 });
      expect({ member, answer: await mirror_.traffic(member) }).toEqual({ member, answer: original });
    }
    const states = await new SynchronizerStateRepository(Db.of(worker.dataSource)).trafficStates();
    expect(states.map(({ synchronizerId, memberId }) => ({ synchronizerId, memberId }))).toEqual(members);

    // Every party of the history, v0 and v1 (the DSO party's v0 is upstream's 500 on both), and
    // the party the source does not host: the peers agreed on their 404.
    const v1Statuses = new Set<number>();
    for (const { synchronizer_id, party_id } of [...parties, unhosted]) {
      const v1 = await source_.v1(synchronizer_id, party_id);
      v1Statuses.add(v1.status);
      expect({ party_id, v1: await mirror_.v1(synchronizer_id, party_id) }).toEqual({ party_id, v1 });
      expect({ party_id, v0: await mirror_.v0(synchronizer_id, party_id) }).toEqual({
        party_id,
        v0: await source_.v0(synchronizer_id, party_id),
      });
    }
    expect([...v1Statuses].sort()).toEqual([200, 404]);
    const rows: { source: string; n: number; empty: number }[] = await worker.dataSource.query(
      `SELECT source, count(*)::int AS n, count(*) FILTER (WHERE cardinality(participant_ids) = 0)::int AS empty
         FROM party_hosting GROUP BY source`,
    );
    expect(rows).toEqual([{ source: 'peers', n: parties.length + 1, empty: 1 }]);

    // A party the mirror never met: it cannot tell (the source can); a member nobody knows: 404 on both.
    const stranger = `stranger::1220${'0'.repeat(64)}`;
    expect((await source_.v1(parties[0].synchronizer_id, stranger)).status).toBe(404);
    const notCopied = await mirror_.v1(parties[0].synchronizer_id, stranger);
    expect(notCopied.status).toBe(503);
    expect((notCopied.body as { error: string }).error).toContain('has not copied this party');
    const nobody = {
      synchronizerId: members[0].synchronizerId,
      memberId: `PAR::nobody::1220${'0'.repeat(64)}`,
    };
    expect(await mirror_.traffic(nobody)).toEqual(await source_.traffic(nobody));
    expect((await mirror_.traffic(nobody)).status).toBe(404);

    // A second run asks no party again and keeps the states.
    const [{ before }] = await worker.dataSource.query(`SELECT count(*)::int AS before FROM party_hosting`);
    await mirror(honestPeers()).run({ once: true });
    const [{ after }] = await worker.dataSource.query(`SELECT count(*)::int AS after FROM party_hosting`);
    expect(after).toBe(before);
  }, 300_000);

  it('answers 503, never the model, when its peers do not serve traffic status or participant ids', async () => {
    const notServed = () =>
      rewritingPeer(source.app.origin, (path) =>
        TRAFFIC.test(path) || HOSTING.test(path)
          ? { status: 503, body: JSON.stringify({ error: 'not served by this scan' }) }
          : undefined,
      );
    const peers = await Promise.all([notServed(), notServed(), notServed()]);
    try {
      await mirror(
        peers.map((p) => p.url),
        { log: () => undefined },
      ).run({ once: true });
      expect(peers.every((p) => p.rewritten() > 0)).toBe(true);
    } finally {
      await Promise.all(peers.map((p) => p.close()));
    }
    const [{ updates }] = await worker.dataSource.query(`SELECT count(*)::int AS updates FROM updates`);
    expect(updates).toBeGreaterThan(100);
    const kinds: { kind: string }[] = await worker.dataSource.query(
      `SELECT kind FROM synchronizer_state_sources ORDER BY kind`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['member_traffic', 'party_hosting']);

    const mirror_ = scanOf(mirrorScan.origin);
    const known = await mirror_.traffic(members[0]);
    expect(known.status).toBe(503);
    expect((known.body as { error: string }).error).toContain('is not held');
    const party = await mirror_.v1(parties[0].synchronizer_id, parties[0].party_id);
    expect(party.status).toBe(503);
    expect((await mirror_.v0(parties[0].synchronizer_id, parties[0].party_id)).status).toBe(503);
    const nobody = {
      synchronizerId: members[0].synchronizerId,
      memberId: `MED::nobody::1220${'0'.repeat(64)}`,
    };
    expect((await mirror_.traffic(nobody)).status).toBe(404);
  }, 300_000);
});
