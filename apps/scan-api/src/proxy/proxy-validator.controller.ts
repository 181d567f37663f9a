import { Controller, Get } from '@nestjs/common';
import { ValidatorUserService, type ValidatorUserInfo } from '@canton-scan/domain';

/**
 * The validator app's own public endpoints under the validator mount: no token, as the Splice
 * validator serves them (its public handler), unlike the scan-proxy routes beside them.
 */
@Controller('v0')
export class ProxyValidatorController {
  constructor(private readonly validatorUser: ValidatorUserService) {}

  @Get('validator-user')
  validatorUserInfo(): Promise<ValidatorUserInfo> {
    return this.validatorUser.getValidatorUser();
  }
}
