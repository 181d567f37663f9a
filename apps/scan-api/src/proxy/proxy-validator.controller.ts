import { Controller, Get, UseGuards } from '@nestjs/common';
import { ValidatorUserService, type ValidatorUserInfo } from '@canton-scan/domain';
import { BearerAuthGuard } from '@canton-scan/http';

/** The validator app's own endpoints under the validator mount (bearer token required). */
@Controller('v0')
@UseGuards(BearerAuthGuard)
export class ProxyValidatorController {
  constructor(private readonly validatorUser: ValidatorUserService) {}

  @Get('validator-user')
  validatorUserInfo(): Promise<ValidatorUserInfo> {
    return this.validatorUser.getValidatorUser();
  }
}
