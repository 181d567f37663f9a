import { Controller, Get } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { PartyHostingService } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** Which participants host a party on a synchronizer (the synchronizer's topology; docs/hosting.md). */
@Controller()
export class HostingController {
  constructor(private readonly hosting: PartyHostingService) {}

  @Get('v0/domains/:domain_id/parties/:party_id/participant-id')
  participantId(
    @ValidInput() input: scanApi.GetPartyToParticipantData,
  ): Promise<scanApi.GetPartyToParticipantResponse> {
    return this.hosting.participantId(input.path.domain_id, input.path.party_id);
  }

  @Get('v1/domains/:domain_id/parties/:party_id/participant-id')
  participantIds(
    @ValidInput() input: scanApi.GetPartyToParticipantV1Data,
  ): Promise<scanApi.GetPartyToParticipantResponseV1> {
    return this.hosting.participantIds(input.path.domain_id, input.path.party_id);
  }
}
