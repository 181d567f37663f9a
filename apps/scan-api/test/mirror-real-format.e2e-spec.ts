/**
 * The mirror against a peer that speaks the real network's wire format (issue 27 "Done when"):
 * a test peer serves `POST /v2/updates` with `daml_value_encoding: protobuf_json` exactly as a
 * Splice scan does (docs/daml-values.md) — every value kind, every empty and omitted form, ids
 * present and absent, fields without labels, payload timestamps at whole seconds, milliseconds and
 * microseconds, zero and negative numerics — and the mirror copies it into an empty store. The
 * store then serves `protobuf_json` equal to what the peer served and `compact_json` equal to test
 * vectors written by hand from the rules of facts.md, not from this code.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ScanMirror } from '@canton-scan/mirror';
import { startTestApp, useTestDatabase, type RunningTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import { FAST_POLICY, getScan, postScan } from './mirror.fixture';

const PKG = 'b0ae3cc03e418790305a3c15f761fe495572de5827f8d322fb8b96996b783c13';
const SYNC = 'global-domain::1220b1431ef217342db44d516bb9befde802be7d8899637d290895fa58880f19accc';
const DSO = 'DSO::1220b1431ef217342db44d516bb9befde802be7d8899637d290895fa58880f19accc';
const ALICE = 'alice::12209b21d512c6a7e2f5d215266fe6568cb732caaef7ff04e308f990a652340d3529';
const BOB = 'bob::1220a3c0448daaf57369955a2cb89c1a1821c77e930f29d24ff2851e2064b5e78cd4';
const CID_1 = `00${'4a'.repeat(34)}`;
const CID_2 = `00${'5b'.repeat(34)}`;
const TX_1 = `1220${'a1'.repeat(32)}`;
const TX_2 = `1220${'b2'.repeat(32)}`;
const TX_3 = `1220${'c3'.repeat(32)}`;
const id = (entityName: string) => ({ packageId: PKG, moduleName: 'Test.Kinds', entityName });

/** Every value kind and every empty or omitted form of the proto3 JSON mapping. */
const ALL_KINDS = {
  record: {
    recordId: id('AllKinds'),
    fields: [
      { label: 'owner', value: { party: ALICE } },
      { label: 'unit', value: { unit: {} } },
      { label: 'no', value: { bool: false } },
      { label: 'count', value: { int64: '-42' } },
      { label: 'day', value: { date: 20432 } },
      { label: 'atMillis', value: { timestamp: '1765384233930000' } },
      { label: 'atSecond', value: { timestamp: '1765384233000000' } },
      { label: 'atMicros', value: { timestamp: '1719263314404896' } },
      { label: 'zero', value: { numeric: '0.0000000000' } },
      { label: 'negative', value: { numeric: '-0.0000000143' } },
      { label: 'amount', value: { numeric: '10988.5749814750' } },
      { label: 'otherScale', value: { numeric: '570.0' } },
      { label: 'empty', value: { text: '' } },
      { label: 'cid', value: { contractId: CID_2 } },
      { label: 'none', value: { optional: {} } },
      { label: 'some', value: { optional: { value: { text: 'x' } } } },
      { label: 'someNone', value: { optional: { value: { optional: {} } } } },
      { label: 'someSome', value: { optional: { value: { optional: { value: { int64: '7' } } } } } },
      { label: 'noItems', value: { list: {} } },
      { label: 'items', value: { list: { elements: [{ party: BOB }, { party: ALICE }] } } },
      { label: 'noEntries', value: { textMap: {} } },
      {
        label: 'entries',
        value: {
          textMap: { entries: [{ value: { text: 'empty key' } }, { key: 'k', value: { bool: true } }] },
        },
      },
      { label: 'noPairs', value: { genMap: {} } },
      { label: 'pairs', value: { genMap: { entries: [{ key: { party: BOB }, value: { int64: '1' } }] } } },
      { label: 'nothing', value: { record: {} } },
      {
        label: 'positional',
        value: { record: { fields: [{ value: { text: 'a' } }, { value: { int64: '2' } }] } },
      },
      {
        label: 'choice',
        value: { variant: { variantId: id('Choice'), constructor: 'Left', value: { unit: {} } } },
      },
      { label: 'bare', value: { variant: { constructor: 'Right', value: { numeric: '1.5000000000' } } } },
      { label: 'colour', value: { enum: { enumId: id('Colour'), constructor: 'Red' } } },
      { label: 'shade', value: { enum: { constructor: 'Dark' } } },
    ],
  },
};

