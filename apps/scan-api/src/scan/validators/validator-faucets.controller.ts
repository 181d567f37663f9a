import { Controller, Get } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { ValidatorFaucetsService } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

@Controller('v0/validators')
export class ValidatorFaucetsController {
  constructor(private readonly faucets: ValidatorFaucetsService) {}

  @Get('validator-faucets')
  listFaucets(
    @ValidInput() { query }: scanApi.GetValidatorFaucetsByValidatorData,
  ): Promise<scanApi.ValidatorFaucetsResponse> {
    return this.faucets.listFaucets(query.validator_ids);
  }
}
