import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import {
  type BuyMemberTrafficArgument,
  isTransaction,
  type MemberTrafficPayload,
  SpliceChoices,
  SpliceTemplates,
  toCompact,
} from '@canton-scan/domain';
import {
  callChecked,
  HistoryBuilder,
  loadSimulatedNetwork,
  startTestApp,
  useTestDatabase,
  writeHistory,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/** A MainNet scan's answer for a validator's participant (`<repo>/../shared`, a sibling of the repository). */
const MAINNET_SAMPLE = join(
  __dirname,
  '../../../../shared/api/samples/mainnet-2026-01-30/scan.v0.domains_member_traffic_status.json',
);
const STACK_PARTICIPANT = `PAR::canton-scan-stack::1220${'9f'.repeat(32)}`;
/** Validators top up every third round, so members have several purchases and the DSO merges some. */
const NETWORK = {
  seed: 3,
  rounds: 30,
  trafficTopUpEveryRounds: 3,
  validatorParticipantIds: [STACK_PARTICIPANT],
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** The JSON shape of a value: keys and value types, not values. */
function shapeOf(value: Json): Json {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]));
  return typeof value;
}

describe('GET /v0/domains/{domain_id}/members/{member_id}/traffic-status', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let scan: ReturnType<typeof createScanClient>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    scan = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());

  const status = (domain_id: string, member_id: string) =>
    callChecked(
      scanSpec,
      'getMemberTrafficStatus',
      scanApi.getMemberTrafficStatus({ client: scan, path: { domain_id, member_id } }),
    );

  /** The member's purchased total as the store holds it: `totalPurchased` summed over its current MemberTraffic contracts. */
  async function storedTotal(member: string, synchronizer: string): Promise<number> {
    const rows: { payload_compact: MemberTrafficPayload }[] = await db.dataSource.query(
      `SELECT payload_compact FROM contracts
        WHERE entity_name = 'MemberTraffic' AND archived_record_time IS NULL
          AND migration_id = (SELECT max(migration_id) FROM contracts)`,
    );
    return rows
      .map((r) => r.payload_compact)
      .filter((p) => p.memberId === member && p.synchronizerId === synchronizer)
      .reduce((sum, p) => sum + Number(p.totalPurchased), 0);
  }

  describe('over a simulated network', () => {
    let network: Awaited<ReturnType<typeof loadSimulatedNetwork>>;
    beforeEach(async () => {
      network = await loadSimulatedNetwork(db.dataSource, NETWORK);
    });

    it("answers each validator's participant with the sum over its MemberTraffic contracts, all applied, none consumed", async () => {
      const [global] = network.summary.network.synchronizers;
      const purchases = new Map<string, number[]>();
      for (const update of network.updates) {
        if (!isTransaction(update)) continue;
        for (const event of Object.values(update.events_by_id)) {
          if (
            event.event_type !== 'exercised_event' ||
            event.choice !== SpliceChoices.AmuletRulesBuyMemberTraffic
          )
            continue;
          const argument = toCompact(event.choice_argument) as unknown as BuyMemberTrafficArgument;
          purchases.set(argument.memberId, [
            ...(purchases.get(argument.memberId) ?? []),
            Number(argument.trafficAmount),
          ]);
        }
      }
      expect([...purchases.keys()].sort()).toEqual(
        [...network.summary.network.validatorParticipantIds].sort(),
      );
      for (const [member, amounts] of purchases) {
        const expected = await storedTotal(member, global);
        // Several purchases accumulate, across the contracts the DSO merged.
        expect(amounts.length).toBeGreaterThan(1);
        expect(expected).toBe(amounts.reduce((a, b) => a + b, 0));
        const res = await status(global, member);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          traffic_status: {
            actual: { total_consumed: 0, total_limit: expected },
            target: { total_purchased: expected },
          },
        });
      }
      const merged = await db.dataSource.query(
        `SELECT count(*)::int AS n FROM contracts WHERE entity_name = 'MemberTraffic' AND (payload_compact->>'numPurchases')::int > 1`,
      );
      expect(merged[0].n).toBeGreaterThan(0);
    });

    it("answers the stack's own participant with a positive total, in the shape a MainNet scan answers", async () => {
      const [global] = network.summary.network.synchronizers;
      const res = await status(global, STACK_PARTICIPANT);
      expect(res.status).toBe(200);
      expect(res.body.traffic_status.target.total_purchased).toBeGreaterThan(0);
      const sample = JSON.parse(readFileSync(MAINNET_SAMPLE, 'utf8')) as Json;
      expect(shapeOf(res.body as Json)).toEqual(shapeOf(sample));
      expect(Object.keys(res.body.traffic_status.actual)).toEqual(
        Object.keys((sample as { traffic_status: { actual: object } }).traffic_status.actual),
      );
    });

    it("answers the network's own nodes without purchases with zeros, and 404s members it does not know", async () => {
      const { synchronizers, svs } = network.summary.network;
      const [global, other] = synchronizers;
      const sv = svs[0];
      const namespace = sv.party.id.split('::')[1];
      const mediator = `MED::${sv.name.toLowerCase()}::${namespace}`;
      const zero = {
        traffic_status: { actual: { total_consumed: 0, total_limit: 0 }, target: { total_purchased: 0 } },
      };
      // Its sequencer is the one its node state publishes now (the network migrated: a new node).
      const [{ sequencer }] = await db.dataSource.query(
        `SELECT payload_compact #>> '{state,synchronizerNodes,0,1,sequencer,sequencerId}' AS sequencer
           FROM contracts WHERE entity_name = 'SvNodeState' AND archived_record_time IS NULL
            AND payload_compact->>'sv' = $1 ORDER BY migration_id DESC LIMIT 1`,
        [sv.party.id],
      );
      expect(sequencer).toMatch(/^SEQ::/);
      for (const member of [sv.participantId, mediator, sequencer]) {
        const res = await status(global, member);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(zero);
      }
      const unknown = [
        [global, `PAR::nobody::1220${'ab'.repeat(32)}`],
        // A validator's participant bought traffic on the global synchronizer only.
        [other, STACK_PARTICIPANT],
        // SV nodes run on the global synchronizer only.
        [other, sv.participantId],
        [`nowhere::1220${'cd'.repeat(32)}`, mediator],
        // The SV offboarded by vote is no longer one of the network's nodes.
        [global, network.summary.landmarks.offboardedSv.participantId],
      ];
      for (const [domain, member] of unknown) {
        const res = await status(domain, member);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          error: `no traffic state for member ${member} on synchronizer ${domain}`,
        });
      }
    });
  });

  describe('over hand-written purchases', () => {
    const h = new HistoryBuilder();
    const dso = h.party('DSO');
    const member = `PAR::validator-1::1220${'12'.repeat(32)}`;
    const traffic = (synchronizerId: string, totalPurchased: number) => ({
      create: {
        template: SpliceTemplates.MemberTraffic,
        payload: {
          dso,
          memberId: member,
          synchronizerId,
          migrationId: '0',
          totalPurchased: String(totalPurchased),
          numPurchases: '1',
          amuletSpent: '100.0000000000',
          usdSpent: '0.5000000000',
        } satisfies MemberTrafficPayload,
        signatories: [dso],
      },
    });

    it("counts the member's active contracts on the synchronizer asked for, not another synchronizer's or archived ones", async () => {
      const first = h.tx([traffic(h.synchronizer, 200_000), traffic(h.otherSynchronizer, 5_000_000)]);
      const second = h.tx([traffic(h.synchronizer, 400_000), traffic(h.synchronizer, 1_000_000)]);
      const archived = Object.values(second.events_by_id)[1];
      const archive = h.tx([
        {
          exercise: {
            contractId: archived.contract_id,
            template: SpliceTemplates.MemberTraffic,
            choice: 'Archive',
            consuming: true,
            actingParties: [dso],
          },
        },
      ]);
      await writeHistory(db.dataSource, [first, second, archive]);
      expect(await storedTotal(member, h.synchronizer)).toBe(600_000);
      const res = await status(h.synchronizer, member);
      expect(res.body).toEqual({
        traffic_status: {
          actual: { total_consumed: 0, total_limit: 600_000 },
          target: { total_purchased: 600_000 },
        },
      });
      expect((await status(h.otherSynchronizer, member)).body.traffic_status.target.total_purchased).toBe(
        5_000_000,
      );
    });

    it('answers zero for a member whose contracts were all archived: traffic was bought for it there', async () => {
      const bought = h.tx([traffic(h.synchronizer, 200_000)]);
      const [created] = Object.values(bought.events_by_id);
      const archive = h.tx([
        {
          exercise: {
            contractId: created.contract_id,
            template: SpliceTemplates.MemberTraffic,
            choice: 'Archive',
            consuming: true,
            actingParties: [dso],
          },
        },
      ]);
      await writeHistory(db.dataSource, [bought, archive]);
      const res = await status(h.synchronizer, member);
      expect(res.status).toBe(200);
      expect(res.body.traffic_status.target.total_purchased).toBe(0);
    });

    it('is a 404 on an empty store', async () => {
      const res = await status(h.synchronizer, member);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(/no traffic state for member/);
    });
  });

  describe('bad input', () => {
    const h = new HistoryBuilder();
    const member = `PAR::validator-1::1220${'12'.repeat(32)}`;

    it.each([
      ['a participant uid without the member code', `validator-1::1220${'12'.repeat(32)}`],
      ['an unknown member code', `XYZ::validator-1::1220${'12'.repeat(32)}`],
      ['a member without a fingerprint', 'PAR::validator-1'],
      ['a party id', `alice::1220${'12'.repeat(32)}`],
      ['a member with spaces', `PAR::validator 1::1220${'12'.repeat(32)}`],
    ])('refuses %s as member_id', async (_, memberId) => {
      const res = await status(h.synchronizer, memberId);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringContaining('member_id') });
    });

    it.each([
      ['a name without a fingerprint', 'global-domain'],
      ['three parts', `global-domain::1220${'ab'.repeat(32)}::x`],
      ['an over-long id', `global-domain::1220${'ab'.repeat(300)}`],
    ])('refuses %s as domain_id', async (_, domainId) => {
      const res = await status(domainId, member);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringContaining('domain_id') });
    });
  });
});
