import { HistoryBuilder, useTestDatabase } from '@canton-scan/testing';
import { Db } from '../database/db';
import { LedgerWriter } from '../history/ledger-writer';
import { SpliceTemplates } from '../splice/splice-templates';
import { MirrorStatusRepository } from '../scan/explorer/mirror-status.repository';
import { MirrorStatusService } from '../scan/explorer/mirror-status.service';
import { MirrorPeerStatusRepository, type MirrorStatusRecord } from './mirror-peer-status.repository';

const A = 'http://a.example/api/scan';
const B = 'http://b.example/api/scan';
const C = 'http://c.example/api/scan';

describe('the mirror status store (MirrorPeerStatusRepository, MirrorStatusService)', () => {
  const db = useTestDatabase();
  const writer = () => new MirrorPeerStatusRepository(Db.of(db.dataSource));
  const status = () => new MirrorStatusService(new MirrorStatusRepository(Db.of(db.dataSource))).getStatus();

  const first: MirrorStatusRecord = {
    migrationId: 0,
    lastRecordTime: '2026-01-05T00:00:10.000000Z',
    lagSeconds: 50,
    peers: [
      {
        url: B,
        lastPollAt: '2026-01-05T01:00:00.123Z',
        migrationId: 0,
        newestRecordTime: '2026-01-05T00:01:00.000000Z',
        agrees: true,
        consecutiveFailures: 0,
      },
      {
        url: A,
        lastPollAt: '2026-01-05T01:00:00.456Z',
        migrationId: 0,
        newestRecordTime: '2026-01-05T00:00:30.500000Z',
        agrees: false,
        lastDisagreementAt: '2026-01-05T00:59:59.000Z',
        lastDisagreement: 'updates of migration 0: update 1220ab differs',
        consecutiveFailures: 0,
      },
      { url: C, consecutiveFailures: 3, lastError: 'HTTP 503 down', lastErrorAt: '2026-01-05T01:00:01.000Z' },
    ],
  };

  it('answers an empty status, not an error, when no mirror ever wrote to the store', async () => {
    expect(await status()).toEqual({ peers: [] });
  });

  it('reads back every peer in URL order, with its lag to the newest record time and only the fields it has', async () => {
    await writer().write(first);
    const answer = await status();
    expect(answer).toEqual({
      mirror: {
        migration_id: 0,
        record_time: '2026-01-05T00:00:10.000000Z',
        lag_seconds: 50,
        updated_at: expect.stringMatching(/Z$/),
      },
      peers: [
        {
          url: A,
          agrees: false,
          newest_record_time: '2026-01-05T00:00:30.500000Z',
          migration_id: 0,
          lag_seconds: 29.5,
          last_poll_at: '2026-01-05T01:00:00.456000Z',
          consecutive_failures: 0,
          last_disagreement: 'updates of migration 0: update 1220ab differs',
          last_disagreement_at: '2026-01-05T00:59:59.000000Z',
        },
        {
          url: B,
          agrees: true,
          newest_record_time: '2026-01-05T00:01:00.000000Z',
          migration_id: 0,
          lag_seconds: 0,
          last_poll_at: '2026-01-05T01:00:00.123000Z',
          consecutive_failures: 0,
        },
        {
          url: C,
          consecutive_failures: 3,
          last_error: 'HTTP 503 down',
          last_error_at: '2026-01-05T01:00:01.000000Z',
        },
      ],
    });
    // No regular update stored: no store record time.
    expect(answer).not.toHaveProperty('record_time');
  });

  it('upserts by URL, drops peers no longer configured, and measures lags against a store that is ahead', async () => {
    await writer().write(first);
    await writer().write({
      migrationId: 1,
      peers: [
        {
          url: C,
          consecutiveFailures: 0,
          lastPollAt: '2026-01-05T02:00:00.000Z',
          migrationId: 0,
          newestRecordTime: '2026-01-05T00:01:00.000000Z',
          agrees: true,
        },
        {
          ...first.peers[0],
          consecutiveFailures: 1,
          lastError: 'timeout',
          lastErrorAt: '2026-01-05T02:00:00.000Z',
        },
      ],
    });
    const rows: { peer_url: string }[] = await db.dataSource.query(
      `SELECT peer_url FROM mirror_peer_status ORDER BY peer_url`,
    );
    expect(rows.map((r) => r.peer_url)).toEqual([B, C]);

    // The store holds an update two minutes after what the peers reported.
    const h = new HistoryBuilder('2026-01-05T00:02:59.000000Z');
    const dso = h.party('dso');
    const tx = h.tx([
      {
        create: {
          template: SpliceTemplates.Amulet,
          payload: {
            dso,
            owner: dso,
            amount: {
              initialAmount: '1.0',
              createdAt: { number: '1' },
              ratePerRound: { rate: '0.0000190259' },
            },
          },
          signatories: [dso],
        },
      },
    ]);
    await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append([tx]);

    const answer = await status();
    expect(answer.record_time).toBe(tx.record_time);
    expect(answer.migration_id).toBe(0);
    expect(answer.mirror).toEqual({ migration_id: 1, updated_at: expect.any(String) });
    expect(answer.peers).toEqual([
      expect.objectContaining({
        url: B,
        consecutive_failures: 1,
        last_error: 'timeout',
        lag_seconds: 120.000123,
      }),
      expect.objectContaining({ url: C, consecutive_failures: 0, agrees: true, lag_seconds: 120.000123 }),
    ]);
    // The failure of the earlier write is gone with the peer's new row.
    expect(answer.peers[1]).not.toHaveProperty('last_error');
  });
});
