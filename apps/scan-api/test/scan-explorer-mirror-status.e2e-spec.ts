import { scanApi, scanSpec } from '@canton-scan/contracts';
import { Db, microsToTimestamp, MirrorPeerStatusRepository, timestampToMicros } from '@canton-scan/domain';
import { callChecked } from '@canton-scan/testing';
import { allV2Updates, migrationOf, useExplorerApp, type Client } from './explorer.fixture';

const mirrorStatus = async (client: Client) => {
  const res = await callChecked(scanSpec, 'getMirrorStatus', scanApi.getMirrorStatus({ client }));
  expect(res.status).toBe(200);
  return res.body as scanApi.MirrorStatusResponse;
};

const plusSeconds = (iso: string, seconds: number) =>
  microsToTimestamp(timestampToMicros(iso) + BigInt(seconds) * 1_000_000n);

describe('explorer mirror status (GET /v0/explorer/mirror-status)', () => {
  const app = useExplorerApp();

  it('answers the store’s newest record time and no peers when no mirror ever wrote to the store', async () => {
    const client = app.client();
    const v2 = await allV2Updates(client);
    const newest = v2[v2.length - 1];
    expect(await mirrorStatus(client)).toEqual({
      record_time: newest.record_time,
      migration_id: migrationOf(newest),
      peers: [],
    });
  });

  it('serves what the mirror wrote: each peer’s agreement, failures and lag to the newest record time', async () => {
    const client = app.client();
    const v2 = await allV2Updates(client);
    const newest = v2[v2.length - 1];
    const ahead = plusSeconds(newest.record_time, 90);
    await new MirrorPeerStatusRepository(Db.of(app.db.dataSource)).write({
      migrationId: migrationOf(newest),
      lastRecordTime: newest.record_time,
      lagSeconds: 90,
      peers: [
        {
          url: 'http://peer-b/api/scan',
          lastPollAt: '2026-03-01T10:00:00.000Z',
          migrationId: 1,
          newestRecordTime: ahead,
          agrees: true,
          consecutiveFailures: 0,
        },
        {
          url: 'http://peer-a/api/scan',
          lastPollAt: '2026-03-01T10:00:00.000Z',
          migrationId: 1,
          newestRecordTime: newest.record_time,
          agrees: false,
          lastDisagreement:
            'updates of migration 1 after X, item 3, differs from what 2 or more peers answered',
          lastDisagreementAt: '2026-03-01T09:59:00.000Z',
          consecutiveFailures: 0,
        },
        { url: 'http://peer-c/api/scan', consecutiveFailures: 2, lastError: 'HTTP 503 unavailable' },
      ],
    });
    const status = await mirrorStatus(client);
    expect(status.record_time).toBe(newest.record_time);
    expect(status.mirror).toEqual({
      migration_id: migrationOf(newest),
      record_time: newest.record_time,
      lag_seconds: 90,
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(status.peers.map((p) => [p.url, p.agrees, p.lag_seconds])).toEqual([
      ['http://peer-a/api/scan', false, 90],
      ['http://peer-b/api/scan', true, 0],
      ['http://peer-c/api/scan', undefined, undefined],
    ]);
    expect(status.peers[0].last_disagreement).toContain('item 3');
    // Optional fields are omitted, not null.
    expect(status.peers[2]).toEqual({
      url: 'http://peer-c/api/scan',
      consecutive_failures: 2,
      last_error: 'HTTP 503 unavailable',
    });
  });

  it('answers an empty status, not an error, over an empty store', async () => {
    await app.db.truncate();
    expect(await mirrorStatus(app.client())).toEqual({ peers: [] });
  });
});