/** The compact JSON of ALL_KINDS, written from the rules of facts.md (Splice's rendering). */
const ALL_KINDS_COMPACT = {
  owner: ALICE,
  unit: {},
  no: false,
  count: '-42',
  day: '2025-12-10',
  atMillis: '2025-12-10T16:30:33.930Z',
  atSecond: '2025-12-10T16:30:33Z',
  atMicros: '2024-06-24T21:08:34.404896Z',
  zero: '0E-10',
  negative: '-1.43E-8',
  amount: '10988.5749814750',
  otherScale: '570.0',
  empty: '',
  cid: CID_2,
  none: null,
  some: 'x',
  someNone: [],
  someSome: ['7'],
  noItems: [],
  items: [BOB, ALICE],
  noEntries: {},
  entries: { '': 'empty key', k: true },
  noPairs: [],
  pairs: [[BOB, '1']],
  nothing: {},
  positional: ['a', '2'],
  choice: { tag: 'Left', value: {} },
  bare: { tag: 'Right', value: '1.5000000000' },
  colour: 'Red',
  shade: 'Dark',
};

const created = (eventId: string, contractId: string, args: unknown, createdAt: string) => ({
  event_type: 'created_event',
  event_id: eventId,
  contract_id: contractId,
  template_id: `${PKG}:Test.Kinds:AllKinds`,
  package_name: 'test-kinds',
  create_arguments: args,
  created_at: createdAt,
  signatories: [ALICE, BOB].sort(),
  observers: [],
});

/** The peer's history, in the v2 list form a Splice scan serves with protobuf_json. */
const PEER_HISTORY = [
  {
    update_id: TX_1,
    migration_id: 0,
    workflow_id: '',
    record_time: '2025-12-10T16:30:34.000000Z',
    synchronizer_id: SYNC,
    effective_at: '2025-12-10T16:30:33.930Z',
    root_event_ids: [`${TX_1}:0`],
    events_by_id: { [`${TX_1}:0`]: created(`${TX_1}:0`, CID_1, ALL_KINDS, '2025-12-10T16:30:33.93Z') },
  },
  {
    update_id: TX_2,
    migration_id: 0,
    workflow_id: 'wf-2',
    record_time: '2025-12-10T16:31:00.120000Z',
    synchronizer_id: SYNC,
    effective_at: '2025-12-10T16:31:00Z',
    root_event_ids: [`${TX_2}:0`],
    events_by_id: {
      [`${TX_2}:0`]: {
        event_type: 'exercised_event',
        event_id: `${TX_2}:0`,
        contract_id: CID_1,
        template_id: `${PKG}:Test.Kinds:AllKinds`,
        package_name: 'test-kinds',
        choice: 'AllKinds_Replace',
        choice_argument: { record: { fields: [{ value: { date: -1 } }, { value: { timestamp: '-1' } }] } },
        child_event_ids: [`${TX_2}:1`],
        exercise_result: { optional: {} },
        consuming: true,
        acting_parties: [ALICE],
        interface_id: null,
      },
      [`${TX_2}:1`]: created(
        `${TX_2}:1`,
        CID_2,
        { record: { fields: [{ label: 'dso', value: { party: DSO } }] } },
        '2025-12-10T16:31:00Z',
      ),
    },
  },
  {
    update_id: TX_3,
    migration_id: 0,
    workflow_id: '',
    record_time: '2025-12-10T16:32:00.000001Z',
    synchronizer_id: SYNC,
    effective_at: '2025-12-10T16:31:59.999999Z',
    root_event_ids: [`${TX_3}:0`],
    events_by_id: {
      [`${TX_3}:0`]: {
        event_type: 'exercised_event',
        event_id: `${TX_3}:0`,
        contract_id: CID_2,
        template_id: `${PKG}:Test.Kinds:Other`,
        package_name: 'test-kinds',
        choice: 'Holding_Lock',
        choice_argument: { record: {} },
        child_event_ids: [],
        exercise_result: { numeric: '-0.0000000000' },
        consuming: false,
        acting_parties: [BOB],
        interface_id: `${PKG}:Splice.Api.Token.HoldingV1:Holding`,
      },
    },
  },
];

