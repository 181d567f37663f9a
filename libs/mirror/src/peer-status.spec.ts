import type { MirrorStatusRecord } from '@canton-scan/domain';
import { PeerStatusBook } from './peer-status';
import type { MirrorProgress } from './mirror-progress';

const A = 'http://a/api/scan';
const B = 'http://b/api/scan';
const progress: MirrorProgress = {
  appended: 3,
  verdictsCopied: 0,
  migrationId: 1,
  lastRecordTime: '2026-01-05T00:00:10.000000Z',
  peersNewestRecordTime: '2026-01-05T00:00:40.000000Z',
};

function book(intervalMs = 60_000, fail = false) {
  const written: MirrorStatusRecord[] = [];
  const logs: string[] = [];
  const status = new PeerStatusBook(
    [A, B],
    {
      write: (record) =>
        fail ? Promise.reject(new Error('database down')) : (written.push(record), Promise.resolve()),
    },
    intervalMs,
    (message) => logs.push(message),
  );
  return { status, written, logs };
}

const peer = (record: MirrorStatusRecord, url: string) => record.peers.find((p) => p.url === url);

describe('PeerStatusBook', () => {
  it('writes every peer with the mirror position and lag, omitting what is unknown', async () => {
    const { status, written } = book();
    status.answered(A);
    status.reported(A, 1, '2026-01-05T00:00:40.000000Z');
    status.reported(A, 0, '2026-01-04T00:00:00.000000Z');
    status.failed(B, 'HTTP 503 down');
    status.failed(B, 'HTTP 503 down again');
    await status.flush(progress, true);
    expect(written).toHaveLength(1);
    expect(written[0]).toEqual({
      migrationId: 1,
      lastRecordTime: '2026-01-05T00:00:10.000000Z',
      lagSeconds: 30,
      peers: [
        {
          url: A,
          lastPollAt: expect.any(String),
          consecutiveFailures: 0,
          migrationId: 1,
          newestRecordTime: '2026-01-05T00:00:40.000000Z',
        },
        {
          url: B,
          consecutiveFailures: 2,
          lastError: 'HTTP 503 down again',
          lastErrorAt: expect.any(String),
        },
      ],
    });
    status.answered(B);
    await status.flush(progress, true);
    expect(peer(written[1], B)).toMatchObject({ consecutiveFailures: 0, lastError: 'HTTP 503 down again' });
  });

  it('keeps a dissent of the pass over later agreeing reads, and clears it after a pass without one', async () => {
    const { status, written } = book();
    status.compared([A, B], [{ url: B, reason: 'updates: item 2 differs' }]);
    status.compared([A, B], []);
    await status.flush(progress, true);
    expect(peer(written[0], A)?.agrees).toBe(true);
    expect(peer(written[0], B)).toMatchObject({ agrees: false, lastDisagreement: 'updates: item 2 differs' });
    // A pass where B is not compared (it failed) keeps what the last pass found.
    status.compared([A], []);
    await status.flush(progress, true);
    expect(peer(written[1], B)?.agrees).toBe(false);
    status.compared([A, B], []);
    await status.flush(progress, true);
    expect(peer(written[2], B)).toMatchObject({ agrees: true, lastDisagreement: 'updates: item 2 differs' });
  });

  it('writes at most once per interval while copying, but at every end of a pass', async () => {
    const { status, written } = book(60_000);
    await status.flush(progress);
    await status.flush(progress);
    await status.flush(progress);
    expect(written).toHaveLength(1);
    await status.flush(progress, true);
    expect(written).toHaveLength(2);
  });

  it('logs a failed write and carries on', async () => {
    const { status, logs } = book(0, true);
    await expect(status.flush(progress, true)).resolves.toBeUndefined();
    expect(logs).toEqual(['mirror status not written: database down']);
  });
});
