import { invalidArgument } from '../errors/domain-error';
import type { LedgerUser } from './ledger-users.repository';

/** A user as the Ledger API's user management answers it (`User` of the JSON Ledger API v2). */
export interface LedgerApiUser {
  id: string;
  primaryParty: string;
  isDeactivated: boolean;
  metadata: { resourceVersion: string; annotations: Record<string, string> };
  identityProviderId: string;
}

/** One right in the Ledger API's form: a single-key `kind` object. */
export type LedgerApiRight =
  | { kind: { ParticipantAdmin: { value: Record<string, never> } } }
  | { kind: { CanReadAsAnyParty: { value: Record<string, never> } } }
  | { kind: { CanReadAs: { value: { party: string } } } };

/**
 * Every field is present, empty when unset, as a participant renders them. Users are only edited
 * through the CLI, which keeps no version: the resource version is constant. There is one
 * (default) identity provider and no deactivation (a removed user no longer exists).
 */
export function toLedgerApiUser(user: LedgerUser): LedgerApiUser {
  return {
    id: user.userId,
    primaryParty: user.primaryParty ?? '',
    isDeactivated: false,
    metadata: { resourceVersion: '0', annotations: {} },
    identityProviderId: '',
  };
}

/** The user's rights: admin first, then read-as-any-party, then one read-as per party in party order. */
export function toLedgerApiRights(user: LedgerUser): LedgerApiRight[] {
  const rights: LedgerApiRight[] = [];
  if (user.isAdmin) rights.push({ kind: { ParticipantAdmin: { value: {} } } });
  if (user.canReadAsAnyParty) rights.push({ kind: { CanReadAsAnyParty: { value: {} } } });
  for (const party of user.readAs) rights.push({ kind: { CanReadAs: { value: { party } } } });
  return rights;
}

/** The page token after `userId`: opaque to clients (base64url of the last user id of a page). */
export function encodeUsersPageToken(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}

/** The user id a page token continues after; `undefined` for the first page (no or empty token). */
export function decodeUsersPageToken(token: string | undefined): string | undefined {
  if (token === undefined || token === '') return undefined;
  const userId = /^[A-Za-z0-9_-]+$/.test(token) ? Buffer.from(token, 'base64url').toString('utf8') : '';
  if (userId === '' || encodeUsersPageToken(userId) !== token)
    throw invalidArgument(`pageToken "${token}" is not a page token of GET /v2/users`, { pageToken: token });
  return userId;
}
