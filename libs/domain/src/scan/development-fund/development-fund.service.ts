import {
  ActiveContractsRepository,
  toContractWithState,
  type ContractWithState,
} from '../../contracts/active-contracts.repository';
import { SpliceTemplates } from '../../splice/splice-templates';

/** `/v0/unclaimed-development-fund-coupons`: the active UnclaimedDevelopmentFundCoupon contracts. */
export class DevelopmentFundService {
  constructor(private readonly contracts: ActiveContractsRepository) {}

  async listUnclaimedCoupons(): Promise<{ 'unclaimed-development-fund-coupons': ContractWithState[] }> {
    const coupons = await this.contracts.listByTemplate(
      SpliceTemplates.UnclaimedDevelopmentFundCoupon.qualifiedName,
    );
    return { 'unclaimed-development-fund-coupons': coupons.map(toContractWithState) };
  }
}
