import { Db, synchronizerNameOf, type HistoryUpdate } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { startTestApp, useTestDatabase, writeHistory, type RunningTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import {
  referenceListPage,
  referenceUpdate,
  referenceUpdatesBefore,
  type PayloadEncoding,
} from './update-history.reference';

/**
 * Issue 12 item 2: the update trees of `GET /v0|v2/updates/{id}` and `POST /v2/updates` are
 * assembled by one statement that builds the response text, and the bytes sent are exactly what
 * the previous rows → objects → JSON path sent. The previous path is kept test-only
 * (update-history.reference.ts); every answer over a simulated network with reassignments and
 * two migrations is compared with `JSON.stringify` of the reference item (what Nest sent), byte
 * for byte, in both encodings.
 */
const NETWORK = { seed: 9, rounds: 36, migrationRound: 22, reassignEveryRounds: 6 };

const updateIdOf = (u: HistoryUpdate): string => u.update_id;

describe('update trees: responses byte for byte as the rows → objects path gave them', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let store: Db;
  let history: HistoryUpdate[];
  let base: string;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    store = running.app.get(Db);
    base = running.origin + running.config.scanApi.prefix;
  });
  afterAll(() => running.close());
  beforeEach(async () => {
    history = [...simulateNetwork(NETWORK)];
    await writeHistory(db.dataSource, history);
  });

  async function text(res: Response): Promise<string> {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    return res.text();
  }

  it('GET /v0/updates/{id} and /v2/updates/{id}, both encodings, every update', async () => {
    const kinds = new Set<string>();
    for (const id of history.map(updateIdOf)) {
      for (const encoding of ['lossless', 'compact'] as PayloadEncoding[]) {
        const expected = JSON.stringify(await referenceUpdate(store, id, encoding));
        const query = encoding === 'lossless' ? '?lossless=true' : '';
        for (const version of ['v0', 'v2']) {
          const got = await text(await fetch(`${base}/${version}/updates/${encodeURIComponent(id)}${query}`));
          if (got !== expected)
            expect({ id, version, encoding, got }).toEqual({ id, version, encoding, got: expected });
        }
        kinds.add(
          expected.includes('"events_by_id"')
            ? 'transaction'
            : expected.includes('"created_event"')
              ? 'assignment'
              : 'unassignment',
        );
      }
    }
    expect([...kinds].sort()).toEqual(['assignment', 'transaction', 'unassignment']);
  }, 180_000); // ~4 requests per update of the network, one at a time: minutes on a loaded machine

  it('an explicit lossless=false answers as the default', async () => {
    const id = history[history.length - 1].update_id;
    const expected = JSON.stringify(await referenceUpdate(store, id, 'compact'));
    expect(await text(await fetch(`${base}/v2/updates/${id}?lossless=false`))).toBe(expected);
  });

  it.each([
    [1000, 'protobuf_json'],
    [1000, 'compact_json'],
    [1000, undefined],
    [7, 'protobuf_json'],
    [7, 'compact_json'],
  ])('POST /v2/updates, the whole list in pages of %s, encoding %s', async (pageSize, encoding) => {
    let after: { after_migration_id: number; after_record_time: string } | undefined;
    let listed = 0;
    for (;;) {
      const res = await fetch(`${base}/v2/updates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          page_size: pageSize,
          daml_value_encoding: encoding,
          ...(after ? { after } : {}),
        }),
      });
      const got = await text(res);
      const reference = await referenceListPage(
        store,
        after && { migrationId: after.after_migration_id, recordTime: after.after_record_time },
        pageSize,
        encoding === 'protobuf_json' ? 'lossless' : 'compact',
      );
      const expected = JSON.stringify(reference);
      if (got !== expected) expect({ after, got }).toEqual({ after, got: expected });
      const page = reference.transactions;
      if (page.length === 0) break;
      listed += page.length;
      const last = page[page.length - 1];
      after = {
        after_migration_id: 'migration_id' in last ? last.migration_id : last.event.migration_id,
        after_record_time: last.record_time,
      };
    }
    expect(listed).toBeGreaterThan(100);
  });

  it.each([1000, 7])(
    'POST /v0/backfilling/updates-before, every synchronizer of every migration walked back in pages of %s, as the rows path wrote it',
    async (count) => {
      const synchronizers = await store.query<{ migration_id: number; synchronizer_id: string }>(
        `SELECT DISTINCT migration_id::int, ${synchronizerNameOf('t.synchronizer')} AS synchronizer_id FROM updates t WHERE NOT is_import ORDER BY 1, 2`,
      );
      expect(synchronizers.length).toBeGreaterThan(1);
      const IMPORT_TIME_PLUS_ONE = '0001-01-01T00:00:00.000001Z';
      let walked = 0;
      for (const { migration_id, synchronizer_id } of synchronizers) {
        let before = '9999-12-31T23:59:59.999999Z';
        for (;;) {
          const res = await fetch(`${base}/v0/backfilling/updates-before`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ migration_id, synchronizer_id, before, count }),
          });
          expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
          const got = await text(res);
          expect(Buffer.byteLength(got)).toBe(Number(res.headers.get('content-length')));
          const expected = await referenceUpdatesBefore(
            store,
            migration_id,
            synchronizer_id,
            before,
            IMPORT_TIME_PLUS_ONE,
            count,
          );
          if (got !== expected) expect({ before, got }).toEqual({ before, got: expected });
          const page = (JSON.parse(got) as { transactions: { record_time: string }[] }).transactions;
          if (page.length === 0) break;
          walked += page.length;
          before = page[page.length - 1].record_time;
        }
      }
      expect(walked).toBeGreaterThan(100);
    },
    180_000,
  );
});
