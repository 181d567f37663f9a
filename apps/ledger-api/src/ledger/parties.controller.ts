import { Controller, Get, UseGuards } from '@nestjs/common';
import type { ledgerApi } from '@canton-scan/contracts';
import { LedgerPartiesService, ParticipantIdentityService, type LedgerUser } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';
import { CurrentLedgerUser, LedgerAuthGuard } from './ledger-auth';

@Controller('v2/parties')
@UseGuards(LedgerAuthGuard)
export class PartiesController {
  constructor(
    private readonly identity: ParticipantIdentityService,
    private readonly parties: LedgerPartiesService,
  ) {}

  @Get()
  listKnownParties(
    @ValidInput() input: ledgerApi.ListKnownPartiesData,
    @CurrentLedgerUser() user: LedgerUser,
  ): Promise<ledgerApi.ListKnownPartiesResponse> {
    return this.parties.listKnownParties(user, input.query ?? {});
  }

  @Get('participant-id')
  participantId(): ledgerApi.GetParticipantIdResponse {
    return this.identity.getParticipantId();
  }

  /** Declared after `participant-id`, which it would otherwise match. */
  @Get(':party')
  getParties(
    @ValidInput() input: ledgerApi.GetPartiesData,
    @CurrentLedgerUser() user: LedgerUser,
  ): Promise<ledgerApi.GetPartiesResponse> {
    return this.parties.getParties(user, input.path.party);
  }
}
