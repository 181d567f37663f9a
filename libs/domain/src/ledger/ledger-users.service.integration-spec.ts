import { Db } from '../database/db';
import { useTestDatabase } from '@canton-scan/testing';
import { DomainErrorCode } from '../errors/domain-error';
import { ensureDevelopmentAdmin } from './development-admin';
import { LedgerUsersRepository } from './ledger-users.repository';
import { DEVELOPMENT_ADMIN_USER, LedgerUsersService } from './ledger-users.service';

const ALICE = 'alice::1220aa';
const BOB = 'bob::1220bb';

describe('LedgerUsersService', () => {
  const db = useTestDatabase();
  const service = () => new LedgerUsersService(new LedgerUsersRepository(Db.of(db.dataSource)));
  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (e: { code?: string }) => e.code,
    );

  it('adds a user with its rights and refuses the same id twice', async () => {
    await service().addUser({
      userId: 'alice',
      isAdmin: false,
      canReadAsAnyParty: false,
      readAs: [BOB, ALICE, ALICE],
      primaryParty: ALICE,
    });
    expect(await service().lookupUser('alice')).toEqual({
      userId: 'alice',
      primaryParty: ALICE,
      isAdmin: false,
      canReadAsAnyParty: false,
      readAs: [ALICE, BOB],
    });
    expect(
      await code(service().addUser({ userId: 'alice', isAdmin: true, canReadAsAnyParty: false, readAs: [] })),
    ).toBe(DomainErrorCode.InvalidArgument);
  });

  it('grants and revokes rights idempotently', async () => {
    await service().addUser({ userId: 'bob', isAdmin: false, canReadAsAnyParty: false, readAs: [] });
    await service().grantRights('bob', { readAs: [BOB], readAsAnyParty: true });
    await service().grantRights('bob', { readAs: [BOB] });
    expect(await service().lookupUser('bob')).toMatchObject({
      canReadAsAnyParty: true,
      isAdmin: false,
      readAs: [BOB],
    });
    await service().revokeRights('bob', { readAs: [BOB], readAsAnyParty: true });
    expect(await service().lookupUser('bob')).toMatchObject({ canReadAsAnyParty: false, readAs: [] });
    expect(await code(service().grantRights('nobody', { admin: true }))).toBe(DomainErrorCode.NotFound);
  });

  it('removes a user with its rights; an unknown user is PERMISSION_DENIED when authorizing', async () => {
    await service().addUser({ userId: 'carol', isAdmin: false, canReadAsAnyParty: false, readAs: [ALICE] });
    await service().removeUser('carol');
    expect(await service().listUsers()).toEqual([]);
    expect(await code(service().getAuthorizedUser('carol'))).toBe(DomainErrorCode.PermissionDenied);
    expect(await code(service().removeUser('carol'))).toBe(DomainErrorCode.NotFound);
  });

  it('refuses malformed user ids and party ids', async () => {
    expect(
      await code(
        service().addUser({ userId: 'has space', isAdmin: false, canReadAsAnyParty: false, readAs: [] }),
      ),
    ).toBe(DomainErrorCode.InvalidArgument);
    expect(
      await code(
        service().addUser({
          userId: 'ok',
          isAdmin: false,
          canReadAsAnyParty: false,
          readAs: ['not-a-party'],
        }),
      ),
    ).toBe(DomainErrorCode.InvalidArgument);
  });

  it('ensureDevelopmentAdmin creates the admin reading any party, idempotently', async () => {
    await ensureDevelopmentAdmin(db.dataSource);
    await ensureDevelopmentAdmin(db.dataSource);
    expect(await service().listUsers()).toEqual([
      { userId: DEVELOPMENT_ADMIN_USER, isAdmin: true, canReadAsAnyParty: true, readAs: [] },
    ]);
  });
});
