import { Controller, Get, UseGuards } from '@nestjs/common';
import type { ledgerApi } from '@canton-scan/contracts';
import { ParticipantIdentityService } from '@canton-scan/domain';
import { LedgerAuthGuard } from './ledger-auth';

@Controller('v2/parties')
@UseGuards(LedgerAuthGuard)
export class PartiesController {
  constructor(private readonly identity: ParticipantIdentityService) {}

  @Get('participant-id')
  participantId(): ledgerApi.GetParticipantIdResponse {
    return this.identity.getParticipantId();
  }
}
