import { DomainErrorCode } from '../errors/domain-error';
import { decodeUsersPageToken, encodeUsersPageToken, toLedgerApiRights } from './ledger-user-format';

describe('ledger user format', () => {
  it('round-trips a page token through every character of the user id alphabet', () => {
    const userId = "a-Z_0.9@^$!`#+'~|:";
    expect(decodeUsersPageToken(encodeUsersPageToken(userId))).toBe(userId);
  });

  it('reads no token or an empty one as the first page', () => {
    expect(decodeUsersPageToken(undefined)).toBeUndefined();
    expect(decodeUsersPageToken('')).toBeUndefined();
  });

  it.each(['not a token!', 'YWxpY2U=', 'YWxpY2', '%%%'])('refuses %s as INVALID_ARGUMENT', (token) => {
    expect(() => decodeUsersPageToken(token)).toThrow(
      expect.objectContaining({ code: DomainErrorCode.InvalidArgument }),
    );
  });

  it('lists no rights for a user without any', () => {
    expect(toLedgerApiRights({ userId: 'u', isAdmin: false, canReadAsAnyParty: false, readAs: [] })).toEqual(
      [],
    );
  });
});
