import type { MirrorProgress } from '@canton-scan/mirror';
import { mirrorReadiness, mirrorStatus } from './mirror-readiness';

const caughtUp: MirrorProgress = {
  appended: 10,
  verdictsCopied: 0,
  migrationId: 1,
  lastRecordTime: '2024-01-01T00:00:00.000000Z',
  peersNewestRecordTime: '2024-01-01T00:00:30.000000Z',
  caughtUpAt: '2024-01-01T00:01:00.000Z',
};

describe('mirrorReadiness', () => {
  it('is ready once caught up within the lag bound', () => {
    expect(mirrorReadiness(caughtUp, 60)).toEqual({ ready: true });
    expect(mirrorReadiness(caughtUp, 30)).toEqual({ ready: true });
  });

  it('names the lag when it exceeds the bound, caught up before or not', () => {
    const behind = { ...caughtUp, peersNewestRecordTime: '2024-01-01T03:02:00.000000Z' };
    expect(mirrorReadiness(behind, 60)).toEqual({
      ready: false,
      reason: 'mirror lag 3 h 2 min exceeds 60 s',
    });
    expect(mirrorReadiness({ ...behind, caughtUpAt: undefined }, 60)).toEqual({
      ready: false,
      reason: 'mirror lag 3 h 2 min exceeds 60 s',
    });
    expect(mirrorReadiness(caughtUp, 29)).toEqual({ ready: false, reason: 'mirror lag 30 s exceeds 29 s' });
  });

  it('is not ready before the first pass has caught up, even within the bound', () => {
    const { caughtUpAt: _, ...first } = caughtUp;
    expect(mirrorReadiness(first, 60)).toEqual({
      ready: false,
      reason: 'mirror has not caught up with the peers yet (lag 30 s)',
    });
    expect(mirrorReadiness({ appended: 0, verdictsCopied: 0, migrationId: 0 }, 60)).toEqual({
      ready: false,
      reason: 'mirror has not caught up with the peers yet',
    });
  });

  it('is not ready while the last poll failed or the run stopped on an error', () => {
    expect(mirrorReadiness({ ...caughtUp, lastError: 'only 0 of 1 peers answered (need 1)' }, 60)).toEqual({
      ready: false,
      reason: 'last poll of the peers failed: only 0 of 1 peers answered (need 1)',
    });
    expect(mirrorReadiness(caughtUp, 60, 'connection refused')).toEqual({
      ready: false,
      reason: 'mirror failed: connection refused',
    });
  });

  it('is ready on peers that hold no update, not while the store holds nothing of what they hold', () => {
    expect(
      mirrorReadiness(
        { appended: 0, verdictsCopied: 0, migrationId: 0, caughtUpAt: caughtUp.caughtUpAt },
        60,
      ),
    ).toEqual({
      ready: true,
    });
    const { lastRecordTime: _, ...nothing } = caughtUp;
    expect(mirrorReadiness(nothing, 60)).toEqual({
      ready: false,
      reason: 'mirror holds nothing of migration 1 yet',
    });
  });
});

describe('mirrorStatus', () => {
  it('reports lag, counts and dissenters, omitting what is unknown', () => {
    expect(mirrorStatus(caughtUp, 3, new Set(['http://evil/api/scan']))).toEqual({
      peers: 3,
      migrationId: 1,
      appended: 10,
      lagSeconds: 30,
      lastRecordTime: caughtUp.lastRecordTime,
      peersNewestRecordTime: caughtUp.peersNewestRecordTime,
      caughtUpAt: caughtUp.caughtUpAt,
      dissentingPeers: ['http://evil/api/scan'],
    });
    expect(mirrorStatus({ appended: 0, verdictsCopied: 0, migrationId: 0 }, 1, [])).toEqual({
      peers: 1,
      migrationId: 0,
      appended: 0,
      dissentingPeers: [],
    });
  });
});
