import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import {
  deriveCreatedEventBlob,
  timestampToMicros,
  synchronizerNameOf,
  type DamlValue,
  partyIdsOf,
} from '@canton-scan/domain';
import {
  callChecked,
  decodeAcsExport,
  loadSimulatedNetwork,
  nonVerboseRecord,
  sendRaw,
  startTestApp,
  useTestDatabase,
  type DecodedExportEntry,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/** What the store holds of a contract the export should carry. */
interface StoredRow {
  contract_id: string;
  template_id: string;
  package_name: string;
  create_arguments: DamlValue;
  created_event_blob: string | null;
  signatories: string[];
  observers: string[];
  created_at: string;
  created_offset: string;
  created_node_id: number;
  synchronizer_id: string;
}

describe('GET /v0/acs/{party}: the ACS export of the DSO and a party', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;
  const base = () => running.origin + running.config.scanApi.prefix;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource, { SCAN_UI_ENABLED: 'false' });
    client = createScanClient({ baseUrl: base() });
  });
  afterAll(() => running.close());

  const exportOf = async (party: string, record_time?: string) => {
    const res = await callChecked(
      scanSpec,
      'getAcsSnapshot',
      scanApi.getAcsSnapshot({ client, path: { party }, ...(record_time ? { query: { record_time } } : {}) }),
    );
    return res;
  };

  /** The contracts active at `offset` whose stakeholders hold the party and the DSO, from the tables. */
  const storedAt = async (party: string, dso: string, offset: string): Promise<StoredRow[]> =>
    db.dataSource.query(
      `SELECT c.contract_id, tp.package_id || ':' || tp.module_name || ':' || tp.entity_name AS template_id, c.package_name, e.create_arguments, c.created_event_blob, c.signatories,
              c.observers, c.created_at, c.created_offset::text AS created_offset, c.created_node_id,
              ${synchronizerNameOf('c.synchronizer')} AS synchronizer_id
         FROM contracts c JOIN events e ON e.migration_id = c.migration_id AND e.update_row_id = c.created_update_row_id
                                      AND e.node_id = c.created_node_id
         JOIN templates tp ON tp.id = e.template_ref
        WHERE c.created_offset <= $1::bigint
          -- Archived at N by any of its rows (a migration's imported copy carries the later archive).
          AND NOT EXISTS (SELECT 1 FROM contracts o WHERE o.contract_id = c.contract_id AND o.archived_offset <= $1::bigint)
          AND c.stakeholders @> ${partyIdsOf('ARRAY[$2, $3]')}
        ORDER BY c.created_offset, c.row_id`,
      [offset, party, dso],
    );

  const expectMatchesStore = (entries: DecodedExportEntry[], rows: StoredRow[], party: string) => {
    expect(entries.map((e) => e.contractId)).toEqual(rows.map((r) => r.contract_id));
    entries.forEach((entry, i) => {
      const r = rows[i];
      const micros = timestampToMicros(r.created_at);
      expect(entry).toEqual({
        version: 30,
        synchronizerId: r.synchronizer_id,
        reassignmentCounter: 0,
        offset: Number(r.created_offset),
        nodeId: r.created_node_id,
        contractId: r.contract_id,
        templateId: r.template_id,
        createArguments: nonVerboseRecord((r.create_arguments as { record: Record<string, unknown> }).record),
        createdEventBlob:
          r.created_event_blob ??
          deriveCreatedEventBlob({
            contract_id: r.contract_id,
            template_id: r.template_id,
            package_name: r.package_name,
            create_arguments: r.create_arguments,
            created_at: r.created_at,
            signatories: r.signatories,
            observers: r.observers,
          }),
        witnessParties: [party],
        signatories: r.signatories,
        observers: r.observers,
        createdAt: { seconds: Number(micros / 1_000_000n), nanos: Number(micros % 1_000_000n) * 1000 },
        packageName: r.package_name,
        acsDelta: true,
        representativePackageId: r.template_id.split(':')[0],
        createdEventFields: expect.any(Array),
      });
    });
  };

  it('exports, at the ledger end and at an update’s record time, exactly the contracts the party shares with the DSO', async () => {
    await loadSimulatedNetwork(db.dataSource, { seed: 4, rounds: 24 });
    const [{ dso }]: { dso: string }[] = await db.dataSource.query(
      `SELECT signatories[1] AS dso FROM contracts WHERE entity_name = 'AmuletRules' AND archived_record_time IS NULL`,
    );
    const [{ owner }]: { owner: string }[] = await db.dataSource.query(
      `SELECT create_arguments->'record'->'fields'->1->'value'->>'party' AS owner FROM events e
        JOIN contracts c ON e.migration_id = c.migration_id AND e.update_row_id = c.created_update_row_id AND e.node_id = c.created_node_id
       WHERE c.entity_name = 'Amulet' AND c.archived_record_time IS NULL AND NOT c.signatories = ARRAY[c.signatories[1]]
       LIMIT 1`,
    );
    expect(owner).toMatch(/::/);
    const [{ end }]: { end: string }[] = await db.dataSource.query(
      `SELECT max(ledger_offset)::text AS "end" FROM updates`,
    );

    // At the ledger end, for the owner and for the DSO itself.
    for (const party of [owner, dso]) {
      const res = await exportOf(party);
      expect(res.status).toBe(200);
      const entries = decodeAcsExport((res.body as scanApi.GetAcsSnapshotResponse).acs_snapshot);
      const rows = await storedAt(party, dso, end);
      expect(rows.length).toBeGreaterThan(party === dso ? 10 : 0);
      expectMatchesStore(entries, rows, party);
    }

    // At the record time of an update half-way: the offset of that update.
    const [{ n }]: { n: string }[] = await db.dataSource.query(
      `SELECT count(*)::text AS n FROM updates
        WHERE ledger_offset IS NOT NULL AND migration_id = (SELECT max(migration_id) FROM updates)`,
    );
    const [picked]: { record_time: string }[] = await db.dataSource.query(
      `SELECT to_char(record_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS record_time
         FROM updates WHERE ledger_offset IS NOT NULL AND migration_id = (SELECT max(migration_id) FROM updates)
        ORDER BY ledger_offset OFFSET $1 LIMIT 1`,
      [Math.floor(Number(n) / 2)],
    );
    const [mid]: { record_time: string; ledger_offset: string }[] = await db.dataSource.query(
      `SELECT $1::text AS record_time, max(ledger_offset)::text AS ledger_offset FROM updates WHERE record_time = $1::timestamptz`,
      [picked.record_time],
    );
    const res = await exportOf(dso, mid.record_time);
    expect(res.status).toBe(200);
    const entries = decodeAcsExport((res.body as scanApi.GetAcsSnapshotResponse).acs_snapshot);
    const rows = await storedAt(dso, dso, mid.ledger_offset);
    expect(rows.length).toBeGreaterThan(0);
    expectMatchesStore(entries, rows, dso);
    expect(entries.every((e) => e.offset <= Number(mid.ledger_offset))).toBe(true);
  });

  it('answers 400 for a malformed party or record_time, 404 without AmuletRules or for a time no update was recorded at', async () => {
    const party = 'alice::1220' + 'a'.repeat(64);
    const none = await exportOf(party);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ error: expect.stringMatching(/AmuletRules/) });

    await loadSimulatedNetwork(db.dataSource, { seed: 4, rounds: 24 });
    for (const path of ['/v0/acs/not-a-party', `/v0/acs/${party}?record_time=soon`, '/v0/acs/a%2Fb::12ab']) {
      const res = await sendRaw(base(), { method: 'GET', path });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
    }
    const [{ t }]: { t: string }[] = await db.dataSource.query(
      `SELECT to_char((max(record_time) - interval '1 microsecond') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t FROM updates`,
    );
    for (const time of [t, '2999-01-01T00:00:00Z', '2000-01-01T00:00:00.0000001Z']) {
      const res = await exportOf(party, time);
      expect({ time, status: res.status }).toEqual({ time, status: 404 });
      expect(res.body).toEqual({ error: expect.stringMatching(/record_time|recorded/) });
    }
    // A party with nothing shared with the DSO: an empty export (a gzip stream of no entries).
    const empty = await exportOf(party);
    expect(empty.status).toBe(200);
    expect(decodeAcsExport((empty.body as scanApi.GetAcsSnapshotResponse).acs_snapshot)).toEqual([]);
  });
});
