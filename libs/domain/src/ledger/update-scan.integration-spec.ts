import { Db } from '../database/db';
import { HistoryBuilder, useTestDatabase } from '@canton-scan/testing';
import { encodeScanOffset } from '../history/scan-offset';
import { LedgerWriter } from '../history/ledger-writer';
import { SpliceTemplates } from '../splice/splice-templates';
import { resolveUpdatesRequestFormat } from './ledger-format';
import { LedgerUpdatesRepository } from './ledger-updates.repository';
import { UpdateScan, type UpdateScanPlan } from './update-scan';

const OFFSETS = [1, 2, 3, 7, 40, 41, 1_000, 50_000, 50_001, 3_000_000, 3_000_002];

describe('UpdateScan', () => {
  const db = useTestDatabase();

  beforeEach(async () => {
    const b = new HistoryBuilder();
    const dso = b.party('dso');
    const updates = OFFSETS.map((offset) => {
      const tx = b.tx([
        {
          create: {
            template: SpliceTemplates.FeaturedAppRight,
            payload: { dso, provider: dso, activityWeight: null },
            signatories: [dso],
          },
        },
      ]);
      return { ...tx, offset: encodeScanOffset(BigInt(offset)) };
    });
    await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append(updates);
  });

  const plan = (range: Partial<UpdateScanPlan>): UpdateScanPlan => ({
    format: resolveUpdatesRequestFormat({
      beginExclusive: 0,
      updateFormat: {
        includeTransactions: {
          eventFormat: { filtersForAnyParty: {} },
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
      },
    }),
    visibility: { transactions: { parties: 'any', column: 'stakeholders' } },
    withBlobs: false,
    beginExclusive: 0,
    descending: false,
    ...range,
  });
  const offsets = async (scan: UpdateScan) => {
    const seen: number[] = [];
    for await (const item of scan.read()) {
      const u = item.update as { Transaction: { value: { offset: number } } };
      seen.push(u.Transaction.value.offset);
    }
    return seen;
  };

  it('reads every update across gaps in the offsets, in small pages, in both directions', async () => {
    const repo = new LedgerUpdatesRepository(Db.of(db.dataSource));
    expect(await offsets(new UpdateScan(repo, plan({}), 2))).toEqual(OFFSETS);
    expect(
      await offsets(
        new UpdateScan(repo, plan({ beginExclusive: 2, endInclusive: 50_000, descending: true }), 2),
      ),
    ).toEqual([50_000, 1_000, 41, 40, 7, 3]);
    expect(
      await offsets(new UpdateScan(repo, plan({ beginExclusive: 3, endInclusive: 2_999_999 }), 3)),
    ).toEqual([7, 40, 41, 1_000, 50_000, 50_001]);
  });

  it('stops at the ledger end of an open-ended read and continues from there on the next read', async () => {
    const repo = new LedgerUpdatesRepository(Db.of(db.dataSource));
    const scan = new UpdateScan(repo, plan({ beginExclusive: 50_000 }), 2);
    expect(await offsets(scan)).toEqual([50_001, 3_000_000, 3_000_002]);
    expect(scan.position).toBe(3_000_002);
    expect(await offsets(scan)).toEqual([]);
    expect(scan.checkpoint()).toBeUndefined();
  });

  it('checkpoints at the end of a bounded range scanned past the last item', async () => {
    const repo = new LedgerUpdatesRepository(Db.of(db.dataSource));
    const scan = new UpdateScan(repo, plan({ beginExclusive: 41, endInclusive: 999 }), 2);
    expect(await offsets(scan)).toEqual([]);
    expect(scan.checkpoint()).toBeUndefined();
    const past = new UpdateScan(
      repo,
      {
        ...plan({ beginExclusive: 41, endInclusive: 1_000 }),
        visibility: {},
        format: { reassignments: plan({}).format.transactions!.eventFormat },
      },
      2,
    );
    expect(await offsets(past)).toEqual([]);
    expect(past.checkpoint()).toMatchObject({ update: { OffsetCheckpoint: { value: { offset: 1_000 } } } });
  });

  it('reads no further page once its signal aborted (the client went away)', async () => {
    const repo = new LedgerUpdatesRepository(Db.of(db.dataSource));
    const pages = jest.spyOn(repo, 'readPage');
    const gone = new AbortController();
    const seen: number[] = [];
    for await (const item of new UpdateScan(repo, plan({}), 2).read(gone.signal)) {
      seen.push((item.update as { Transaction: { value: { offset: number } } }).Transaction.value.offset);
      gone.abort();
    }
    // The first page's two updates were already read; no second page.
    expect(seen).toEqual([1, 2]);
    expect(pages).toHaveBeenCalledTimes(1);
  });
});
