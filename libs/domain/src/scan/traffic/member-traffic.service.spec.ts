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
    const service = serviceOver({ totalPurchased: '1200000', everPurchased: true, networkNode: false });
    await expect(service.getMemberTrafficStatus(SYNCHRONIZER, MEMBER)).resolves.toEqual({
      traffic_status: {
        actual: { total_consumed: 0, total_limit: 1_200_000 },
        target: { total_purchased: 1_200_000 },
      },
    });
  });

  it("answers zeros for one of the network's own nodes that bought nothing", async () => {
    const service = serviceOver({ totalPurchased: '0', everPurchased: false, networkNode: true });
    const status = await service.getMemberTrafficStatus(SYNCHRONIZER, MEMBER);
    expect(status.traffic_status.actual).toEqual({ total_consumed: 0, total_limit: 0 });
  });

  it('is NotFound for a member with no purchase ever recorded that the network does not know', async () => {
    const service = serviceOver({ totalPurchased: '0', everPurchased: false, networkNode: false });
    const error = await service.getMemberTrafficStatus(SYNCHRONIZER, MEMBER).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(DomainErrorCode.NotFound);
    expect((error as DomainError).message).toBe(
      `no traffic state for member ${MEMBER} on synchronizer ${SYNCHRONIZER}`,
    );
  });
});
