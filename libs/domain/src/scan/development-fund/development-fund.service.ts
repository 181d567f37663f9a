import type { DataSource } from 'typeorm';
import {
  ActiveContractsRepository,
  toContractWithState,
  type ContractWithState,
} from '../../contracts/active-contracts.repository';
import { SpliceTemplates } from '../../splice/splice-templates';

/** `/v0/unclaimed-development-fund-coupons`: the active UnclaimedDevelopmentFundCoupon contracts. */
export class DevelopmentFundService {
  private readonly contracts: ActiveContractsRepository;

  constructor(dataSource: DataSource) {
    this.contracts = new ActiveContractsRepository(dataSource);
  }

  async listUnclaimedCoupons(): Promise<{ 'unclaimed-development-fund-coupons': ContractWithState[] }> {
    const coupons = await this.contracts.listByTemplate(
      SpliceTemplates.UnclaimedDevelopmentFundCoupon.qualifiedName,
    );
    return { 'unclaimed-development-fund-coupons': coupons.map(toContractWithState) };
  }
}
