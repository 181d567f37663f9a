import type { scanApi } from '@canton-scan/contracts';
import { toContractWithState, type ActiveContract } from '../contracts/active-contracts.repository';
import { notFound } from '../errors/domain-error';
import type { DsoContractListsRepository } from './dso-contract-lists.repository';

export type ClosedRounds = scanApi.GetClosedRoundsResponse;
export type ValidatorLicensesPage = scanApi.ListValidatorLicensesResponse;
export type FeaturedAppRights = scanApi.ListFeaturedAppRightsResponse;
export type FeaturedAppRightLookup = scanApi.FeaturedAppRightResponse;
export type ExternalPartyAmuletRulesRequest = scanApi.ExternalPartyAmuletRulesRequest;
export type ExternalPartyAmuletRulesUpdate = scanApi.ExternalPartyAmuletRulesUpdateResponse;

/** Upstream's page size when the caller gives none (its largest). */
export const DEFAULT_LICENSES_PAGE = 1000;

const contractOf = (c: ActiveContract): scanApi.Contract => toContractWithState(c).contract;

/**
 * The DSO's current contracts that scan lists (docs/current-contracts.md "Contract lists"):
 * closed rounds, validator licenses, featured app rights, external party amulet rules.
 */
export class DsoContractListsService {
  constructor(private readonly repository: DsoContractListsRepository) {}

  async getClosedRounds(): Promise<ClosedRounds> {
    return { rounds: (await this.repository.listClosedRounds()).map(contractOf) };
  }

  /**
   * A page of licenses, newest first. As upstream, `next_page_token` comes with every page that
   * is not empty (the last license's position); the page after the last license is empty.
   */
  async listValidatorLicenses(
    after: number | undefined,
    limit: number | undefined,
  ): Promise<ValidatorLicensesPage> {
    const page = await this.repository.pageValidatorLicenses(
      after === undefined ? undefined : String(after),
      limit ?? DEFAULT_LICENSES_PAGE,
    );
    const answer: ValidatorLicensesPage = { validator_licenses: page.contracts.map(contractOf) };
    if (page.lastRowId !== undefined) answer.next_page_token = Number(page.lastRowId);
    return answer;
  }

  async listFeaturedAppRights(): Promise<FeaturedAppRights> {
    return { featured_apps: (await this.repository.listFeaturedAppRights()).map(contractOf) };
  }

  async listFeaturedAppRightsByProvider(provider: string): Promise<FeaturedAppRights> {
    return {
      featured_apps: (await this.repository.listFeaturedAppRightsByProvider(provider)).map(contractOf),
    };
  }

  /** `featured_app_right` is left out when no current right has this id. */
  async lookupFeaturedAppRightByContractId(contractId: string): Promise<FeaturedAppRightLookup> {
    const right = await this.repository.lookupFeaturedAppRight(contractId);
    return right ? { featured_app_right: contractOf(right) } : {};
  }

  /** The current ExternalPartyAmuletRules; without the contract when the caller holds that very contract. */
  async getExternalPartyAmuletRulesUpdate(
    request: ExternalPartyAmuletRulesRequest,
  ): Promise<ExternalPartyAmuletRulesUpdate> {
    const rules = await this.repository.lookupExternalPartyAmuletRules();
    if (!rules) throw notFound('no ExternalPartyAmuletRules contract has been ingested yet');
    if (request.cached_external_party_amulet_rules_contract_id !== rules.contractId)
      return { external_party_amulet_rules_update: toContractWithState(rules) };
    return { external_party_amulet_rules_update: rules.inFlight ? {} : { domain_id: rules.synchronizerId } };
  }
}
