import { Controller, Get } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { MemberTrafficService, type MemberTrafficStatus } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** Synchronizer traffic of sequencer members (wallet SDKs check it before submitting). */
@Controller('v0/domains')
export class TrafficController {
  constructor(private readonly traffic: MemberTrafficService) {}

  @Get(':domain_id/members/:member_id/traffic-status')
  memberTrafficStatus(@ValidInput() input: scanApi.GetMemberTrafficStatusData): Promise<MemberTrafficStatus> {
    return this.traffic.getMemberTrafficStatus(input.path.domain_id, input.path.member_id);
  }
}
