import type { scanProxyApi } from '@canton-scan/contracts';
import type { DsoInfoService } from './dso-info.service';
import type { NetworkContractsService } from './network-contracts.service';

/** The body of the validator's `GET /v0/validator-user`. */
export type ValidatorUserInfo = scanProxyApi.GetValidatorUserInfoResponse;

/** Who operates this node's validator: `VALIDATOR_USER` and `VALIDATOR_PARTY_ID` when set. */
export interface ValidatorIdentity {
  readonly user: string;
  readonly partyId: string | undefined;
}

/**
 * The validator operator as the Splice validator app reports it. Without `VALIDATOR_PARTY_ID`
 * the operator is the SV party of the DSO info: this stack's validator mount stands for the
 * operating SV's own validator, whose operator party is the SV party.
 */
export class ValidatorUserService {
  constructor(
    private readonly dso: DsoInfoService,
    private readonly contracts: NetworkContractsService,
    private readonly validator: ValidatorIdentity,
  ) {}

  async getValidatorUser(): Promise<ValidatorUserInfo> {
    const partyId = this.validator.partyId ?? (await this.dso.getDsoInfo()).sv_party_id;
    const right = await this.contracts.lookupFeaturedAppRight(partyId);
    return {
      party_id: partyId,
      user_name: this.validator.user,
      featured: right.featured_app_right !== undefined,
    };
  }
}
