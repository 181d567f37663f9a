import { HistoryBuilder, useTestDatabase } from '@canton-scan/testing';
import { Db } from '../database/db';
import { deriveCreatedEventBlob } from '../history/created-event-blob';
import { LedgerWriter } from '../history/ledger-writer';
import type { HistoryCreatedEvent, HistoryTransaction } from '../history/update-history.types';
import { SpliceTemplates } from '../splice/splice-templates';
import { LedgerUpdatesRepository } from './ledger-updates.repository';

describe('LedgerUpdatesRepository: created event blobs', () => {
  const db = useTestDatabase();

  const readBlobs = async () => {
    const page = await new LedgerUpdatesRepository(Db.of(db.dataSource)).readPage({
      afterExclusive: 0,
      descending: false,
      limit: 10,
      visibility: { transactions: { parties: 'any', column: 'stakeholders' } },
      withBlobs: true,
      withExerciseValues: false,
    });
    return page.flatMap((u) => u.events.map((e) => e.createdEventBlob));
  };

  const oneCreate = (b: HistoryBuilder) => {
    const dso = b.party('dso');
    return b.tx([
      {
        create: {
          template: SpliceTemplates.FeaturedAppRight,
          payload: { dso, provider: dso, activityWeight: null },
          signatories: [dso],
        },
      },
    ]);
  };
  const createdOf = (tx: HistoryTransaction) => Object.values(tx.events_by_id)[0] as HistoryCreatedEvent;

  it('derives the blob of simulated or ingested history', async () => {
    const tx = oneCreate(new HistoryBuilder());
    await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append([tx]);
    expect(await readBlobs()).toEqual([deriveCreatedEventBlob(createdOf(tx))]);
  });

  it('leaves a mirrored contract’s blob empty until one is stored, then serves the stored one', async () => {
    const tx = oneCreate(new HistoryBuilder());
    const writer = new LedgerWriter(db.dataSource, {
      snapshotIntervalHours: 3,
      createdEventBlobs: 'supplied-only',
    });
    await writer.append([tx]);
    expect(await readBlobs()).toEqual(['']);
    await writer.storeCreatedEventBlobs([{ contractId: createdOf(tx).contract_id, blob: 'cGVlcg==' }]);
    expect(await readBlobs()).toEqual(['cGVlcg==']);
  });
});