/**
 * Migration 1 begins with an import update re-creating the contract TX_2 created (update id = its
 * contract id, record time 0001-01-01, offset ""), in the item form `/v0/backfilling/import-updates`
 * serves, with a record id on its arguments.
 */
const IMPORT_UPDATE = {
  update_id: CID_2,
  migration_id: 1,
  workflow_id: '',
  record_time: '0001-01-01T00:00:00.000000Z',
  synchronizer_id: SYNC,
  effective_at: '2025-12-10T16:31:00Z',
  offset: '',
  root_event_ids: [`${CID_2}:0`],
  events_by_id: {
    [`${CID_2}:0`]: created(
      `${CID_2}:0`,
      CID_2,
      { record: { recordId: id('Other'), fields: [{ label: 'dso', value: { party: DSO } }] } },
      '2025-12-10T16:31:00Z',
    ),
  },
};

/** The compact answer for the same history (the v2 list form), written by hand from facts.md. */
const COMPACT_LIST = [
  {
    ...PEER_HISTORY[0],
    events_by_id: {
      [`${TX_1}:0`]: { ...PEER_HISTORY[0].events_by_id[`${TX_1}:0`], create_arguments: ALL_KINDS_COMPACT },
    },
  },
  {
    ...PEER_HISTORY[1],
    events_by_id: {
      [`${TX_2}:0`]: {
        ...PEER_HISTORY[1].events_by_id[`${TX_2}:0`],
        choice_argument: ['1969-12-31', '1969-12-31T23:59:59.999999Z'],
        exercise_result: null,
      },
      [`${TX_2}:1`]: { ...PEER_HISTORY[1].events_by_id[`${TX_2}:1`], create_arguments: { dso: DSO } },
    },
  },
  {
    ...PEER_HISTORY[2],
    events_by_id: {
      [`${TX_3}:0`]: {
        ...PEER_HISTORY[2].events_by_id[`${TX_3}:0`],
        choice_argument: {},
        exercise_result: '0E-10',
      },
    },
  },
];

interface RealFormatPeer {
  url: string;
  close(): Promise<void>;
}

