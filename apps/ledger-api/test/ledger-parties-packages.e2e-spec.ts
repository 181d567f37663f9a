import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { expectResponseMatchesSpec } from '@canton-scan/testing';
import { useLedgerTestApp } from './ledger-test-app';

function checked<T extends { response: Response; data?: unknown; error?: unknown }>(
  operation: string,
  res: T,
): T {
  expectResponseMatchesSpec(ledgerSpec, operation, {
    status: res.response.status,
    contentType: res.response.headers.get('content-type'),
    body: res.data ?? res.error,
  });
  return res;
}

describe('GET /v2/parties, /v2/parties/{party}, /v2/packages and /v2/packages/{package-id}/status', () => {
  const t = useLedgerTestApp();

  const recordedParties = () => {
    const { dso, alice, bob, carol } = t.history.parties;
    return [dso, alice, bob, carol].sort();
  };

  it('lists every party of the recorded history, in order, to an administrator', async () => {
    const res = checked(
      'listKnownParties',
      await ledgerApi.listKnownParties({ client: await t.client('admin') }),
    );
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({
      partyDetails: recordedParties().map((party) => ({ party, isLocal: true, identityProviderId: '' })),
      nextPageToken: '',
    });
  });

  it('pages with pageSize and nextPageToken', async () => {
    const client = await t.client('adminOnly');
    const seen: string[] = [];
    let pageToken: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const res = checked(
        'listKnownParties',
        await ledgerApi.listKnownParties({
          client,
          query: { pageSize: 3, ...(pageToken ? { pageToken } : {}) },
        }),
      );
      const page = res.data!.partyDetails.map((p) => p.party);
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page);
      if (res.data!.nextPageToken === '') break;
      pageToken = res.data!.nextPageToken;
    }
    expect(seen).toEqual(recordedParties());
  });

  it('shows a user without read-as-any-party only the parties it may read as', async () => {
    const res = checked(
      'listKnownParties',
      await ledgerApi.listKnownParties({ client: await t.client('alice') }),
    );
    expect(res.data!.partyDetails.map((p) => p.party)).toEqual([t.history.parties.alice]);
  });

  it('GET /v2/parties/{party}: the details of a known party; none for an unknown or unreadable one', async () => {
    const { alice, bob, dave } = t.history.parties;
    const get = async (user: 'admin' | 'alice', party: string) =>
      checked('getParties', await ledgerApi.getParties({ client: await t.client(user), path: { party } }));
    expect((await get('admin', alice)).data).toEqual({
      partyDetails: [{ party: alice, isLocal: true, identityProviderId: '' }],
    });
    expect((await get('alice', alice)).data!.partyDetails).toHaveLength(1);
    for (const [user, party] of [
      ['admin', dave],
      ['admin', 'nobody::1220ab'],
      ['alice', bob],
    ] as const) {
      const res = await get(user, party);
      expect(res.response.status).toBe(200);
      expect(res.data).toEqual({ partyDetails: [] });
    }
    // participant-id stays its own route.
    const participant = await ledgerApi.getParticipantId({ client: await t.client('admin') });
    expect(participant.data).toEqual({ participantId: expect.any(String) });
  });

  it('GET /v2/packages: the package ids of the recorded templates; their status registered', async () => {
    const client = await t.client('bob');
    const res = checked('listPackages', await ledgerApi.listPackages({ client }));
    const expected = [
      ...new Set(
        t.history.updates.flatMap((u) =>
          Object.values(
            (u as { events_by_id?: Record<string, { template_id: string }> }).events_by_id ?? {},
          ).map((e) => e.template_id.split(':')[0]),
        ),
      ),
    ].sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(res.data).toEqual({ packageIds: expected });

    const status = async (packageId: string) =>
      checked(
        'getPackageStatus',
        await ledgerApi.getPackageStatus({ client, path: { 'package-id': packageId } }),
      ).data;
    expect(await status(expected[0])).toEqual({ packageStatus: 'PACKAGE_STATUS_REGISTERED' });
    expect(await status('0000unknown')).toEqual({ packageStatus: 'PACKAGE_STATUS_UNSPECIFIED' });
  });

  it('400 text/plain for a negative pageSize; 401 without a token on every route', async () => {
    const res = checked(
      'listKnownParties',
      await ledgerApi.listKnownParties({ client: await t.client('admin'), query: { pageSize: -1 } }),
    );
    expect(res.response.status).toBe(400);
    expect(res.response.headers.get('content-type')).toMatch(/^text\/plain/);
    for (const path of [
      '/v2/parties',
      `/v2/parties/${t.history.parties.alice}`,
      '/v2/packages',
      '/v2/packages/ab/status',
    ]) {
      const anonymous = await fetch(`${t.base()}${path}`);
      expect({ path, status: anonymous.status }).toEqual({ path, status: 401 });
      expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED', errorCategory: 6 });
    }
  });
});
