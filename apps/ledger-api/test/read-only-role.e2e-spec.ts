import { WebSocket } from 'ws';
import { ledgerSpec, type ledgerApi } from '@canton-scan/contracts';
import { ensureDevelopmentAdmin, SpliceInterfaces, partyNamesOf } from '@canton-scan/domain';
import {
  answersAsReaderThenOwner,
  ledgerTestToken,
  loadSimulatedNetwork,
  operationIdsOf,
  useTestDatabase,
  type ReadAnswer,
  type ReadRequest,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';

const SHAPES = ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const;

/** Every template and every Splice interface view, with blobs: the widest projection. */
function eventFormat(): ledgerApi.EventFormat {
  const cumulative: ledgerApi.CumulativeFilter[] = [
    { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } },
    ...Object.values(SpliceInterfaces).map((i) => ({
      identifierFilter: {
        InterfaceFilter: { value: { interfaceId: i.interfaceId, includeInterfaceView: true } },
      },
    })),
  ];
  return { filtersForAnyParty: { cumulative } };
}

function updateFormat(shape: ledgerApi.TransactionShape): ledgerApi.UpdateFormat {
  return {
    includeTransactions: { eventFormat: eventFormat(), transactionShape: shape },
    includeReassignments: eventFormat(),
  };
}

function ledgerRequests(
  prefix: string,
  token: string,
  offsets: readonly { offset: number; updateId: string }[],
  end: number,
  samples: { contractIds: readonly string[]; party: string; packageId: string },
): ReadRequest[] {
  const headers = { authorization: `Bearer ${token}` };
  const get = (operationId: string, path: string): ReadRequest => ({
    operationId,
    method: 'GET',
    path: prefix + path,
    headers,
  });
  const post = (operationId: string, path: string, body: unknown): ReadRequest => ({
    operationId,
    method: 'POST',
    path: prefix + path,
    body,
    headers,
  });
  return [
    get('getLivez', '/livez'),
    get('getReadyz', '/readyz'),
    get('getParticipantId', '/v2/parties/participant-id'),
    get('listKnownParties', '/v2/parties'),
    get('listKnownParties', '/v2/parties?pageSize=2'),
    get('getParties', `/v2/parties/${encodeURIComponent(samples.party)}`),
    get('listPackages', '/v2/packages'),
    get('getPackageStatus', `/v2/packages/${samples.packageId}/status`),
    get('getLatestPrunedOffsets', '/v2/state/latest-pruned-offsets'),
    get('getLedgerEnd', '/v2/state/ledger-end'),
    get('getLedgerApiVersion', '/v2/version'),
    get('getAuthenticatedUser', '/v2/authenticated-user'),
    get('listUsers', '/v2/users?pageSize=1'),
    get('getUser', '/v2/users/participant_admin'),
    get('listUserRights', '/v2/users/participant_admin/rights'),
    get('getConnectedSynchronizers', '/v2/state/connected-synchronizers'),
    ...samples.contractIds.map((contractId) =>
      post('getEventsByContractId', '/v2/events/events-by-contract-id', {
        contractId,
        eventFormat: eventFormat(),
      }),
    ),
    // Early, middle and at the end (at most 200 contracts: the list limit).
    ...[offsets[0].offset, Math.floor(end / 2), end].map((activeAtOffset) =>
      post('getActiveContracts', '/v2/state/active-contracts?limit=200', {
        activeAtOffset,
        eventFormat: eventFormat(),
      }),
    ),
    ...SHAPES.flatMap((shape) => [
      ...offsets.flatMap(({ offset, updateId }) => [
        post('getUpdateByOffset', '/v2/updates/update-by-offset', {
          offset,
          updateFormat: updateFormat(shape),
        }),
        post('getUpdateById', '/v2/updates/update-by-id', { updateId, updateFormat: updateFormat(shape) }),
      ]),
      ...offsets.map(({ offset }) =>
        post('getTransactionByOffset', '/v2/updates/transaction-by-offset', {
          offset,
          transactionFormat: { eventFormat: eventFormat(), transactionShape: shape },
        }),
      ),
      ...offsets.map(({ updateId }) =>
        post('getTransactionById', '/v2/updates/transaction-by-id', {
          updateId,
          transactionFormat: { eventFormat: eventFormat(), transactionShape: shape },
        }),
      ),
      // The first page and the last one (at most 200 updates: the list limit).
      ...[0, end - 50].flatMap((beginExclusive) =>
        (
          [
            ['getUpdatesFlat', '/v2/updates/flats?limit=200'],
            ['getUpdates', '/v2/updates?limit=200'],
          ] as const
        ).map(([operationId, path]) =>
          post(operationId, path, { beginExclusive, endInclusive: end, updateFormat: updateFormat(shape) }),
        ),
      ),
    ]),
  ];
}

