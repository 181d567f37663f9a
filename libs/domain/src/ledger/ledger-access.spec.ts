import { DomainError, DomainErrorCode } from '../errors/domain-error';
import { assertMayRead } from './ledger-access';
import type { LedgerUser } from './ledger-users.repository';

const user = (rights: Partial<LedgerUser>): LedgerUser => ({
  userId: 'u',
  isAdmin: false,
  canReadAsAnyParty: false,
  readAs: [],
  ...rights,
});
const denied = (fn: () => void) => {
  expect(fn).toThrow(DomainError);
  try {
    fn();
  } catch (error) {
    expect((error as DomainError).code).toBe(DomainErrorCode.PermissionDenied);
  }
};

describe('assertMayRead', () => {
  it('lets a user read the parties it holds read-as rights for, and no other', () => {
    const alice = user({ readAs: ['alice::1'] });
    expect(() => assertMayRead(alice, { parties: ['alice::1'], anyParty: false })).not.toThrow();
    denied(() => assertMayRead(alice, { parties: ['alice::1', 'bob::1'], anyParty: false }));
  });

  it('requires the read-as-any-party right for any-party reads, which covers every party', () => {
    denied(() => assertMayRead(user({ readAs: ['alice::1'] }), { parties: [], anyParty: true }));
    expect(() =>
      assertMayRead(user({ canReadAsAnyParty: true }), { parties: ['zed::9'], anyParty: true }),
    ).not.toThrow();
  });

  it('grants no reads to the admin right alone', () => {
    denied(() => assertMayRead(user({ isAdmin: true }), { parties: ['alice::1'], anyParty: false }));
  });
});
