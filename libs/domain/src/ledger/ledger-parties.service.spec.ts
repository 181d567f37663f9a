import type { LedgerPartiesRepository } from './ledger-parties.repository';
import { LedgerPartiesService, MAX_PARTIES_PAGE_SIZE } from './ledger-parties.service';
import type { LedgerUser } from './ledger-users.repository';

const KNOWN = ['alice::1', 'bob::1', 'carol::1', 'dso::1'];

/** A repository over a fixed party list that records the page requests it got. */
function fakeRepository() {
  const requests: { afterExclusive: string; limit: number; among?: readonly string[] }[] = [];
  const repository = {
    listKnownParties: (request: { afterExclusive: string; limit: number; among?: readonly string[] }) => {
      requests.push(request);
      const pool = request.among ? KNOWN.filter((p) => request.among!.includes(p)) : KNOWN;
      return Promise.resolve(pool.filter((p) => p > request.afterExclusive).slice(0, request.limit));
    },
    knownAmong: (parties: readonly string[]) => Promise.resolve(KNOWN.filter((p) => parties.includes(p))),
  } as unknown as LedgerPartiesRepository;
  return { repository, requests };
}

const user = (rights: Partial<LedgerUser>): LedgerUser => ({
  userId: 'u',
  isAdmin: false,
  canReadAsAnyParty: false,
  readAs: [],
  ...rights,
});

describe('LedgerPartiesService', () => {
  it('pages known parties: the last party of a full page is the next token, empty after the last page', async () => {
    const { repository } = fakeRepository();
    const service = new LedgerPartiesService(repository);
    const admin = user({ isAdmin: true });
    const first = await service.listKnownParties(admin, { pageSize: 3 });
    expect(first.partyDetails.map((p) => p.party)).toEqual(KNOWN.slice(0, 3));
    expect(first.nextPageToken).toBe('carol::1');
    const last = await service.listKnownParties(admin, { pageSize: 3, pageToken: first.nextPageToken });
    expect(last).toEqual({
      partyDetails: [{ party: 'dso::1', isLocal: true, identityProviderId: '' }],
      nextPageToken: '',
    });
  });

  it('asks for the largest page when pageSize is 0, absent or larger', async () => {
    const { repository, requests } = fakeRepository();
    const service = new LedgerPartiesService(repository);
    for (const pageSize of [0, undefined, MAX_PARTIES_PAGE_SIZE * 5])
      await service.listKnownParties(
        user({ canReadAsAnyParty: true }),
        pageSize === undefined ? {} : { pageSize },
      );
    expect(requests.map((r) => r.limit)).toEqual(Array(3).fill(MAX_PARTIES_PAGE_SIZE + 1));
  });

  it('a user without read-as-any-party or admin sees only the parties it may read as', async () => {
    const { repository, requests } = fakeRepository();
    const service = new LedgerPartiesService(repository);
    const bob = user({ readAs: ['bob::1', 'zed::1'] });
    expect((await service.listKnownParties(bob, {})).partyDetails.map((p) => p.party)).toEqual(['bob::1']);
    expect(requests[0].among).toEqual(['bob::1', 'zed::1']);
    expect(await service.getParties(bob, 'alice::1')).toEqual({ partyDetails: [] });
    expect((await service.getParties(bob, 'bob::1')).partyDetails).toHaveLength(1);
  });
});
