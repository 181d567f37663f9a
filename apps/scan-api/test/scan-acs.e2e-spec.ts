import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import {
  formatDamlDecimal,
  microsToTimestamp,
  parseDamlDecimal,
  SpliceTemplates,
  timestampToMicros,
  toCompact,
  type AmuletPayload,
  type HistoryUpdate,
  type LockedAmuletPayload,
} from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  expectResponseMatchesSpec,
  replayAcs,
  startTestApp,
  useTestDatabase,
  writeHistory,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Client = ReturnType<typeof createScanClient>;

/** A small simulated network: migration 0 for 40 rounds (snapshots at 03:00 and 06:00), then migration 1 (09:00). */
const NETWORK = { seed: 5, rounds: 60, migrationRound: 40 };
const HOUR_US = 3_600_000_000n;

/** Snapshot times by the rule of docs/acs-snapshots.md "Snapshot schedule", computed from the history (every 3 h, first after the first regular update). */
function expectedSnapshots(updates: readonly HistoryUpdate[]): { migrationId: number; recordTime: string }[] {
  const span = new Map<number, { first: bigint; last: bigint }>();
  for (const u of updates) {
    if (u.offset === '') continue;
    const migrationId = 'events_by_id' in u ? u.migration_id : u.event.migration_id;
    const t = timestampToMicros(u.record_time);
    const s = span.get(migrationId);
    span.set(migrationId, s ? { first: s.first, last: t } : { first: t, last: t });
  }
  const out: { migrationId: number; recordTime: string }[] = [];
  for (const [migrationId, { first, last }] of span) {
    for (let t = (first / (3n * HOUR_US) + 1n) * 3n * HOUR_US; t <= last; t += 3n * HOUR_US)
      out.push({ migrationId, recordTime: microsToTimestamp(t) });
  }
  return out;
}

const nameOf = (e: { package_name: string; template_id: string }) => {
  const [, moduleName, entityName] = e.template_id.split(':');
  return `${e.package_name}:${moduleName}:${entityName}`;
};

