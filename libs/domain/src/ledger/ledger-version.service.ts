import { MAX_USERS_PAGE_SIZE } from './ledger-users.service';

/**
 * The Canton Ledger API version whose JSON shapes this node serves, with this implementation's
 * name as semver build metadata. Clients choose their API client by its prefix (the wallet SDK
 * accepts versions starting with `3.3` or `3.4` and refuses any other), so it names the API level
 * served, not the version of this document or of the app.
 */
export const LEDGER_API_VERSION = '3.4.0+canton-scan-stack';

/** Page size limits this node announces for listings it shares with a participant's defaults. */
export const MAX_PARTIES_PAGE_SIZE = 10_000;
export const MAX_VETTED_PACKAGES_PAGE_SIZE = 100;

/** `GET /v2/version`: the Ledger API version served and the features block clients read. */
export interface LedgerApiVersion {
  version: string;
  features: {
    experimental: { staticTime: { supported: boolean }; commandInspectionService: { supported: boolean } };
    userManagement: { supported: boolean; maxRightsPerUser: number; maxUsersPageSize: number };
    partyManagement: { maxPartiesPageSize: number };
    offsetCheckpoint: { maxOffsetCheckpointEmissionDelay: { seconds: number; nanos: number } };
    packageFeature: { maxVettedPackagesPageSize: number };
  };
}

/**
 * Users are readable (their
 * rights unlimited in number: 0); no static time and no command inspection (this node submits
 * nothing). An open-ended read ends with its OffsetCheckpoint, when one is due, at the latest once
 * the stream idle timeout has passed without a new update: that timeout is the emission delay.
 */
export class LedgerVersionService {
  private readonly answer: LedgerApiVersion;

  constructor(streamIdleTimeoutMs: number) {
    this.answer = {
      version: LEDGER_API_VERSION,
      features: {
        experimental: { staticTime: { supported: false }, commandInspectionService: { supported: false } },
        userManagement: { supported: true, maxRightsPerUser: 0, maxUsersPageSize: MAX_USERS_PAGE_SIZE },
        partyManagement: { maxPartiesPageSize: MAX_PARTIES_PAGE_SIZE },
        offsetCheckpoint: {
          maxOffsetCheckpointEmissionDelay: {
            seconds: Math.floor(streamIdleTimeoutMs / 1000),
            nanos: (streamIdleTimeoutMs % 1000) * 1_000_000,
          },
        },
        packageFeature: { maxVettedPackagesPageSize: MAX_VETTED_PACKAGES_PAGE_SIZE },
      },
    };
  }

  getVersion(): LedgerApiVersion {
    return this.answer;
  }
}
