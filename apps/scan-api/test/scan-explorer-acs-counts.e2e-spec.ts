import { scanApi, scanSpec } from '@canton-scan/contracts';
import { microsToTimestamp, timestampToMicros } from '@canton-scan/domain';
import { callChecked, sendRaw } from '@canton-scan/testing';
import { useExplorerApp, type Client } from './explorer.fixture';

const counts = (client: Client, query: scanApi.GetAcsTemplateCountsData['query']) =>
  callChecked(scanSpec, 'getAcsTemplateCounts', scanApi.getAcsTemplateCounts({ client, query }));

/** Template id → entries, paging the whole snapshot with POST /v2/state/acs. */
async function countByPaging(client: Client, migrationId: number, recordTime: string) {
  const byTemplate = new Map<string, number>();
  let after: number | undefined;
  for (;;) {
    const res = await callChecked(
      scanSpec,
      'getAcsSnapshotAtV2',
      scanApi.getAcsSnapshotAtV2({
        client,
        body: { migration_id: migrationId, record_time: recordTime, page_size: 97, after },
      }),
    );
    expect(res.status).toBe(200);
    const page = res.body as scanApi.AcsResponse;
    for (const e of page.created_events)
      byTemplate.set(e.template_id, (byTemplate.get(e.template_id) ?? 0) + 1);
    if (page.next_page_token === undefined) break;
    after = page.next_page_token;
  }
  return [...byTemplate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([template_id, count]) => ({ template_id, count }));
}

describe('explorer ACS template counts (GET /v0/explorer/acs-template-counts)', () => {
  const app = useExplorerApp();

  const snapshots = async () =>
    (
      await app.db.dataSource.query<{ migration_id: string; record_time: string }[]>(
        `SELECT migration_id::text, record_time FROM acs_snapshots ORDER BY migration_id, record_time`,
      )
    ).map((r) => ({ migrationId: Number(r.migration_id), recordTime: r.record_time }));

  it('counts each template as many times as paging the whole snapshot lists it, sorted by template id', async () => {
    const client = app.client();
    const all = await snapshots();
    expect(new Set(all.map((s) => s.migrationId))).toEqual(new Set([0, 1]));
    for (const { migrationId, recordTime } of all) {
      const res = await counts(client, { migration_id: migrationId, record_time: recordTime });
      expect(res.status).toBe(200);
      const expected = await countByPaging(client, migrationId, recordTime);
      expect(expected.length).toBeGreaterThan(5);
      expect(res.body).toEqual({ migration_id: migrationId, record_time: recordTime, counts: expected });
    }
  });

  it('resolves the snapshot as the ACS does: exact, or the latest at or before a time', async () => {
    const client = app.client();
    const [first] = await snapshots();
    const later = microsToTimestamp(timestampToMicros(first.recordTime) + 3_600_000_000n - 1n);
    const exact = await counts(client, { migration_id: first.migrationId, record_time: first.recordTime });
    const atOrBefore = await counts(client, {
      migration_id: first.migrationId,
      record_time: later,
      record_time_match: 'at_or_before',
    });
    expect(atOrBefore.status).toBe(200);
    expect(atOrBefore.body).toEqual(exact.body);
    // The same instant written in another zone is the same snapshot.
    const zoned = first.recordTime.replace(
      /T(\d\d)/,
      (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`,
    );
    const inZone = await counts(client, {
      migration_id: first.migrationId,
      record_time: zoned.replace('Z', '+01:00'),
    });
    expect(inZone.body).toEqual(exact.body);

    const oneMicroLater = microsToTimestamp(timestampToMicros(first.recordTime) + 1n);
    const beforeFirst = microsToTimestamp(timestampToMicros(first.recordTime) - 1n);
    for (const query of [
      { migration_id: first.migrationId, record_time: oneMicroLater },
      { migration_id: first.migrationId, record_time: first.recordTime.replace('Z', '1Z') },
      {
        migration_id: first.migrationId,
        record_time: beforeFirst,
        record_time_match: 'at_or_before' as const,
      },
      { migration_id: 7, record_time: first.recordTime },
    ]) {
      const res = await counts(client, query);
      expect({ query, status: res.status }).toEqual({ query, status: 404 });
      expect(res.body).toEqual({ error: expect.stringContaining('no ACS snapshot') });
    }
  });

  it('answers 400 with an error body for a bad migration, time or match', async () => {
    for (const query of [
      'record_time=2026-01-05T09:00:00Z',
      'migration_id=0',
      'migration_id=-1&record_time=2026-01-05T09:00:00Z',
      'migration_id=zero&record_time=2026-01-05T09:00:00Z',
      'migration_id=0&record_time=yesterday',
      'migration_id=0&record_time=2026-02-30T09:00:00Z',
      'migration_id=0&record_time=2026-01-05T09:00:00Z&record_time_match=nearest',
    ]) {
      const res = await sendRaw(app.base(), {
        method: 'GET',
        path: `/v0/explorer/acs-template-counts?${query}`,
      });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
    }
  });
});
