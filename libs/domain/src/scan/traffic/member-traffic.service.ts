import type { scanApi } from '@canton-scan/contracts';
import { notFound, trafficNotHeld } from '../../errors/domain-error';
import type { MemberTrafficRecord, MemberTrafficRepository } from './member-traffic.repository';

export type MemberTrafficStatus = scanApi.GetMemberTrafficStatusResponse;

/**
 * A member's traffic status from what the store recorded (docs/traffic.md): `target` is the sum
 * over its active MemberTraffic contracts, as Splice's scan computes it. `actual` would come from
 * the synchronizer's sequencer; this node models one that applies every purchase at once and
 * meters nothing, so the limit is the purchased total and nothing is consumed.
 */
export function memberTrafficStatus(record: MemberTrafficRecord): MemberTrafficStatus {
  const purchased = Number(record.totalPurchased);
  return {
    traffic_status: {
      actual: { total_consumed: 0, total_limit: purchased },
      target: { total_purchased: purchased },
    },
  };
}

/**
 * On a mirror (docs/traffic.md "On a mirror"): `actual` as f + 1 peers last answered it alike,
 * `target` from the contracts as everywhere.
 */
export function copiedTrafficStatus(
  record: MemberTrafficRecord,
  actual: { totalConsumed: string; totalLimit: string },
): MemberTrafficStatus {
  return {
    traffic_status: {
      actual: { total_consumed: Number(actual.totalConsumed), total_limit: Number(actual.totalLimit) },
      target: { total_purchased: Number(record.totalPurchased) },
    },
  };
}

export class MemberTrafficService {
  constructor(private readonly repository: MemberTrafficRepository) {}

  /**
   * NotFound when the synchronizer would hold no traffic state for the member: nothing was ever
   * bought for it there and it is not one of the network's own nodes there. On a mirror, also
   * when f + 1 peers agreed they have none; TrafficNotHeld (503) for a member no quorum of
   * peers has given a state of yet.
   */
  async getMemberTrafficStatus(synchronizerId: string, memberId: string): Promise<MemberTrafficStatus> {
    const record = await this.repository.loadMemberTraffic(memberId, synchronizerId);
    const unknown = () =>
      notFound(`no traffic state for member ${memberId} on synchronizer ${synchronizerId}`);
    if (record.copiedFromPeers) {
      if (record.copy?.actual) return copiedTrafficStatus(record, record.copy.actual);
      if (record.copy || (!record.everPurchased && !record.networkNode)) throw unknown();
      throw trafficNotHeld(memberId, synchronizerId);
    }
    if (!record.everPurchased && !record.networkNode) throw unknown();
    return memberTrafficStatus(record);
  }
}