/** A WebSocket stream (the flats, the active contracts): every message, and the close code. */
function streamed(
  app: RunningTestApp,
  token: string,
  operationId: string,
  path: string,
  request: unknown,
): Promise<ReadAnswer> {
  const url = `${app.origin.replace(/^http/, 'ws')}${app.config.ledgerApi.prefix}${path}`;
  return new Promise((resolve, reject) => {
    const messages: string[] = [];
    const ws = new WebSocket(url, ['daml.ws.auth', `jwt.token.${token}`]);
    ws.on('open', () => ws.send(JSON.stringify(request)));
    ws.on('message', (data: Buffer) => messages.push(data.toString()));
    ws.on('close', (code) =>
      resolve({ operationId, status: code, contentType: null, body: messages.join('\n') }),
    );
    ws.on('error', reject);
  });
}

describe('ledger group reads through a PostgreSQL role that may only SELECT', () => {
  const db = useTestDatabase();

  it('answers every read endpoint, HTTP and WebSocket, exactly as through the owner role', async () => {
    await loadSimulatedNetwork(db.dataSource, { seed: 3, rounds: 24, migrationRound: 20 });
    await ensureDevelopmentAdmin(db.dataSource);
    const token = await ledgerTestToken('participant_admin');
    const [{ end }]: { end: number }[] = await db.dataSource.query(
      'SELECT max(ledger_offset)::int AS "end" FROM updates',
    );
    const offsets: { offset: number; updateId: string }[] = await db.dataSource.query(
      `SELECT ledger_offset::int AS offset, update_id AS "updateId" FROM updates WHERE ledger_offset IS NOT NULL ORDER BY ledger_offset
        LIMIT 12 OFFSET 40`,
    );
    // Contracts archived and active, created by a transaction on the ledger.
    const contractIds = (
      (await db.dataSource.query(
        `(SELECT contract_id FROM contracts WHERE created_offset IS NOT NULL AND archived_offset IS NOT NULL ORDER BY row_id LIMIT 3)
         UNION ALL
         (SELECT contract_id FROM contracts WHERE created_offset IS NOT NULL AND archived_offset IS NULL ORDER BY row_id LIMIT 3)`,
      )) as { contract_id: string }[]
    ).map((r) => r.contract_id);
    const [{ party, packageId }]: { party: string; packageId: string }[] = await db.dataSource.query(
      `SELECT (${partyNamesOf('stakeholders')})[1] AS party, package_id AS "packageId" FROM contracts ORDER BY row_id LIMIT 1`,
    );
    const { reader, owner } = await answersAsReaderThenOwner(
      db,
      createLedgerApp,
      (app) =>
        ledgerRequests(app.config.ledgerApi.prefix, token, offsets, end, { contractIds, party, packageId }),
      async (app) => [
        await streamed(app, token, 'getActiveContracts', '/v2/state/active-contracts', {
          activeAtOffset: end,
          eventFormat: eventFormat(),
        }),
        await streamed(app, token, 'getUpdatesFlat', '/v2/updates/flats', {
          beginExclusive: 0,
          endInclusive: end,
          updateFormat: updateFormat('TRANSACTION_SHAPE_LEDGER_EFFECTS'),
        }),
      ],
    );

    const covered = new Set(reader.map((a) => a.operationId));
    expect([...covered].sort()).toEqual([...new Set(operationIdsOf(ledgerSpec))].sort());
    expect(reader).toEqual(owner);
    // Valid requests: every operation answers 200 at least once; the stream ends normally, full.
    for (const op of covered)
      expect({ op, ok: reader.some((a) => a.operationId === op && a.status === 200) }).toEqual({
        op,
        ok: true,
      });
    const [acs, flats] = reader.slice(-2);
    expect([acs.status, flats.status]).toEqual([1000, 1000]);
    expect(acs.body.split('\n').length).toBeGreaterThan(20);
    expect(flats.body.split('\n').length).toBeGreaterThan(200);
  });
});
