import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanApi, scanSpec } from '@canton-scan/contracts';
import {
  formatDamlDecimal,
  parseDamlDecimal,
  SpliceTemplates,
  type AmuletPayload,
  type LockedAmuletPayload,
} from '@canton-scan/domain';
import { callChecked } from '@canton-scan/testing';
import { simulateNetwork } from '@canton-scan/simulator';
import { client, nameOf, NETWORK, snapshots, useScanAcsApp } from './scan-acs.fixture';

const SAMPLES = join(__dirname, '../../../../shared/api/samples/mainnet-2026-01-30');
const sample = (file: string): unknown => JSON.parse(readFileSync(join(SAMPLES, file), 'utf8'));

const AMULET = SpliceTemplates.Amulet.qualifiedName;
const LOCKED_AMULET = SpliceTemplates.LockedAmulet.qualifiedName;
const STRANGER = 'stranger::1220' + '9'.repeat(64);

type Event = scanApi.CreatedEvent;
type Amount = AmuletPayload['amount'];

/** The amulet of a holding contract (the Amulet itself, or the one inside a LockedAmulet), else undefined. */
function amuletOf(e: Event): { owner: string; amount: Amount; locked: boolean } | undefined {
  if (nameOf(e) === AMULET) {
    const p = e.create_arguments as unknown as AmuletPayload;
    return { owner: p.owner, amount: p.amount, locked: false };
  }
  if (nameOf(e) === LOCKED_AMULET) {
    const p = e.create_arguments as unknown as LockedAmuletPayload;
    return { owner: p.amulet.owner, amount: p.amulet.amount, locked: true };
  }
  return undefined;
}

/** Splice's SpliceUtil.holdingFee: min(initialAmount, (round - createdAt) * rate), 10 decimals (exact here). */
function holdingFee(amount: Amount, round: number): bigint {
  const fee = BigInt(round - Number(amount.createdAt.number)) * parseDamlDecimal(amount.ratePerRound.rate);
  const initial = parseDamlDecimal(amount.initialAmount);
  return fee < initial ? fee : initial;
}

const v2Acs = (body: scanApi.AcsRequest) =>
  callChecked(scanSpec, 'getAcsSnapshotAtV2', scanApi.getAcsSnapshotAtV2({ client, body }));
const v0Summary = (body: scanApi.HoldingsSummaryRequestV0) =>
  callChecked(scanSpec, 'getHoldingsSummaryAt', scanApi.getHoldingsSummaryAt({ client, body }));
const v1Summary = (body: scanApi.HoldingsSummaryRequest) =>
  callChecked(scanSpec, 'getHoldingsSummaryAtV1', scanApi.getHoldingsSummaryAtV1({ client, body }));
const v0State = (body: scanApi.HoldingsStateRequest) =>
  callChecked(scanSpec, 'getHoldingsStateAt', scanApi.getHoldingsStateAt({ client, body }));
const v1State = (body: scanApi.HoldingsStateRequest) =>
  callChecked(scanSpec, 'getHoldingsStateAtV1', scanApi.getHoldingsStateAtV1({ client, body }));

/** Every page of a paged query, checking that a token comes exactly with a full page. */
async function pageAll<T>(
  pageSize: number,
  page: (
    after: number | undefined,
  ) => Promise<{ status: number; body: { created_events: T[]; next_page_token?: number } }>,
): Promise<T[]> {
  const out: T[] = [];
  let after: number | undefined;
  for (let n = 0; n < 10_000; n++) {
    const res = await page(after);
    expect(res.status).toBe(200);
    out.push(...res.body.created_events);
    expect(res.body.next_page_token !== undefined).toBe(res.body.created_events.length === pageSize);
    if (res.body.next_page_token === undefined) return out;
    after = res.body.next_page_token;
  }
  throw new Error('paging did not end');
}

/** The snapshot's Amulet and LockedAmulet contracts the owners are stakeholders of, through POST /v2/state/acs. */
const acsHoldings = (migrationId: number, recordTime: string, owners: string[]) =>
  pageAll<Event>(50, async (after) =>
    v2Acs({
      migration_id: migrationId,
      record_time: recordTime,
      page_size: 50,
      party_ids: owners,
      templates: [AMULET, LOCKED_AMULET],
      ...(after === undefined ? {} : { after }),
    }),
  );

