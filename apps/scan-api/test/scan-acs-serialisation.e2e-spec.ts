import { Db, partyNamesOf } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { startTestApp, useTestDatabase, writeHistory, type RunningTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import { referenceAcsPage, type ReferenceSelection } from './acs-page.reference';

/**
 * Issue 12 item 1: an ACS page's response text is written by PostgreSQL (one row per page), and
 * the bytes sent are exactly what the previous rows → objects → JSON path sent. The previous path
 * is kept test-only (acs-page.reference.ts); every page of every snapshot of a simulated network
 * with two migrations, with and without party and template filters, is compared with
 * `JSON.stringify` of the reference page, byte for byte.
 */
const NETWORK = { seed: 5, rounds: 60, migrationRound: 40, reassignEveryRounds: 6 };

describe('ACS pages: responses byte for byte as the rows → objects path gave them', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let store: Db;
  let base: string;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    store = running.app.get(Db);
    base = running.origin + running.config.scanApi.prefix;
  });
  afterAll(() => running.close());
  beforeEach(() => writeHistory(db.dataSource, [...simulateNetwork(NETWORK)]));

  async function snapshots(): Promise<{ migration_id: number; record_time: string }[]> {
    return store.query(
      `SELECT migration_id::int AS migration_id, to_char(record_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS record_time
         FROM acs_snapshots ORDER BY migration_id, record_time`,
    );
  }

  /** Pages the selection through the app and the reference; returns how many contracts it saw. */
  async function compareAllPages(
    route: string,
    selection: ReferenceSelection,
    pageSize: number,
    filters: { party_ids?: string[]; templates?: string[] },
  ): Promise<number> {
    let after: number | undefined;
    let seen = 0;
    for (let pageNo = 0; pageNo < 10_000; pageNo++) {
      const expectedPage = await referenceAcsPage(store, selection, after, pageSize);
      const res = await fetch(`${base}/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          migration_id: selection.migrationId,
          record_time: selection.snapshotTime,
          page_size: pageSize,
          ...filters,
          ...(after === undefined ? {} : { after }),
        }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = Buffer.from(await res.arrayBuffer());
      // The body goes out as PostgreSQL's bytes, with its length (not chunked).
      expect(res.headers.get('content-length')).toBe(String(body.length));
      const got = body.toString('utf8');
      const expected = JSON.stringify(expectedPage);
      if (got !== expected)
        expect({ route, selection, after, got }).toEqual({ route, selection, after, got: expected });
      seen += expectedPage.created_events.length;
      if (expectedPage.next_page_token === undefined) return seen;
      after = expectedPage.next_page_token;
    }
    throw new Error('paging did not end');
  }

  it('every page of every snapshot, pages of 1,000 and of 37, on /v0, /v1 and /v2', async () => {
    const all = await snapshots();
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((s) => s.migration_id)).size).toBe(2);
    let contracts = 0;
    for (const s of all) {
      const selection = { migrationId: s.migration_id, snapshotTime: s.record_time };
      contracts += await compareAllPages('v0/state/acs', selection, 1000, {});
      await compareAllPages('v2/state/acs', selection, 37, {});
    }
    const newest = all[all.length - 1];
    await compareAllPages(
      'v1/state/acs',
      { migrationId: newest.migration_id, snapshotTime: newest.record_time },
      37,
      {},
    );
    expect(contracts).toBeGreaterThan(100);
  });

  it('party and template filters, and an empty page', async () => {
    const all = await snapshots();
    const newest = all[all.length - 1];
    const [{ party, package_name, module_name, entity_name }]: {
      party: string;
      package_name: string;
      module_name: string;
      entity_name: string;
    }[] = await store.query(
      `SELECT (${partyNamesOf('c.stakeholders')})[1] AS party, c.package_name, c.module_name, c.entity_name FROM contracts c
        WHERE c.migration_id = $1 AND c.archived_record_time IS NULL ORDER BY c.row_id DESC LIMIT 1`,
      [newest.migration_id],
    );
    const base = { migrationId: newest.migration_id, snapshotTime: newest.record_time };
    const template = { packageName: package_name, moduleName: module_name, entityName: entity_name };
    const byParty = await compareAllPages('v2/state/acs', { ...base, partyIds: [party] }, 10, {
      party_ids: [party],
    });
    const byTemplate = await compareAllPages('v2/state/acs', { ...base, templates: [template] }, 10, {
      templates: [`${package_name}:${module_name}:${entity_name}`],
    });
    expect(byParty).toBeGreaterThan(0);
    expect(byTemplate).toBeGreaterThan(0);
    expect(
      await compareAllPages('v2/state/acs', { ...base, partyIds: ['nobody::1220'] }, 10, {
        party_ids: ['nobody::1220'],
      }),
    ).toBe(0);
  });
});
