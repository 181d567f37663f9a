import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { LedgerUpdatesRepository, LedgerUpdatesService, type LedgerUser } from '@canton-scan/domain';
import { JSON_ARRAY_PIECE_CHARS } from '@canton-scan/http';
import { expectResponseMatchesSpec } from '@canton-scan/testing';
import { useLedgerTestApp } from './ledger-test-app';

/** Updates recorded on top of the six of the fixture: answers of many pieces. */
const EXTRA_UPDATES = 400;

const anyParty: ledgerApi.UpdateFormat = {
  includeTransactions: {
    eventFormat: { filtersForAnyParty: {} },
    transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
  },
  includeReassignments: { filtersForAnyParty: {} },
};

/** Reads as any party, as the admin token's user does. */
const READER: LedgerUser = { userId: 'reader', isAdmin: false, canReadAsAnyParty: true, readAs: [] };

const ROUTES = [
  { path: '/v2/updates', operationId: 'getUpdates' },
  { path: '/v2/updates/flats', operationId: 'getUpdatesFlat' },
] as const;

describe('the update lists are written in pieces', () => {
  const t = useLedgerTestApp();

  beforeEach(async () => {
    await t.append(Array.from({ length: EXTRA_UPDATES }, () => t.history.next()));
  });
  afterEach(() => jest.restoreAllMocks());

  async function post(path: string, body: ledgerApi.GetUpdatesRequest, limit?: number): Promise<Response> {
    return fetch(`${t.base()}${path}${limit === undefined ? '' : `?limit=${limit}`}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.token('admin')}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** The list as one string, as the answer was rendered before (`res.json` of the collected items). */
  async function renderedAtOnce(body: ledgerApi.GetUpdatesRequest, limit?: number): Promise<string> {
    const items: unknown[] = [];
    const service = t.app.app.get(LedgerUpdatesService);
    for await (const item of service.flats(READER, body, limit === undefined ? {} : { limit }))
      items.push(item);
    return JSON.stringify(items);
  }

  describe.each(ROUTES)('POST $path', ({ path, operationId }) => {
    it.each([
      ['with a limit: written as read', 200, 150],
      ['without one: held until it is known not to exceed the list limit', undefined, 180],
    ])('%s, byte for byte the list rendered at once', async (_what, limit, end) => {
      const body = { beginExclusive: 0, endInclusive: end, updateFormat: anyParty };
      const res = await post(path, body, limit);
      const text = await res.text();

      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      // Longer than one piece: chunked, without a length.
      expect(text.length).toBeGreaterThan(2 * JSON_ARRAY_PIECE_CHARS);
      expect(res.headers.get('content-length')).toBeNull();
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      expect(text).toBe(await renderedAtOnce(body, limit));
      const items = JSON.parse(text) as ledgerApi.GetUpdatesResponse[];
      expect(items.length).toBeGreaterThan(100);
      expectResponseMatchesSpec(ledgerSpec, operationId, {
        status: res.status,
        contentType: res.headers.get('content-type'),
        body: items,
      });
    });

    it('answers 413 before anything is written when the list goes beyond the list limit', async () => {
      const res = await post(path, {
        beginExclusive: 0,
        endInclusive: EXTRA_UPDATES,
        updateFormat: anyParty,
      });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { code: string }).code).toBe(
        'JSON_API_MAXIMUM_LIST_ELEMENTS_NUMBER_REACHED',
      );
    });

    it('answers a failed read before the first piece with its status and error body', async () => {
      jest.spyOn(t.app.app.get(LedgerUpdatesRepository), 'readPage').mockRejectedValue(new Error('boom'));
      const res = await post(path, { beginExclusive: 0, endInclusive: 150, updateFormat: anyParty }, 200);
      expect(res.status).toBe(500);
      expect(((await res.json()) as { cause: string }).cause).toMatch(/^internal error \(correlation id /);
    });

    it('cuts the connection on a failed read after the first piece: the client sees an incomplete answer', async () => {
      const repo = t.app.app.get(LedgerUpdatesRepository);
      const readPage = repo.readPage.bind(repo);
      let reads = 0;
      jest.spyOn(repo, 'readPage').mockImplementation(async (request) => {
        // Pages of 50 updates: the first page fills the first piece, which is written at once.
        if (++reads === 3) throw new Error('the database went away mid-answer');
        return readPage(request);
      });
      const res = await post(path, { beginExclusive: 0, endInclusive: 150, updateFormat: anyParty }, 200);
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
      expect(reads).toBe(3);
    });
  });
});
