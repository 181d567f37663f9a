import type { ledgerApi } from '@canton-scan/contracts';
import type { LedgerPartiesRepository } from './ledger-parties.repository';
import type { LedgerUser } from './ledger-users.repository';

/** The largest party page (also the page of a request without `pageSize`), as a participant's default. */
export const MAX_PARTIES_PAGE_SIZE = 10_000;

/** The node hosts the recorded history as its own: every known party is local, in the default identity provider. */
function partyDetails(party: string): ledgerApi.PartyDetails {
  return { party, isLocal: true, identityProviderId: '' };
}

/**
 * The parties and packages of `/v2/parties` and `/v2/packages`, as the recorded history knows
 * them (docs/ledger-api.md "Parties and packages"). An administrator or a user reading as any
 * party sees every party; any other user the parties it may read as.
 */
export class LedgerPartiesService {
  constructor(private readonly parties: LedgerPartiesRepository) {}

  async listKnownParties(
    user: LedgerUser,
    query: { pageSize?: number; pageToken?: string },
  ): Promise<ledgerApi.ListKnownPartiesResponse> {
    const size =
      query.pageSize === undefined || query.pageSize === 0 ? MAX_PARTIES_PAGE_SIZE : query.pageSize;
    const limit = Math.min(size, MAX_PARTIES_PAGE_SIZE);
    const page = await this.parties.listKnownParties({
      afterExclusive: query.pageToken ?? '',
      limit: limit + 1,
      ...(user.isAdmin || user.canReadAsAnyParty ? {} : { among: user.readAs }),
    });
    const shown = page.slice(0, limit);
    return {
      partyDetails: shown.map(partyDetails),
      nextPageToken: page.length > limit ? shown[shown.length - 1] : '',
    };
  }

  /** The details of the party, when the history knows it and the user may see it; none otherwise. */
  async getParties(user: LedgerUser, party: string): Promise<ledgerApi.GetPartiesResponse> {
    const visible = user.isAdmin || user.canReadAsAnyParty || user.readAs.includes(party);
    const known = visible ? await this.parties.knownAmong([party]) : [];
    return { partyDetails: known.map(partyDetails) };
  }

  async listPackages(): Promise<ledgerApi.ListPackagesResponse> {
    return { packageIds: await this.parties.listPackageIds() };
  }

  async getPackageStatus(packageId: string): Promise<ledgerApi.GetPackageStatusResponse> {
    return {
      packageStatus: (await this.parties.hasPackage(packageId))
        ? 'PACKAGE_STATUS_REGISTERED'
        : 'PACKAGE_STATUS_UNSPECIFIED',
    };
  }
}
