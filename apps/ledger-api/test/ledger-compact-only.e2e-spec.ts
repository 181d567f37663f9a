import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { LedgerWriter } from '@canton-scan/domain';
import { expectResponseMatchesSpec } from '@canton-scan/testing';
import { useLedgerTestApp } from './ledger-test-app';

/**
 * Compact-only history (docs/compact-only.md) has no ledger offsets and no lossless payloads: the
 * ledger group does not serve it. The MainNet network's first 25 updates (`<repo>/../shared`),
 * loaded compact-only into a later migration next to the six-update fixture, change neither the
 * ledger end nor the update stream, and are not found by id.
 */
const ANSWER = join(__dirname, '../../../../shared/api/samples/mainnet-2026-01-30/scan.v2.updates.json');
const items = (JSON.parse(readFileSync(ANSWER, 'utf8')) as { transactions: { update_id: string }[] })
  .transactions;

const anyParty: ledgerApi.UpdateFormat = {
  includeTransactions: {
    eventFormat: { filtersForAnyParty: {} },
    transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
  },
  includeReassignments: { filtersForAnyParty: {} },
};

describe('ledger group over compact-only history', () => {
  const t = useLedgerTestApp();

  const checked = async <T extends { response: Response; data?: unknown; error?: unknown }>(
    operationId: string,
    call: Promise<T>,
  ): Promise<T> => {
    const res = await call;
    expectResponseMatchesSpec(ledgerSpec, operationId, {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  };
  const state = async () => {
    const client = await t.client('admin');
    const end = await checked('getLedgerEnd', ledgerApi.getLedgerEnd({ client }));
    const updates = await checked(
      'getUpdates',
      ledgerApi.getUpdates({ client, body: { beginExclusive: 0, endInclusive: 6, updateFormat: anyParty } }),
    );
    return { end: end.data, updates: updates.data };
  };

  it('leaves the ledger end and the update stream as they were, and finds none of its updates by id', async () => {
    const before = await state();
    expect(before.end).toEqual({ offset: 6 });
    expect(before.updates!.length).toBeGreaterThan(3);
    const writer = new LedgerWriter(t.db.dataSource, {
      snapshotIntervalHours: 3,
      payloadEncoding: 'compact',
    });
    const result = await writer.append(items.map((i) => ({ ...i, migration_id: 9 })));
    expect(result.appended).toBe(items.length);
    expect(await state()).toEqual(before);
    const client = await t.client('admin');
    for (const { update_id } of items.slice(0, 3)) {
      const res = await checked(
        'getUpdateById',
        ledgerApi.getUpdateById({ client, body: { updateId: update_id, updateFormat: anyParty } }),
      );
      expect(res.response.status).toBe(404);
    }
  });
});