describe('scan ACS snapshots and holdings', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: Client;
  let updates: HistoryUpdate[];
  let snapshots: { migrationId: number; recordTime: string }[];

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
    updates = [...simulateNetwork(NETWORK)];
    snapshots = expectedSnapshots(updates);
  });
  afterAll(() => running.close());
  beforeEach(() => writeHistory(db.dataSource, updates));

  const acs = async (body: scanApi.AcsRequest) => {
    const res = await scanApi.getAcsSnapshot({ client, body });
    expectResponseMatchesSpec(scanSpec, 'getAcsSnapshot', {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  };
  const holdings = async (body: scanApi.HoldingsSummaryRequest) => {
    const res = await scanApi.getHoldingsSummary({ client, body });
    expectResponseMatchesSpec(scanSpec, 'getHoldingsSummary', {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  };
  /** Every page of a snapshot query; checks the token is given exactly when a page is full. */
  const allPages = async (body: Omit<scanApi.AcsRequest, 'after'>) => {
    const events: scanApi.CreatedEvent[] = [];
    let after: number | undefined;
    for (let page = 0; page < 10_000; page++) {
      const res = await acs({ ...body, ...(after === undefined ? {} : { after }) });
      expect(res.response.status).toBe(200);
      const data = res.data!;
      events.push(...data.created_events);
      expect(data.next_page_token !== undefined).toBe(data.created_events.length === body.page_size);
      if (data.next_page_token === undefined) return events;
      after = data.next_page_token;
    }
    throw new Error('paging did not end');
  };

  it('reports the snapshot times of the schedule through snapshot-timestamp', async () => {
    expect(snapshots.map((s) => `${s.migrationId}@${s.recordTime}`)).toEqual([
      '0@2026-01-05T03:00:00.000000Z',
      '0@2026-01-05T06:00:00.000000Z',
      '1@2026-01-05T09:00:00.000000Z',
    ]);
    for (const migrationId of [0, 1]) {
      const found: string[] = [];
      let before = '2100-01-01T00:00:00Z';
      for (;;) {
        const res = await scanApi.getAcsSnapshotTimestamp({
          client,
          query: { before, migration_id: migrationId },
        });
        expectResponseMatchesSpec(scanSpec, 'getAcsSnapshotTimestamp', {
          status: res.response.status,
          contentType: res.response.headers.get('content-type'),
          body: res.data ?? res.error,
        });
        if (res.response.status === 404) {
          expect(res.error).toEqual({ error: expect.stringContaining(`migration ${migrationId}`) });
          break;
        }
        found.unshift(res.data!.record_time);
        before = res.data!.record_time;
      }
      expect(found).toEqual(snapshots.filter((s) => s.migrationId === migrationId).map((s) => s.recordTime));
    }
    // Strictly before, at microsecond precision, in any zone.
    const snapshotBefore = async (before: string) => {
      const res = await scanApi.getAcsSnapshotTimestamp({ client, query: { before, migration_id: 0 } });
      expectResponseMatchesSpec(scanSpec, 'getAcsSnapshotTimestamp', {
        status: res.response.status,
        contentType: res.response.headers.get('content-type'),
        body: res.data ?? res.error,
      });
      return res.data;
    };
    expect(await snapshotBefore('2026-01-05T03:00:00.0000001Z')).toEqual({
      record_time: '2026-01-05T03:00:00.000000Z',
    });
    expect(await snapshotBefore('2026-01-05T07:00:00.000001+01:00')).toEqual({
      record_time: '2026-01-05T06:00:00.000000Z',
    });
  });

  it('pages through each whole snapshot: every active contract exactly once, in creation order', async () => {
    for (const { migrationId, recordTime } of snapshots) {
      const expected = replayAcs(updates, migrationId, recordTime);
      expect(expected.length).toBeGreaterThan(100);
      const events = await allPages({ migration_id: migrationId, record_time: recordTime, page_size: 37 });
      expect(events.map((e) => e.contract_id)).toEqual(expected.map((e) => e.contract_id));
      expect(events).toEqual(
        expected.map((e) => ({
          event_type: 'created_event',
          event_id: e.event_id,
          contract_id: e.contract_id,
          template_id: e.template_id,
          package_name: e.package_name,
          create_arguments: toCompact(e.create_arguments),
          created_at: e.created_at,
          signatories: e.signatories,
          observers: e.observers,
        })),
      );
      // A page size that divides the snapshot exactly ends with a full page, then an empty one.
      const exact = await allPages({
        migration_id: migrationId,
        record_time: recordTime,
        page_size: expected.length,
      });
      expect(exact).toHaveLength(expected.length);
    }
  });

  it('resolves the snapshot by record_time_match, comparing times at microsecond precision', async () => {
    const base = { migration_id: 0, page_size: 1 };
    const first = replayAcs(updates, 0, '2026-01-05T03:00:00.000000Z')[0].contract_id;
    const at = async (record_time: string, record_time_match?: 'exact' | 'at_or_before') =>
      acs({ ...base, record_time, ...(record_time_match ? { record_time_match } : {}) });

    expect((await at('2026-01-05T03:00:00Z')).data).toMatchObject({
      record_time: '2026-01-05T03:00:00.000000Z',
      migration_id: 0,
    });
    expect((await at('2026-01-05T04:00:00.000000+01:00')).data!.record_time).toBe(
      '2026-01-05T03:00:00.000000Z',
    );
    expect((await at('2026-01-05T03:00:00.000000Z')).data!.created_events[0].contract_id).toBe(first);
    for (const notASnapshot of [
      '2026-01-05T04:00:00Z',
      '2026-01-05T03:00:00.000001Z',
      '2026-01-05T03:00:00.0000001Z',
    ]) {
      const res = await at(notASnapshot);
      expect(res.response.status).toBe(404);
      expect(res.error).toEqual({ error: expect.stringContaining('no ACS snapshot') });
    }
    expect((await at('2026-01-05T05:59:59.9999999Z', 'at_or_before')).data!.record_time).toBe(
      '2026-01-05T03:00:00.000000Z',
    );
    expect((await at('2026-01-05T06:00:00Z', 'at_or_before')).data!.record_time).toBe(
      '2026-01-05T06:00:00.000000Z',
    );
    expect((await at('2030-01-01T00:00:00Z', 'at_or_before')).data!.record_time).toBe(
      '2026-01-05T06:00:00.000000Z',
    );
    const tooEarly = await at('2026-01-05T02:59:59.999999Z', 'at_or_before');
    expect(tooEarly.response.status).toBe(404);
    const otherMigration = await acs({ migration_id: 1, record_time: '2026-01-05T06:00:00Z', page_size: 1 });
    expect(otherMigration.response.status).toBe(404);
  });

  it('refuses page tokens that do not belong to the snapshot and query', async () => {
    const t1 = '2026-01-05T03:00:00.000000Z';
    const t2 = '2026-01-05T06:00:00.000000Z';
    const rowIdOf = async (migrationId: number, contractId: string) =>
      Number(
        (
          await db.dataSource.query(
            'SELECT row_id FROM contracts WHERE migration_id = $1 AND contract_id = $2',
            [migrationId, contractId],
          )
        )[0].row_id,
      );
    const first = replayAcs(updates, 0, t1);
    const second = replayAcs(updates, 0, t2);
    const inFirst = new Set(first.map((e) => e.contract_id));
    const inSecond = new Set(second.map((e) => e.contract_id));
    const createdAfterT1 = second.find((e) => !inFirst.has(e.contract_id))!;
    const archivedBeforeT2 = first.find((e) => !inSecond.has(e.contract_id))!;
    const amulet = second.find((e) => nameOf(e) === SpliceTemplates.Amulet.qualifiedName)!;
    const owner = (toCompact(amulet.create_arguments) as unknown as AmuletPayload).owner;
    const notOwners = second.find((e) => !e.signatories.includes(owner) && !e.observers.includes(owner))!;

    const bad = async (body: scanApi.AcsRequest) => {
      const res = await acs(body);
      expect(res.response.status).toBe(400);
      expect(res.error).toEqual({ error: expect.stringContaining('not a page token of this snapshot') });
    };
    await bad({
      migration_id: 0,
      record_time: t1,
      page_size: 10,
      after: await rowIdOf(0, createdAfterT1.contract_id),
    });
    await bad({
      migration_id: 0,
      record_time: t2,
      page_size: 10,
      after: await rowIdOf(0, archivedBeforeT2.contract_id),
    });
    await bad({ migration_id: 0, record_time: t1, page_size: 10, after: 987_654_321 });
    await bad({
      migration_id: 1,
      record_time: '2026-01-05T09:00:00Z',
      page_size: 10,
      after: await rowIdOf(0, amulet.contract_id),
    });
    await bad({
      migration_id: 0,
      record_time: t2,
      page_size: 10,
      after: await rowIdOf(0, notOwners.contract_id),
      party_ids: [owner],
    });
    await bad({
      migration_id: 0,
      record_time: t2,
      page_size: 10,
      after: await rowIdOf(0, amulet.contract_id),
      templates: [SpliceTemplates.DsoRules.qualifiedName],
    });

    // The token of a row that is part of the query continues right after it.
    const next = await acs({
      migration_id: 0,
      record_time: t2,
      page_size: 1,
      after: await rowIdOf(0, amulet.contract_id),
    });
    const at = second.findIndex((e) => e.contract_id === amulet.contract_id);
    expect(next.data!.created_events.map((e) => e.contract_id)).toEqual([second[at + 1].contract_id]);
  });

  it('filters by stakeholder party and by template, matching the package name', async () => {
    const { recordTime } = snapshots[1];
    const all = replayAcs(updates, 0, recordTime);
    const owner = (
      toCompact(
        all.find((e) => nameOf(e) === SpliceTemplates.Amulet.qualifiedName)!.create_arguments,
      ) as unknown as AmuletPayload
    ).owner;
    const byParty = await allPages({
      migration_id: 0,
      record_time: recordTime,
      page_size: 10,
      party_ids: [owner, 'nobody::1220' + '0'.repeat(64)],
    });
    const expectedByParty = all.filter((e) => e.signatories.includes(owner) || e.observers.includes(owner));
    expect(expectedByParty.length).toBeGreaterThan(0);
    expect(expectedByParty.length).toBeLessThan(all.length);
    expect(byParty.map((e) => e.contract_id)).toEqual(expectedByParty.map((e) => e.contract_id));

    const wanted = [SpliceTemplates.Amulet.qualifiedName, SpliceTemplates.ValidatorLicense.qualifiedName];
    const byTemplate = await allPages({
      migration_id: 0,
      record_time: recordTime,
      page_size: 25,
      templates: wanted,
    });
    const expectedByTemplate = all.filter((e) => wanted.includes(nameOf(e)));
    expect(new Set(expectedByTemplate.map(nameOf))).toEqual(new Set(wanted));
    expect(byTemplate.map((e) => e.contract_id)).toEqual(expectedByTemplate.map((e) => e.contract_id));

    const both = await allPages({
      migration_id: 0,
      record_time: recordTime,
      page_size: 25,
      templates: wanted,
      party_ids: [owner],
    });
    expect(both.map((e) => e.contract_id)).toEqual(
      expectedByTemplate.filter((e) => expectedByParty.includes(e)).map((e) => e.contract_id),
    );

    const byPackageId = await acs({
      migration_id: 0,
      record_time: recordTime,
      page_size: 25,
      templates: [SpliceTemplates.Amulet.templateId.replace(/:.*$/, ':Splice.Amulet:Amulet')],
    });
    expect(byPackageId.data!.created_events).toEqual([]);
  });

  it('summarizes holdings per owner exactly as the sums over the snapshot’s pages', async () => {
    for (const { migrationId, recordTime } of snapshots) {
      const sums = new Map<string, { unlocked: bigint; locked: bigint }>();
      for (const e of await allPages({
        migration_id: migrationId,
        record_time: recordTime,
        page_size: 100,
      })) {
        let owner: string | undefined;
        let amount = 0n;
        let locked = false;
        if (nameOf(e) === SpliceTemplates.Amulet.qualifiedName) {
          const p = e.create_arguments as unknown as AmuletPayload;
          owner = p.owner;
          amount = parseDamlDecimal(p.amount.initialAmount);
        } else if (nameOf(e) === SpliceTemplates.LockedAmulet.qualifiedName) {
          const p = e.create_arguments as unknown as LockedAmuletPayload;
          owner = p.amulet.owner;
          amount = parseDamlDecimal(p.amulet.amount.initialAmount);
          locked = true;
        }
        if (!owner) continue;
        const s = sums.get(owner) ?? { unlocked: 0n, locked: 0n };
        if (locked) s.locked += amount;
        else s.unlocked += amount;
        sums.set(owner, s);
      }
      const owners = [...sums.keys()];
      expect(owners.length).toBeGreaterThan(3);
      expect([...sums.values()].some((s) => s.locked > 0n)).toBe(true);
      const stranger = 'stranger::1220' + '9'.repeat(64);
      const res = await holdings({
        migration_id: migrationId,
        record_time: recordTime,
        owner_party_ids: [...owners, stranger, owners[0]],
      });
      expect(res.response.status).toBe(200);
      expect(res.data).toEqual({
        record_time: recordTime,
        migration_id: migrationId,
        summaries: [
          ...owners.map((owner) => {
            const s = sums.get(owner)!;
            return {
              party_id: owner,
              total_unlocked_coin: formatDamlDecimal(s.unlocked),
              total_locked_coin: formatDamlDecimal(s.locked),
              total_coin_holdings: formatDamlDecimal(s.unlocked + s.locked),
            };
          }),
          {
            party_id: stranger,
            total_unlocked_coin: '0.0000000000',
            total_locked_coin: '0.0000000000',
            total_coin_holdings: '0.0000000000',
          },
        ],
      });
    }
  });

  it('resolves the holdings snapshot like the ACS and answers 404 without one', async () => {
    const owner = 'anyone::1220' + '1'.repeat(64);
    const atOrBefore = await holdings({
      migration_id: 1,
      record_time: '2026-01-06T00:00:00Z',
      record_time_match: 'at_or_before',
      owner_party_ids: [owner],
    });
    expect(atOrBefore.data!.record_time).toBe('2026-01-05T09:00:00.000000Z');
    for (const body of [
      { migration_id: 0, record_time: '2026-01-05T04:00:00Z', owner_party_ids: [owner] },
      { migration_id: 3, record_time: '2026-01-05T03:00:00Z', owner_party_ids: [owner] },
      {
        migration_id: 0,
        record_time: '2026-01-05T01:00:00Z',
        record_time_match: 'at_or_before' as const,
        owner_party_ids: [owner],
      },
    ]) {
      const res = await holdings(body);
      expect(res.response.status).toBe(404);
      expect(res.error).toEqual({ error: expect.stringContaining('no ACS snapshot') });
    }
  });
});
