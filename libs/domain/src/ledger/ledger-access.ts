import { DomainError, DomainErrorCode } from '../errors/domain-error';
import type { LedgerUser } from './ledger-users.repository';

/**
 * Read authorization as on a participant: a user may read as a party when it holds the
 * can-read-as right for it or the can-read-as-any-party right; `filtersForAnyParty` (and
 * topology events for every party) need the latter. The admin right grants no reads.
 */
export function assertMayRead(
  user: LedgerUser,
  read: { parties: Iterable<string>; anyParty: boolean },
): void {
  if (user.canReadAsAnyParty) return;
  if (read.anyParty) {
    throw new DomainError(
      DomainErrorCode.PermissionDenied,
      `user "${user.userId}" may not read as any party (filtersForAnyParty)`,
      {
        userId: user.userId,
      },
    );
  }
  const allowed = new Set(user.readAs);
  for (const party of read.parties) {
    if (!allowed.has(party)) {
      throw new DomainError(
        DomainErrorCode.PermissionDenied,
        `user "${user.userId}" may not read as party ${party}`,
        { userId: user.userId, party },
      );
    }
  }
}