/** A scan peer that serves PEER_HISTORY (migration 0, no import updates) as a Splice scan would. */
async function realFormatPeer(): Promise<RealFormatPeer> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const path = req.url ?? '';
      if (path.endsWith('/v0/backfilling/migration-info')) {
        if (body.migration_id === 0)
          return send(200, {
            record_time_range: [
              { synchronizer_id: SYNC, min: PEER_HISTORY[0].record_time, max: PEER_HISTORY[2].record_time },
            ],
            complete: true,
            import_updates_complete: true,
          });
        if (body.migration_id === 1)
          return send(200, {
            previous_migration_id: 0,
            record_time_range: [
              { synchronizer_id: SYNC, min: IMPORT_UPDATE.record_time, max: IMPORT_UPDATE.record_time },
            ],
            last_import_update_id: IMPORT_UPDATE.update_id,
            complete: true,
            import_updates_complete: true,
          });
        return send(404, { error: 'no such migration' });
      }
      if (path.endsWith('/v0/backfilling/import-updates')) {
        const imports =
          body.migration_id === 1 && body.after_update_id < IMPORT_UPDATE.update_id ? [IMPORT_UPDATE] : [];
        return send(200, { transactions: imports });
      }
      if (path.endsWith('/v2/updates')) {
        if (body.daml_value_encoding !== 'protobuf_json')
          return send(400, { error: 'this peer serves protobuf_json only' });
        const after = body.after as { after_migration_id: number; after_record_time: string } | undefined;
        // (migration_id, record_time) order, `after` exclusive.
        const later = PEER_HISTORY.filter(
          (u) =>
            after === undefined ||
            u.migration_id > after.after_migration_id ||
            (u.migration_id === after.after_migration_id &&
              micros(u.record_time) > micros(after.after_record_time)),
        );
        return send(200, { transactions: later.slice(0, body.page_size) });
      }
      if (path.endsWith('/v0/dso')) return send(404, { error: 'no DSO rules' });
      if (path.endsWith('/v0/unclaimed-development-fund-coupons'))
        return send(200, { 'unclaimed-development-fund-coupons': [] });
      return send(404, { error: `not served: ${path}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Microseconds of an ISO time, to compare record times as the peer must (not as strings). */
function micros(iso: string): bigint {
  const [seconds, fraction = ''] = iso.replace('Z', '').split('.');
  return BigInt(Date.parse(`${seconds}Z`)) * 1000n + BigInt(fraction.padEnd(6, '0'));
}

describe('the scan mirror against a peer speaking the real wire format', () => {
  const worker = useTestDatabase();
  let peer: RealFormatPeer;
  let app: RunningTestApp;

  beforeAll(async () => {
    peer = await realFormatPeer();
    app = await startTestApp(createScanApp, worker.dataSource);
  });

  // The worker's tables are emptied before each test: mirror the peer into the empty store again.
  beforeEach(async () => {
    const mirror = new ScanMirror(worker.dataSource, {
      peers: [peer.url],
      pageSize: 2,
      snapshotIntervalHours: 3,
      policy: FAST_POLICY,
    });
    const progress = await mirror.run({ once: true });
    expect(progress.appended).toBe(PEER_HISTORY.length + 1);
  });

  afterAll(async () => {
    await app.close();
    await peer.close();
  });

  it('serves protobuf_json equal to what the peer served', async () => {
    const list = await postScan(app.origin, '/v2/updates', {
      page_size: 10,
      daml_value_encoding: 'protobuf_json',
    });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body)).toEqual({ transactions: PEER_HISTORY });
    for (const tx of PEER_HISTORY) {
      for (const query of ['daml_value_encoding=protobuf_json', 'lossless=true']) {
        const one = await getScan(app.origin, `/v2/updates/${tx.update_id}?${query}`);
        expect(one.status).toBe(200);
        const { offset, ...content } = JSON.parse(one.body);
        expect(offset).toMatch(/^[0-9a-f]{18}$/);
        expect(content).toEqual(JSON.parse(JSON.stringify(tx)));
      }
    }
  });

  it('serves the import update as the peer served it from /v0/backfilling/import-updates', async () => {
    const lossless = await postScan(app.origin, '/v0/backfilling/import-updates', {
      migration_id: 1,
      after_update_id: '',
      limit: 10,
    });
    expect(lossless.status).toBe(200);
    expect(JSON.parse(lossless.body)).toEqual({ transactions: [IMPORT_UPDATE] });
    const compact = await getScan(app.origin, `/v2/updates/${IMPORT_UPDATE.update_id}`);
    expect(JSON.parse(compact.body).events_by_id[`${CID_2}:0`].create_arguments).toEqual({ dso: DSO });
  });

  it('keeps the payload text as received, member order and all', async () => {
    const one = await getScan(app.origin, `/v2/updates/${TX_1}?daml_value_encoding=protobuf_json`);
    expect(one.body).toContain(JSON.stringify(ALL_KINDS));
  });

  it('serves compact_json as a Splice scan renders it', async () => {
    const list = await postScan(app.origin, '/v2/updates', { page_size: 10 });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body)).toEqual({ transactions: COMPACT_LIST });
    const one = await getScan(app.origin, `/v2/updates/${TX_1}`);
    expect(JSON.parse(one.body).events_by_id[`${TX_1}:0`].create_arguments).toEqual(ALL_KINDS_COMPACT);
  });

  it('refuses an encoding chosen twice in contradiction', async () => {
    const res = await getScan(
      app.origin,
      `/v2/updates/${TX_1}?lossless=false&daml_value_encoding=protobuf_json`,
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toMatch(/contradicts/);
  });
});
