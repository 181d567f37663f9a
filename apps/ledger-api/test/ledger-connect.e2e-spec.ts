import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import {
  Db,
  LEDGER_API_VERSION,
  LedgerUsersRepository,
  LedgerUsersService,
  MAX_USERS_PAGE_SIZE,
  SpliceTemplates,
} from '@canton-scan/domain';
import { callChecked } from '@canton-scan/testing';
import { useLedgerTestApp } from './ledger-test-app';

/** What a wallet SDK reads when it connects: the version, its user and rights, the synchronizers. */
describe('ledger node: version, users and connected synchronizers', () => {
  const t = useLedgerTestApp({ LEDGER_STREAM_IDLE_TIMEOUT_MS: '1500' });

  describe('GET /v2/version', () => {
    it('answers a 3.4 Ledger API version and a features block in the upstream shape', async () => {
      const client = await t.client('bob');
      const res = await callChecked(
        ledgerSpec,
        'getLedgerApiVersion',
        ledgerApi.getLedgerApiVersion({ client }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        version: LEDGER_API_VERSION,
        features: {
          experimental: { staticTime: { supported: false }, commandInspectionService: { supported: false } },
          userManagement: { supported: true, maxRightsPerUser: 0, maxUsersPageSize: MAX_USERS_PAGE_SIZE },
          partyManagement: { maxPartiesPageSize: 10000 },
          offsetCheckpoint: { maxOffsetCheckpointEmissionDelay: { seconds: 1, nanos: 500_000_000 } },
          packageFeature: { maxVettedPackagesPageSize: 100 },
        },
      });
      // The wallet SDK picks its client by this prefix and refuses any version but 3.3 and 3.4.
      expect(res.body.version.startsWith('3.4')).toBe(true);
    });
  });

  describe('GET /v2/authenticated-user', () => {
    it("answers the token's user with every field set, the primary party when it has one", async () => {
      const carol = await callChecked(
        ledgerSpec,
        'getAuthenticatedUser',
        ledgerApi.getAuthenticatedUser({ client: await t.client('carol') }),
      );
      expect(carol.status).toBe(200);
      expect(carol.body).toEqual({
        user: {
          id: 'carol-user',
          primaryParty: t.history.parties.carol,
          isDeactivated: false,
          metadata: { resourceVersion: '0', annotations: {} },
          identityProviderId: '',
        },
      });
      const bob = await callChecked(
        ledgerSpec,
        'getAuthenticatedUser',
        ledgerApi.getAuthenticatedUser({ client: await t.client('bob') }),
      );
      expect(bob.body.user).toMatchObject({ id: 'bob-user', primaryParty: '' });
    });
  });

  describe('GET /v2/users/{user-id} and its rights', () => {
    it('lets a user read itself and its own rights', async () => {
      const client = await t.client('alice');
      const user = await callChecked(
        ledgerSpec,
        'getUser',
        ledgerApi.getUser({ client, path: { 'user-id': 'alice-user' } }),
      );
      expect(user.status).toBe(200);
      expect(user.body.user.id).toBe('alice-user');
      const rights = await callChecked(
        ledgerSpec,
        'listUserRights',
        ledgerApi.listUserRights({ client, path: { 'user-id': 'alice-user' } }),
      );
      expect(rights.status).toBe(200);
      expect(rights.body).toEqual({
        rights: [{ kind: { CanReadAs: { value: { party: t.history.parties.alice } } } }],
      });
    });

    it("gives an administrator any user's rights: admin, read-as-any-party, then read-as per party", async () => {
      const users = new LedgerUsersService(new LedgerUsersRepository(Db.of(t.db.dataSource)));
      const { alice, bob } = t.history.parties;
      await users.grantRights('alice-user', { admin: true, readAsAnyParty: true, readAs: [bob] });
      const rights = await callChecked(
        ledgerSpec,
        'listUserRights',
        ledgerApi.listUserRights({ client: await t.client('adminOnly'), path: { 'user-id': 'alice-user' } }),
      );
      expect(rights.body).toEqual({
        rights: [
          { kind: { ParticipantAdmin: { value: {} } } },
          { kind: { CanReadAsAnyParty: { value: {} } } },
          ...[alice, bob].sort().map((party) => ({ kind: { CanReadAs: { value: { party } } } })),
        ],
      });
      const admin = await callChecked(
        ledgerSpec,
        'listUserRights',
        ledgerApi.listUserRights({
          client: await t.client('adminOnly'),
          path: { 'user-id': 'participant_admin' },
        }),
      );
      expect(admin.body.rights).toEqual([
        { kind: { ParticipantAdmin: { value: {} } } },
        { kind: { CanReadAsAnyParty: { value: {} } } },
      ]);
    });

    it('refuses another user to a non-administrator with 403, even an unknown one', async () => {
      const client = await t.client('bob');
      for (const userId of ['alice-user', 'nobody']) {
        const user = await callChecked(
          ledgerSpec,
          'getUser',
          ledgerApi.getUser({ client, path: { 'user-id': userId } }),
        );
        expect(user.status).toBe(403);
        expect(user.body).toMatchObject({ code: 'PERMISSION_DENIED', errorCategory: 7 });
        const rights = await callChecked(
          ledgerSpec,
          'listUserRights',
          ledgerApi.listUserRights({ client, path: { 'user-id': userId } }),
        );
        expect(rights.status).toBe(403);
      }
    });

    it('answers 404 USER_NOT_FOUND in the ledger error body for an unknown user asked by an administrator', async () => {
      const client = await t.client('admin');
      const user = await callChecked(
        ledgerSpec,
        'getUser',
        ledgerApi.getUser({ client, path: { 'user-id': 'nobody' } }),
      );
      expect(user.status).toBe(404);
      expect(user.body).toMatchObject({
        code: 'USER_NOT_FOUND',
        errorCategory: 11,
        cause: expect.stringContaining('"nobody" does not exist'),
      });
      const rights = await callChecked(
        ledgerSpec,
        'listUserRights',
        ledgerApi.listUserRights({ client, path: { 'user-id': 'nobody' } }),
      );
      expect(rights.status).toBe(404);
      const malformed = await callChecked(
        ledgerSpec,
        'getUser',
        ledgerApi.getUser({ client, path: { 'user-id': 'no spaces allowed' } }),
      );
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual(expect.stringContaining('user id "no spaces allowed"'));
    });
  });

  describe('GET /v2/users', () => {
    it('pages through every user in id order with the next page token', async () => {
      const client = await t.client('adminOnly');
      const all = await callChecked(ledgerSpec, 'listUsers', ledgerApi.listUsers({ client }));
      expect(all.status).toBe(200);
      const ids = ['admin-only', 'alice-user', 'bob-user', 'carol-user', 'participant_admin'];
      expect(all.body.users.map((u: ledgerApi.User) => u.id)).toEqual(ids);
      expect(all.body.nextPageToken).toBe('');

      const seen: string[] = [];
      let pageToken: string | undefined;
      for (let pages = 1; ; pages++) {
        const page = await callChecked(
          ledgerSpec,
          'listUsers',
          ledgerApi.listUsers({ client, query: { pageSize: 2, ...(pageToken ? { pageToken } : {}) } }),
        );
        expect(page.body.users.length).toBeLessThanOrEqual(2);
        seen.push(...page.body.users.map((u: ledgerApi.User) => u.id));
        pageToken = page.body.nextPageToken;
        if (pageToken === '') {
          expect(pages).toBe(3);
          break;
        }
      }
      expect(seen).toEqual(ids);
    });

    it('needs the admin right: 403 for a user without it', async () => {
      const res = await callChecked(
        ledgerSpec,
        'listUsers',
        ledgerApi.listUsers({ client: await t.client('bob') }),
      );
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'PERMISSION_DENIED', errorCategory: 7 });
    });

    it('refuses a page token it did not issue with 400 INVALID_ARGUMENT, and a negative page size', async () => {
      const client = await t.client('admin');
      const bad = await callChecked(
        ledgerSpec,
        'listUsers',
        ledgerApi.listUsers({ client, query: { pageToken: 'not a token!' } }),
      );
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual(expect.stringContaining('pageToken'));
      const negative = await callChecked(
        ledgerSpec,
        'listUsers',
        ledgerApi.listUsers({ client, query: { pageSize: -1 } }),
      );
      expect(negative.status).toBe(400);
    });
  });

  describe('GET /v2/state/connected-synchronizers', () => {
    const { synchronizer, otherSynchronizer } = {
      synchronizer: expect.stringMatching(/^global-domain::1220/),
      otherSynchronizer: expect.stringMatching(/^other-domain::1220/),
    };

    it('lists the synchronizers of the recorded history, the most used first, with their aliases and no permission', async () => {
      const res = await callChecked(
        ledgerSpec,
        'getConnectedSynchronizers',
        ledgerApi.getConnectedSynchronizers({ client: await t.client('bob') }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        connectedSynchronizers: [
          { synchronizerAlias: 'global-domain', synchronizerId: synchronizer },
          { synchronizerAlias: 'other-domain', synchronizerId: otherSynchronizer },
        ],
      });
    });

    it('puts the synchronizer with the most updates first, the one clients take as their default', async () => {
      const { builder, parties } = t.history;
      const busy = `zzz-domain::1220${'a'.repeat(64)}`;
      const onBusy = Array.from({ length: 6 }, () => ({
        ...builder.tx([
          {
            create: {
              template: SpliceTemplates.FeaturedAppRight,
              payload: { dso: parties.dso, provider: parties.carol, activityWeight: null },
              signatories: [parties.dso],
              observers: [parties.carol],
            },
          },
        ]),
        synchronizer_id: busy,
      }));
      await t.append(onBusy);
      const res = await callChecked(
        ledgerSpec,
        'getConnectedSynchronizers',
        ledgerApi.getConnectedSynchronizers({ client: await t.client('bob') }),
      );
      expect(
        res.body.connectedSynchronizers.map((s: ledgerApi.ConnectedSynchronizer) => s.synchronizerAlias),
      ).toEqual(['zzz-domain', 'global-domain', 'other-domain']);
    });

    it('reports observation for a party the caller reads as, and 403 for another party', async () => {
      const client = await t.client('bob');
      const { bob, alice } = t.history.parties;
      const own = await callChecked(
        ledgerSpec,
        'getConnectedSynchronizers',
        ledgerApi.getConnectedSynchronizers({ client, query: { party: bob } }),
      );
      expect(own.status).toBe(200);
      expect(
        own.body.connectedSynchronizers.map((s: ledgerApi.ConnectedSynchronizer) => s.permission),
      ).toEqual(['PARTICIPANT_PERMISSION_OBSERVATION', 'PARTICIPANT_PERMISSION_OBSERVATION']);
      const other = await callChecked(
        ledgerSpec,
        'getConnectedSynchronizers',
        ledgerApi.getConnectedSynchronizers({ client, query: { party: alice } }),
      );
      expect(other.status).toBe(403);
    });
  });
});
