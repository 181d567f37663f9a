import { DomainError, DomainErrorCode } from '../../errors/domain-error';
import type { MemberTrafficRecord, MemberTrafficRepository } from './member-traffic.repository';
import { MemberTrafficService } from './member-traffic.service';

const SYNCHRONIZER = `global-domain::1220${'ab'.repeat(32)}`;
const MEMBER = `PAR::validator-1::1220${'cd'.repeat(32)}`;

function serviceOver(record: MemberTrafficRecord): MemberTrafficService {
  const repository = { loadMemberTraffic: async () => record } as unknown as MemberTrafficRepository;
  return new MemberTrafficService(repository);
}

describe('MemberTrafficService', () => {
  it('reports the purchased total as the applied limit, with nothing consumed', async () => {
    const service = serviceOver({
      totalPurchased: '1200000',
      everPurchased: true,
      networkNode: false,
      copiedFromPeers: false,
    });
    await expect(service.getMemberTrafficStatus(SYNCHRONIZER, MEMBER)).resolves.toEqual({
      traffic_status: {
        actual: { total_consumed: 0, total_limit: 1_200_000 },
        target: { total_purchased: 1_200_000 },
      },
    });
  });

  it("answers zeros for one of the network's own nodes that bought nothing", async () => {
    const service = serviceOver({
      totalPurchased: '0',
      everPurchased: false,
      networkNode: true,
      copiedFromPeers: false,
    });
    const status = await service.getMemberTrafficStatus(SYNCHRONIZER, MEMBER);
    expect(status.traffic_status.actual).toEqual({ total_consumed: 0, total_limit: 0 });
  });

  it('is NotFound for a member with no purchase ever recorded that the network does not know', async () => {
    const service = serviceOver({
      totalPurchased: '0',
      everPurchased: false,
      networkNode: false,
      copiedFromPeers: false,
    });
    const error = await service.getMemberTrafficStatus(SYNCHRONIZER, MEMBER).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(DomainErrorCode.NotFound);
    expect((error as DomainError).message).toBe(
      `no traffic state for member ${MEMBER} on synchronizer ${SYNCHRONIZER}`,
    );
  });

  describe('on a mirror (the store takes the traffic state from its peers)', () => {
    const known = {
      totalPurchased: '1200000',
      everPurchased: true,
      networkNode: false,
      copiedFromPeers: true,
    };
    const errorOf = (record: MemberTrafficRecord): Promise<DomainError> =>
      serviceOver(record)
        .getMemberTrafficStatus(SYNCHRONIZER, MEMBER)
        .then(
          () => {
            throw new Error('answered');
          },
          (e: unknown) => e as DomainError,
        );

    it("answers the peers' agreed actual state, the target from the contracts", async () => {
      const service = serviceOver({
        ...known,
        copy: {
          actual: { totalConsumed: '4350', totalLimit: '1000000' },
          asOf: '2026-11-27T10:00:00.000000Z',
        },
      });
      await expect(service.getMemberTrafficStatus(SYNCHRONIZER, MEMBER)).resolves.toEqual({
        traffic_status: {
          actual: { total_consumed: 4350, total_limit: 1_000_000 },
          target: { total_purchased: 1_200_000 },
        },
      });
    });

    it('is TrafficNotHeld (never a made-up zero) for a known member no quorum gave a state of yet', async () => {
      for (const record of [known, { ...known, everPurchased: false, networkNode: true }]) {
        const error = await errorOf(record);
        expect(error).toBeInstanceOf(DomainError);
        expect(error.code).toBe(DomainErrorCode.TrafficNotHeld);
        expect(error.message).toContain(`member ${MEMBER} on synchronizer ${SYNCHRONIZER} is not held`);
      }
    });

    it('is NotFound when the peers agreed they have no state, or for a member the store does not know', async () => {
      const agreedAbsent = await errorOf({
        ...known,
        copy: { actual: null, asOf: '2026-11-27T10:00:00.000000Z' },
      });
      expect(agreedAbsent.code).toBe(DomainErrorCode.NotFound);
      const unknown = await errorOf({ ...known, everPurchased: false });
      expect(unknown.code).toBe(DomainErrorCode.NotFound);
    });
  });
});
