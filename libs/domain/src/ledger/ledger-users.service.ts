import { DomainError, DomainErrorCode, invalidArgument, notFound } from '../errors/domain-error';
import {
  decodeUsersPageToken,
  encodeUsersPageToken,
  toLedgerApiRights,
  toLedgerApiUser,
  type LedgerApiRight,
  type LedgerApiUser,
} from './ledger-user-format';
import type { LedgerUser, LedgerUserRightsChange, LedgerUsersRepository } from './ledger-users.repository';

/** Largest page of `GET /v2/users` (a participant's default `max-users-page-size`). */
export const MAX_USERS_PAGE_SIZE = 1000;

/**
 * As on a participant: a user may read itself and its own rights; any other user, and the list
 * of users, needs the participant admin right. Checked before the lookup, so a non-admin learns
 * nothing about which other users exist.
 */
function assertMayReadUser(caller: LedgerUser, userId: string | undefined): void {
  if (caller.isAdmin || caller.userId === userId) return;
  throw new DomainError(
    DomainErrorCode.PermissionDenied,
    userId === undefined
      ? `user "${caller.userId}" may not list users: that needs the participant admin right`
      : `user "${caller.userId}" may not read user "${userId}": that needs the participant admin right`,
    { userId: caller.userId },
  );
}

/** The user a real participant creates for its operator; `npm start` makes it the development admin. */
export const DEVELOPMENT_ADMIN_USER = 'participant_admin';

// Canton's user id alphabet (UserId: letters, digits and @^$.!`-#+'~_|:), at most 128 characters.
const USER_ID = /^[a-zA-Z0-9@^$.!`\-#+'~_|:]{1,128}$/;
const PARTY_ID = /^[^\s:]+::[^\s:]+$/;

function checkUserId(userId: string): void {
  if (!USER_ID.test(userId))
    throw invalidArgument(
      `user id "${userId}" must be 1 to 128 characters of letters, digits and @^$.!\`-#+'~_|:`,
    );
}

function checkParties(parties: readonly string[]): void {
  for (const party of parties) {
    if (!PARTY_ID.test(party))
      throw invalidArgument(`"${party}" is not a party id (expected <hint>::<fingerprint>)`);
  }
}

/** Ledger API users and their rights: who a token's `sub` is and what it may read. */
export class LedgerUsersService {
  constructor(private readonly users: LedgerUsersRepository) {}

  lookupUser(userId: string): Promise<LedgerUser | undefined> {
    return this.users.lookup(userId);
  }

  /**
   * The user behind an authenticated token. As on a real participant, a token for a user that
   * does not exist is PERMISSION_DENIED (the token itself was valid: not a 401).
   */
  async getAuthorizedUser(userId: string): Promise<LedgerUser> {
    const user = await this.users.lookup(userId);
    if (!user)
      throw new DomainError(
        DomainErrorCode.PermissionDenied,
        `user "${userId}" does not exist on this participant`,
        { userId },
      );
    return user;
  }

  /** `GET /v2/authenticated-user`: the caller itself. */
  authenticatedUser(caller: LedgerUser): { user: LedgerApiUser } {
    return { user: toLedgerApiUser(caller) };
  }

  /** `GET /v2/users/{user-id}` for `caller`: itself, or any user for an administrator. */
  async getUserFor(caller: LedgerUser, userId: string): Promise<{ user: LedgerApiUser }> {
    return { user: toLedgerApiUser(await this.getReadableUser(caller, userId)) };
  }

  /** `GET /v2/users/{user-id}/rights` for `caller`: its own, or any user's for an administrator. */
  async listUserRightsFor(caller: LedgerUser, userId: string): Promise<{ rights: LedgerApiRight[] }> {
    return { rights: toLedgerApiRights(await this.getReadableUser(caller, userId)) };
  }

  /**
   * `GET /v2/users` (administrators only): a page of users in id order. A page size of 0 (or
   * none) is the largest page; a larger one is cut to it, as a participant does.
   */
  async listUsersFor(
    caller: LedgerUser,
    page: { pageSize?: number; pageToken?: string },
  ): Promise<{ users: LedgerApiUser[]; nextPageToken: string }> {
    assertMayReadUser(caller, undefined);
    const after = decodeUsersPageToken(page.pageToken);
    const size = page.pageSize ? Math.min(page.pageSize, MAX_USERS_PAGE_SIZE) : MAX_USERS_PAGE_SIZE;
    const users = await this.users.listPage(after, size + 1);
    const more = users.length > size;
    const shown = more ? users.slice(0, size) : users;
    return {
      users: shown.map(toLedgerApiUser),
      nextPageToken: more ? encodeUsersPageToken(shown[shown.length - 1]!.userId) : '',
    };
  }

  private async getReadableUser(caller: LedgerUser, userId: string): Promise<LedgerUser> {
    assertMayReadUser(caller, userId);
    checkUserId(userId);
    const user = userId === caller.userId ? caller : await this.users.lookup(userId);
    if (!user)
      throw new DomainError(DomainErrorCode.UserNotFound, `user "${userId}" does not exist`, { userId });
    return user;
  }

  listUsers(): Promise<LedgerUser[]> {
    return this.users.list();
  }

  async addUser(user: LedgerUser): Promise<LedgerUser> {
    checkUserId(user.userId);
    checkParties(user.readAs);
    if (user.primaryParty !== undefined) checkParties([user.primaryParty]);
    const normalized: LedgerUser = { ...user, readAs: [...new Set(user.readAs)].sort() };
    if (!(await this.users.insert(normalized))) {
      throw new DomainError(DomainErrorCode.InvalidArgument, `user "${user.userId}" already exists`, {
        userId: user.userId,
      });
    }
    return normalized;
  }

  async grantRights(userId: string, change: LedgerUserRightsChange): Promise<LedgerUser> {
    checkParties(change.readAs ?? []);
    if (!(await this.users.grant(userId, change)))
      throw notFound(`user "${userId}" does not exist`, { userId });
    return (await this.users.lookup(userId))!;
  }

  async revokeRights(userId: string, change: LedgerUserRightsChange): Promise<LedgerUser> {
    if (!(await this.users.revoke(userId, change)))
      throw notFound(`user "${userId}" does not exist`, { userId });
    return (await this.users.lookup(userId))!;
  }

  async removeUser(userId: string): Promise<void> {
    if (!(await this.users.remove(userId))) throw notFound(`user "${userId}" does not exist`, { userId });
  }

  /**
   * Makes sure the development administrator exists, with the participant admin right and the
   * right to read as any party (admin alone grants no reads), so one token serves every endpoint.
   */
  async ensureDevelopmentAdmin(userId = DEVELOPMENT_ADMIN_USER): Promise<LedgerUser> {
    checkUserId(userId);
    await this.users.upsertSuperUser(userId);
    return (await this.users.lookup(userId))!;
  }
}
