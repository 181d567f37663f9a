import { scanApi, scanSpec } from '@canton-scan/contracts';
import { fewestDigitsText, SpliceTemplates, toCompact, type AmuletPayload } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { expectResponseMatchesSpec, replayAcs } from '@canton-scan/testing';
import {
  nameOf,
  client,
  updates,
  snapshots,
  useScanAcsApp,
  acs,
  allPages,
  NETWORK,
} from './scan-acs.fixture';

describe('scan ACS snapshots and holdings', () => {
  const db = useScanAcsApp(() => [...simulateNetwork(NETWORK)]);

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
        const res = await scanApi.getDateOfMostRecentSnapshotBefore({
          client,
          query: { before, migration_id: migrationId },
        });
        expectResponseMatchesSpec(scanSpec, 'getDateOfMostRecentSnapshotBefore', {
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
      const res = await scanApi.getDateOfMostRecentSnapshotBefore({
        client,
        query: { before, migration_id: 0 },
      });
      expectResponseMatchesSpec(scanSpec, 'getDateOfMostRecentSnapshotBefore', {
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

  /** The largest page size allowed (`page_size` maximum) that divides `n`. */
  const MAX_PAGE_SIZE = 1000;
  const largestDivisorUpTo = (n: number, max: number): number => {
    for (let d = Math.min(n, max); d > 1; d--) if (n % d === 0) return d;
    return 1;
  };

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
          created_at: fewestDigitsText(e.created_at),
          signatories: [...e.signatories].sort(),
          observers: [...e.observers].sort(),
        })),
      );
      // A page size that divides the snapshot exactly ends with a full page, then an empty one.
      const exact = await allPages({
        migration_id: migrationId,
        record_time: recordTime,
        page_size: largestDivisorUpTo(expected.length, MAX_PAGE_SIZE),
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
});