/** The DSO party: the `dso` of the snapshot's amulets. */
const dsoOf = (events: Event[]): string => {
  const e = events.find((x) => nameOf(x) === AMULET)!;
  return (e.create_arguments as unknown as AmuletPayload).dso;
};

/** JSON types of a value, recursively by key (arrays by their first element): what the samples fix. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shapeOf(value[0])] : [];
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, shapeOf(v)])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  return typeof value;
}

describe('scan holdings state and the v0 holdings summary', () => {
  useScanAcsApp(() => [...simulateNetwork(NETWORK)]);

  /** Owners of the snapshot's holdings, found through the unfiltered ACS (those with a locked amulet first). */
  async function ownersAt(
    migrationId: number,
    recordTime: string,
  ): Promise<{ owners: string[]; events: Event[] }> {
    const events = await pageAll<Event>(500, (after) =>
      v2Acs({
        migration_id: migrationId,
        record_time: recordTime,
        page_size: 500,
        templates: [AMULET, LOCKED_AMULET],
        ...(after === undefined ? {} : { after }),
      }),
    );
    const lockedOwners = new Set(events.flatMap((e) => (amuletOf(e)?.locked ? [amuletOf(e)!.owner] : [])));
    const owners = new Set([...lockedOwners, ...events.map((e) => amuletOf(e)!.owner)]);
    return { owners: [...owners], events };
  }

  it('answers v0 summaries equal to the v1 ones plus the holding fees of as_of_round, computed from the amulets', async () => {
    for (const { migrationId, recordTime } of snapshots) {
      const { owners, events } = await ownersAt(migrationId, recordTime);
      expect(owners.length).toBeGreaterThan(3);
      const requested = [...owners, STRANGER, owners[0]];
      const v1 = await v1Summary({
        migration_id: migrationId,
        record_time: recordTime,
        owner_party_ids: requested,
      });
      expect(v1.status).toBe(200);
      const createdRounds = events.map((e) => Number(amuletOf(e)!.amount.createdAt.number));
      // A round past every amulet's creation, one before some of them (negative fees, as upstream), and 0.
      for (const round of [Math.max(...createdRounds) + 7, Math.min(...createdRounds) + 1, 0]) {
        const fees = new Map<string, { unlocked: bigint; locked: bigint }>();
        for (const e of events) {
          const a = amuletOf(e)!;
          const f = fees.get(a.owner) ?? { unlocked: 0n, locked: 0n };
          if (a.locked) f.locked += holdingFee(a.amount, round);
          else f.unlocked += holdingFee(a.amount, round);
          fees.set(a.owner, f);
        }
        const v0 = await v0Summary({
          migration_id: migrationId,
          record_time: recordTime,
          owner_party_ids: requested,
          as_of_round: round,
        });
        expect(v0.status).toBe(200);
        expect(v0.body).toEqual({
          record_time: v1.body.record_time,
          migration_id: migrationId,
          computed_as_of_round: round,
          summaries: (v1.body as scanApi.HoldingsSummaryResponse).summaries.map((s) => {
            const f = fees.get(s.party_id) ?? { unlocked: 0n, locked: 0n };
            return {
              ...s,
              accumulated_holding_fees_unlocked: formatDamlDecimal(f.unlocked),
              accumulated_holding_fees_locked: formatDamlDecimal(f.locked),
              accumulated_holding_fees_total: formatDamlDecimal(f.unlocked + f.locked),
              total_available_coin: formatDamlDecimal(parseDamlDecimal(s.total_unlocked_coin) - f.unlocked),
            };
          }),
        });
      }
    }
  });

  it('computes fees as of the earliest current open mining round when as_of_round is left out', async () => {
    const rounds = await callChecked(
      scanSpec,
      'getOpenAndIssuingMiningRounds',
      scanApi.getOpenAndIssuingMiningRounds({
        client,
        body: { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] },
      }),
    );
    const open = Object.values(
      (rounds.body as scanApi.OpenAndIssuingMiningRoundsResponse).open_mining_rounds,
    ).map((r) => Number((r.contract!.payload as { round: { number: string } }).round.number));
    expect(open.length).toBeGreaterThan(0);
    const earliest = Math.min(...open);
    const { migrationId, recordTime } = snapshots[0];
    const { owners } = await ownersAt(migrationId, recordTime);
    const body = { migration_id: migrationId, record_time: recordTime, owner_party_ids: owners };
    const byDefault = await v0Summary(body);
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.computed_as_of_round).toBe(earliest);
    expect(byDefault.body).toEqual((await v0Summary({ ...body, as_of_round: earliest })).body);
  });

  it('pages the owners’ holdings as the ACS pages filtered to their Amulet and LockedAmulet, each contract once', async () => {
    let excludedStakeholderContracts = 0;
    for (const { migrationId, recordTime } of snapshots) {
      const { owners, events } = await ownersAt(migrationId, recordTime);
      const cases: [string[], number[]][] = [
        [[owners[0]], [1, 1000]],
        [
          [owners[1], STRANGER, owners[2], owners[1]],
          [3, 1000],
        ],
        [owners, [40]],
        // The DSO is a stakeholder of every holding: only the amulets it owns are its holdings.
        [[dsoOf(events), owners[0]], [200]],
      ];
      for (const [chosen, pageSizes] of cases) {
        const fromAcs = await acsHoldings(migrationId, recordTime, chosen);
        const expected = fromAcs.filter((e) => chosen.includes(amuletOf(e)!.owner));
        excludedStakeholderContracts += fromAcs.length - expected.length;
        expect(expected.length).toBeGreaterThan(0);
        for (const pageSize of pageSizes) {
          const body = {
            migration_id: migrationId,
            record_time: recordTime,
            owner_party_ids: chosen,
            page_size: pageSize,
          };
          const v0 = await pageAll<Event>(pageSize, async (after) =>
            v0State({ ...body, ...(after === undefined ? {} : { after }) }),
          );
          expect(v0).toEqual(expected);
          expect(new Set(v0.map((e) => e.contract_id)).size).toBe(v0.length);
          const v1 = await pageAll<scanApi.ActiveContract>(pageSize, async (after) =>
            v1State({ ...body, ...(after === undefined ? {} : { after }) }),
          );
          expect(v1).toEqual(
            expected.map((e) => {
              const updateId = e.event_id.split(':')[0];
              // An import update's id is the contract id: the contract was created in an earlier migration.
              const imported = updateId === e.contract_id;
              return {
                ...(imported ? {} : { created_in_update_id: updateId }),
                contract_id: e.contract_id,
                template_id: e.template_id,
                package_name: e.package_name,
                create_arguments: e.create_arguments,
                created_at: e.created_at,
                signatories: e.signatories,
                observers: e.observers,
              };
            }),
          );
        }
      }
    }
    // Migration 1 holds contracts of migration 0 brought in by import updates.
    const m1 = snapshots.find((s) => s.migrationId === 1)!;
    const v1 = await v1State({
      migration_id: 1,
      record_time: m1.recordTime,
      owner_party_ids: (await ownersAt(1, m1.recordTime)).owners,
      page_size: 1000,
    });
    const items = (v1.body as scanApi.AcsResponseV1).created_events;
    expect(items.some((c) => c.created_in_update_id === undefined)).toBe(true);
    expect(items.some((c) => c.created_in_update_id !== undefined)).toBe(true);
    expect(excludedStakeholderContracts).toBeGreaterThan(0);
  });

  it('answers in the shapes of a MainNet scan’s holdings summary and state', async () => {
    const { migrationId, recordTime } = snapshots[0];
    const { owners, events } = await ownersAt(migrationId, recordTime);
    const unlockedOwner = owners.find((o) =>
      events.some((e) => amuletOf(e)!.owner === o && !amuletOf(e)!.locked),
    )!;
    const summary = await v0Summary({
      migration_id: migrationId,
      record_time: recordTime,
      owner_party_ids: [unlockedOwner],
    });
    const mainnetSummary = sample('scan.v0.holdings_summary.json');
    expect(shapeOf(summary.body)).toEqual(shapeOf(mainnetSummary));
    const decimal = /^-?[0-9]+\.[0-9]{10}$/;
    for (const s of [
      ...(summary.body as scanApi.HoldingsSummaryResponseV0).summaries,
      ...(mainnetSummary as scanApi.HoldingsSummaryResponseV0).summaries,
    ])
      for (const [key, value] of Object.entries(s)) if (key !== 'party_id') expect(value).toMatch(decimal);

    const state = await v0State({
      migration_id: migrationId,
      record_time: recordTime,
      owner_party_ids: [unlockedOwner],
      page_size: 1000,
    });
    const mainnetState = sample('scan.v0.holdings_state.json') as scanApi.AcsResponse;
    const ours = state.body as scanApi.AcsResponse;
    // MainNet writes the last page's missing token as null; both leave it out of the shape.
    expect(shapeOf({ ...ours, created_events: [] })).toEqual(
      shapeOf({ ...mainnetState, created_events: [] }),
    );
    const amulet = ours.created_events.find((e) => nameOf(e) === AMULET)!;
    expect(shapeOf(amulet)).toEqual(shapeOf(mainnetState.created_events[0]));
    const [ourAmount, theirAmount] = [amulet, mainnetState.created_events[0]].map(
      (e) => (e.create_arguments as unknown as AmuletPayload).amount,
    );
    for (const a of [ourAmount, theirAmount]) {
      expect(a.initialAmount).toMatch(decimal);
      expect(a.ratePerRound.rate).toMatch(decimal);
      expect(a.createdAt.number).toMatch(/^[0-9]+$/);
    }
  });

  it('refuses bad input with a 400 naming the field, and answers 404 without the snapshot', async () => {
    const { migrationId, recordTime } = snapshots[0];
    const { owners } = await ownersAt(migrationId, recordTime);
    const base = { migration_id: migrationId, record_time: recordTime, owner_party_ids: [owners[0]] };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${client.getConfig().baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { error?: string } };
    };
    for (const path of ['/v0/holdings/summary', '/v0/holdings/state', '/v1/holdings/state']) {
      const state = path.endsWith('state');
      const valid = state ? { ...base, page_size: 10 } : base;
      for (const [body, field] of [
        [{ ...valid, owner_party_ids: [] }, 'owner_party_ids'],
        [{ ...valid, owner_party_ids: undefined }, 'owner_party_ids'],
        [{ ...valid, migration_id: -1 }, 'migration_id'],
        [{ ...valid, record_time: 'yesterday' }, 'record_time'],
        [{ ...valid, record_time_match: 'after' }, 'record_time_match'],
        ...(state
          ? [
              [{ ...valid, page_size: 0 }, 'page_size'],
              [{ ...valid, page_size: undefined }, 'page_size'],
              [{ ...valid, after: 'x' }, 'after'],
            ]
          : [
              [{ ...valid, as_of_round: -1 }, 'as_of_round'],
              [{ ...valid, as_of_round: 1.5 }, 'as_of_round'],
            ]),
      ] as [Record<string, unknown>, string][]) {
        const res = await post(path, body);
        expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 });
        expect(res.body.error).toContain(field);
      }
      const missing = await post(path, { ...valid, record_time: '2026-01-05T04:00:00Z' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: expect.stringContaining('no ACS snapshot') });
    }
    // A token must name a holding of the same snapshot and owners: one of another owner, or a contract
    // that is no holding, is refused.
    const page = await v0State({ ...base, owner_party_ids: [owners[1]], page_size: 1 });
    const otherOwnersToken = (page.body as scanApi.AcsResponse).next_page_token!;
    expect(otherOwnersToken).toBeDefined();
    const acsPage = await v2Acs({ migration_id: migrationId, record_time: recordTime, page_size: 1 });
    const notAHoldingToken = (acsPage.body as scanApi.AcsResponse).next_page_token!;
    for (const after of [otherOwnersToken, notAHoldingToken, 0]) {
      for (const call of [v0State, v1State]) {
        const res = await call({ ...base, page_size: 5, after });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: expect.stringContaining('after') });
      }
    }
  });
});
