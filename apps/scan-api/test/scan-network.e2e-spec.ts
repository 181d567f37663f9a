import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import {
  SpliceChoices,
  SpliceTemplates,
  timestampToMicros,
  toCompact,
  type AmuletPayload,
  type CloseVoteRequestResult,
  type HistoryExercisedEvent,
  type HistoryUpdate,
  type ValidatorLicensePayload,
} from '@canton-scan/domain';
import { simulateNetwork, type SimulationSummary } from '@canton-scan/simulator';
import {
  createdEvents,
  expectResponseMatchesSpec,
  HistoryBuilder,
  replayAcs,
  startTestApp,
  useTestDatabase,
  writeHistory,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Client = ReturnType<typeof createScanClient>;

const NETWORK = { seed: 3, rounds: 60, migrationRound: 40 };

describe('scan liveness, coupons and governance', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: Client;
  let updates: HistoryUpdate[];
  let summary: SimulationSummary;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
    const generator = simulateNetwork(NETWORK);
    updates = [];
    for (let step = generator.next(); ; step = generator.next()) {
      if (step.done) {
        summary = step.value;
        break;
      }
      updates.push(step.value);
    }
  });
  afterAll(() => running.close());

  const faucets = async (validatorIds: string[]) => {
    const res = await scanApi.getValidatorFaucetsByValidator({
      client,
      query: { validator_ids: validatorIds },
    });
    expectResponseMatchesSpec(scanSpec, 'getValidatorFaucetsByValidator', {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  };
  const coupons = async () => {
    const res = await scanApi.listUnclaimedDevelopmentFundCoupons({ client });
    expectResponseMatchesSpec(scanSpec, 'listUnclaimedDevelopmentFundCoupons', {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  };
  const count = async (body: scanApi.VoteResultsCountRequest) => {
    const res = await scanApi.countVoteResults({ client, body });
    expectResponseMatchesSpec(scanSpec, 'countVoteResults', {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  };
  const expectInvariants = (rows: scanApi.ValidatorReceivedFaucets[]) => {
    for (const r of rows) {
      expect(r.numRoundsCollected + r.numRoundsMissed).toBe(
        r.lastCollectedInRound - r.firstCollectedInRound + 1,
      );
      expect(r.numRoundsMissed).toBeLessThanOrEqual(
        Math.max(0, r.lastCollectedInRound - r.firstCollectedInRound - 1),
      );
    }
  };

  describe('on a simulated network', () => {
    beforeEach(() => writeHistory(db.dataSource, updates));

    it('reports the faucets of onboarded validators only, each row keeping both invariants', async () => {
      const end = replayAcs(updates, 1, '2100-01-01T00:00:00.000000Z');
      const licences = end
        .filter((e) => e.template_id === SpliceTemplates.ValidatorLicense.templateId)
        .map((e) => toCompact(e.create_arguments) as unknown as ValidatorLicensePayload)
        .filter((l) => l.faucetState !== null);
      expect(licences.length).toBeGreaterThanOrEqual(4);
      const expected = licences.map((l) => {
        const first = Number(l.faucetState!.firstReceivedFor.number);
        const last = Number(l.faucetState!.lastReceivedFor.number);
        const missed = Number(l.faucetState!.numCouponsMissed);
        return {
          validator: l.validator,
          numRoundsCollected: last - first - missed + 1,
          numRoundsMissed: missed,
          firstCollectedInRound: first,
          lastCollectedInRound: last,
        };
      });
      expect(expected.some((e) => e.numRoundsMissed > 0)).toBe(true);
      const departed = summary.landmarks.departedValidator;
      const stranger = 'stranger::1220' + '5'.repeat(64);
      const asked = [...licences.map((l) => l.validator), stranger, licences[0].validator];
      const res = await faucets(asked);
      expect(res.response.status).toBe(200);
      const rows = res.data!.validatorsReceivedFaucets;
      expect([...rows].sort((a, b) => a.validator.localeCompare(b.validator))).toEqual(
        expected.sort((a, b) => a.validator.localeCompare(b.validator)),
      );
      const left = rows.find((r) => r.validator === departed.party.id)!;
      expect(left.lastCollectedInRound).toBeLessThan(departed.departedInRound);
      expect(rows.map((r) => r.validator)).toContain(summary.landmarks.lateValidator.party.id);
      expectInvariants(rows);
      expect((await faucets([stranger])).data).toEqual({ validatorsReceivedFaucets: [] });
    });

    it('lists the active unclaimed development fund coupons with their synchronizer', async () => {
      const end = replayAcs(updates, 1, '2100-01-01T00:00:00.000000Z').filter(
        (e) => e.template_id === SpliceTemplates.UnclaimedDevelopmentFundCoupon.templateId,
      );
      expect(end.length).toBeGreaterThan(1);
      const res = await coupons();
      expect(res.response.status).toBe(200);
      const listed = res.data!['unclaimed-development-fund-coupons'];
      expect(listed.map((c) => c.contract.contract_id)).toEqual(end.map((e) => e.contract_id));
      for (const [i, c] of listed.entries()) {
        expect(c.contract).toMatchObject({
          template_id: end[i].template_id,
          payload: toCompact(end[i].create_arguments),
          created_at: end[i].created_at,
        });
        expect(c.contract.created_event_blob.length).toBeGreaterThan(0);
        expect(c.domain_id).toBe(NETWORK_SYNCHRONIZER(updates));
      }
    });

    it('counts vote results by action, outcome, requester and effective date (from inclusive, to exclusive)', async () => {
      const results = updates
        .flatMap((u) => ('events_by_id' in u && u.offset !== '' ? Object.values(u.events_by_id) : []))
        .filter(
          (e): e is HistoryExercisedEvent =>
            e.event_type === 'exercised_event' && e.choice === SpliceChoices.DsoRulesCloseVoteRequest,
        )
        .map((e) => {
          const r = toCompact(e.exercise_result) as unknown as CloseVoteRequestResult;
          const accepted = r.outcome.tag === 'VRO_Accepted';
          return {
            actionName: (Object.values(r.request.action.value)[0] as { tag: string }).tag,
            accepted,
            requester: r.request.requester,
            effective: accepted ? (r.outcome.value as { effectiveAt: string }).effectiveAt : r.completedAt,
          };
        });
      expect(results.length).toBeGreaterThan(4);
      expect(new Set(results.map((r) => r.accepted)).size).toBe(2);
      const n = async (body: scanApi.VoteResultsCountRequest) => (await count(body)).data!.count;
      expect(await n({})).toBe(results.length);
      for (const actionName of new Set(results.map((r) => r.actionName)))
        expect(await n({ actionName })).toBe(results.filter((r) => r.actionName === actionName).length);
      for (const accepted of [true, false])
        expect(await n({ accepted })).toBe(results.filter((r) => r.accepted === accepted).length);
      const requester = results[0].requester;
      expect(await n({ requester, accepted: results[0].accepted, actionName: results[0].actionName })).toBe(
        results.filter(
          (r) =>
            r.requester === requester &&
            r.accepted === results[0].accepted &&
            r.actionName === results[0].actionName,
        ).length,
      );
      expect(await n({ actionName: 'SRARC_NoSuchAction' })).toBe(0);

      const sorted = [...results].sort((a, b) =>
        timestampToMicros(a.effective) < timestampToMicros(b.effective) ? -1 : 1,
      );
      const pivot = sorted[Math.floor(sorted.length / 2)].effective;
      const atOrAfter = results.filter(
        (r) => timestampToMicros(r.effective) >= timestampToMicros(pivot),
      ).length;
      expect(await n({ effectiveFrom: pivot })).toBe(atOrAfter);
      expect(await n({ effectiveTo: pivot })).toBe(results.length - atOrAfter);
      expect(await n({ effectiveFrom: pivot, effectiveTo: pivot })).toBe(0);
      // Microsecond precision: a bound a tenth of a microsecond after the pivot excludes it as a lower bound and includes it as an upper one.
      const justAfter = pivot.replace(/Z$/, '1Z');
      expect(await n({ effectiveFrom: justAfter })).toBe(atOrAfter - 1);
      expect(await n({ effectiveTo: justAfter })).toBe(results.length - atOrAfter + 1);
      // The same instants written in another zone.
      const shifted =
        new Date(Date.parse(pivot) + 3_600_000).toISOString().slice(0, 19) + pivot.slice(19, 26) + '+01:00';
      expect(await n({ effectiveFrom: shifted })).toBe(atOrAfter);
    });
  });

  it('refuses a malformed effective date', async () => {
    for (const body of [{ effectiveFrom: 'yesterday' }, { effectiveTo: '2026-13-01T00:00:00Z' }]) {
      const res = await count(body);
      expect(res.response.status).toBe(400);
      expect(res.error).toEqual({
        error: expect.stringMatching(/body\.effective(From|To) must be a valid date-time/),
      });
    }
  });

  it('leaves out licences that are withdrawn, of an older migration, without faucet state or inconsistent', async () => {
    const h = new HistoryBuilder('2026-01-05T00:00:00.000000Z');
    const dso = h.party('dso');
    const licence = (name: string, faucet: [number, number, number] | null, migrationId: number) =>
      h.tx(
        [
          {
            create: {
              template: SpliceTemplates.ValidatorLicense,
              payload: {
                validator: h.party(name),
                sponsor: h.party('sv1'),
                dso,
                faucetState: faucet && {
                  firstReceivedFor: { number: String(faucet[0]) },
                  lastReceivedFor: { number: String(faucet[1]) },
                  numCouponsMissed: String(faucet[2]),
                },
                metadata: null,
                lastActiveAt: null,
              },
              signatories: [dso, h.party(name)],
            },
          },
        ],
        { migrationId },
      );
    const old = licence('old', [1, 4, 0], 0);
    const others = [
      licence('steady', [3, 10, 2], 1),
      licence('once', [5, 5, 0], 1),
      licence('fresh', null, 1),
      licence('too-many-missed', [3, 4, 1], 1),
      licence('backwards', [9, 4, 0], 1),
      licence('negative', [1, 9, -1], 1),
    ];
    const withdrawnLicence = licence('withdrawn', [3, 10, 2], 1);
    const withdrawn = h.tx(
      [
        {
          exercise: {
            contractId: createdEvents(withdrawnLicence)[0].contract_id,
            template: SpliceTemplates.ValidatorLicense,
            choice: 'ValidatorLicense_Withdraw',
            consuming: true,
            actingParties: [dso],
          },
        },
      ],
      { migrationId: 1 },
    );
    await writeHistory(db.dataSource, [old, ...others, withdrawnLicence, withdrawn]);
    const names = ['old', 'steady', 'once', 'fresh', 'too-many-missed', 'backwards', 'negative', 'withdrawn'];
    const rows = (await faucets(names.map((n) => h.party(n)))).data!.validatorsReceivedFaucets;
    expect([...rows].sort((a, b) => a.numRoundsCollected - b.numRoundsCollected)).toEqual([
      {
        validator: h.party('once'),
        numRoundsCollected: 1,
        numRoundsMissed: 0,
        firstCollectedInRound: 5,
        lastCollectedInRound: 5,
      },
      {
        validator: h.party('steady'),
        numRoundsCollected: 6,
        numRoundsMissed: 2,
        firstCollectedInRound: 3,
        lastCollectedInRound: 10,
      },
    ]);
    expectInvariants(rows);
  });

  it('refuses a faucet request without validator ids', async () => {
    const res = await fetch(
      `${running.origin}${running.config.scanApi.prefix}/v0/validators/validator-faucets`,
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual({ error: expect.stringContaining('validator_ids') });
    expectResponseMatchesSpec(scanSpec, 'getValidatorFaucetsByValidator', {
      status: 400,
      contentType: res.headers.get('content-type'),
      body,
    });
  });

  it('lists a coupon in flight between synchronizers without a domain_id', async () => {
    const h = new HistoryBuilder('2026-01-05T00:00:00.000000Z');
    const dso = h.party('dso');
    const create = (amount: string) =>
      h.tx([
        {
          create: {
            template: SpliceTemplates.UnclaimedDevelopmentFundCoupon,
            payload: { dso, amount },
            signatories: [dso],
          },
        },
      ]);
    const staying = create('10.0000000000');
    const moving = create('20.0000000000');
    await writeHistory(db.dataSource, [staying, moving, h.unassign(createdEvents(moving)[0].contract_id, 1)]);
    const listed = (await coupons()).data!['unclaimed-development-fund-coupons'];
    expect(listed.map((c) => [c.contract.contract_id, c.domain_id])).toEqual([
      [createdEvents(staying)[0].contract_id, h.synchronizer],
      [createdEvents(moving)[0].contract_id, undefined],
    ]);
    expect(listed[1]).not.toHaveProperty('domain_id');
  });

  it('holds contracts archived at the snapshot time and leaves out those created at it', async () => {
    // First update at 01:00:00.000000; the third lands exactly on the 03:00 snapshot.
    const h = new HistoryBuilder('2026-01-05T00:59:58.999877Z');
    const dso = h.party('dso');
    const alice = h.party('alice');
    const mint = (amount: string) => ({
      create: {
        template: SpliceTemplates.Amulet,
        payload: {
          dso,
          owner: alice,
          amount: {
            initialAmount: amount,
            createdAt: { number: '1' },
            ratePerRound: { rate: '0.0000190259' },
          },
        } satisfies AmuletPayload,
        signatories: [dso, alice],
      },
    });
    const first = h.tx([mint('1.0000000000'), mint('2.0000000000')]);
    expect(first.record_time).toBe('2026-01-05T01:00:00.000000Z');
    h.advance(7200 - 1.000123);
    const [a, c] = createdEvents(first);
    const atSnapshot = h.tx([
      {
        exercise: {
          contractId: a.contract_id,
          template: SpliceTemplates.Amulet,
          choice: 'Archive',
          consuming: true,
          actingParties: [alice],
        },
      },
      mint('4.0000000000'),
    ]);
    expect(atSnapshot.record_time).toBe('2026-01-05T03:00:00.000000Z');
    await writeHistory(db.dataSource, [first, atSnapshot]);
    const page = await scanApi.getAcsSnapshotAt({
      client,
      body: { migration_id: 0, record_time: '2026-01-05T03:00:00Z', page_size: 10 },
    });
    expectResponseMatchesSpec(scanSpec, 'getAcsSnapshotAt', {
      status: page.response.status,
      contentType: page.response.headers.get('content-type'),
      body: page.data,
    });
    expect(page.data!.created_events.map((e) => e.contract_id)).toEqual([a.contract_id, c.contract_id]);
    const summary = await scanApi.getHoldingsSummaryAtV1({
      client,
      body: { migration_id: 0, record_time: '2026-01-05T03:00:00Z', owner_party_ids: [alice] },
    });
    expectResponseMatchesSpec(scanSpec, 'getHoldingsSummaryAtV1', {
      status: summary.response.status,
      contentType: summary.response.headers.get('content-type'),
      body: summary.data,
    });
    expect(summary.data!.summaries).toEqual([
      {
        party_id: alice,
        total_unlocked_coin: '3.0000000000',
        total_locked_coin: '0.0000000000',
        total_coin_holdings: '3.0000000000',
      },
    ]);
  });
});

/** The synchronizer the simulated network's transactions run on (the first transaction's). */
function NETWORK_SYNCHRONIZER(updates: readonly HistoryUpdate[]): string {
  const tx = updates.find((u) => 'events_by_id' in u)!;
  return (tx as { synchronizer_id: string }).synchronizer_id;
}
