import { ingestUpdates, LedgerWriter, SpliceTemplates, type HistoryUpdate } from '@canton-scan/domain';
import { createdEvents, HistoryBuilder, storeContentHashes, useTestDatabase } from '@canton-scan/testing';

/**
 * A statement of a batch failing in the database (a trigger installed by the test raises on one
 * row of the batch, as a full disk or a broken constraint would): the append rejects with the
 * database's error, and nothing of the batch is stored, derived tables and snapshot times
 * included. Once the fault is gone the same batch is appended normally.
 */
describe('LedgerWriter when a statement of the batch fails', () => {
  const db = useTestDatabase();
  let h: HistoryBuilder;
  let writer: LedgerWriter;
  const dso = () => h.party('dso');

  const mint = (owner: string, amount: string) =>
    h.advance(1200).tx([
      {
        create: {
          template: SpliceTemplates.Amulet,
          payload: {
            dso: dso(),
            owner,
            amount: {
              initialAmount: amount,
              createdAt: { number: '1' },
              ratePerRound: { rate: '0.0000190259' },
            },
          },
          signatories: [dso(), owner],
        },
      },
    ]);

  /** Makes the insert of the row where `column` is `value` into `table` raise `sqlstate`. */
  const injectFault = async (
    table: string,
    column: string,
    value: string,
    sqlstate: string,
    message: string,
  ) => {
    await db.dataSource.query(`
      CREATE OR REPLACE FUNCTION css_test_fault() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF NEW.${column}::text = '${value}' THEN
          RAISE EXCEPTION '${message}' USING ERRCODE = '${sqlstate}';
        END IF;
        RETURN NEW;
      END $fn$`);
    await db.dataSource.query(
      `CREATE TRIGGER css_test_fault BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION css_test_fault()`,
    );
    return async () => {
      await db.dataSource.query(`DROP TRIGGER css_test_fault ON ${table}`);
      await db.dataSource.query(`DROP FUNCTION css_test_fault()`);
    };
  };

  beforeEach(() => {
    h = new HistoryBuilder('2026-01-05T00:10:00.000000Z');
    writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 1 });
  });

  const DISK_FULL = ['53100', 'could not extend file "base/16384/16397": No space left on device'] as const;
  const FAILING = ['P0001', 'injected failure of the third row'] as const;

  it.each([
    ['updates', 'the third update', 'update_id', FAILING],
    ['events', 'the event of the third update', 'contract_id', DISK_FULL],
    ['contracts', 'the third contract', 'contract_id', DISK_FULL],
    ['amulet_holdings', 'the holding of the third contract (a derived table)', 'amount', FAILING],
    ['acs_snapshots', 'a snapshot time the batch makes due', 'migration_id', DISK_FULL],
  ] as const)(
    'on %s (%s) stores nothing of the batch, and appends it once the fault is gone',
    async (table, _what, column, [sqlstate, message]) => {
      const first = [mint(h.party('alice'), '1.0000000000'), mint(h.party('bob'), '2.0000000000')];
      await writer.append(first);
      const batch: HistoryUpdate[] = Array.from({ length: 5 }, (_, i) =>
        mint(h.party(i === 2 ? 'carol' : `owner-${i}`), `${i + 1}.0000000000`),
      );
      const third = batch[2] as Parameters<typeof createdEvents>[0];
      const value = {
        update_id: third.update_id,
        contract_id: createdEvents(third)[0].contract_id,
        amount: '3.0000000000',
        migration_id: '0',
      }[column];
      const before = await storeContentHashes(db.dataSource);
      expect(before.acs_snapshots.rows).toBe(0);
      const removeFault = await injectFault(table, column, value, sqlstate, message);
      const error = await writer.append(batch).then(
        () => undefined,
        (e: unknown) => e as { message: string; code?: string; driverError?: { code?: string } },
      );
      expect(error?.message).toBe(message);
      expect(error?.code ?? error?.driverError?.code).toBe(sqlstate);
      expect(await storeContentHashes(db.dataSource)).toEqual(before);

      await removeFault();
      expect(await writer.append(batch)).toMatchObject({ appended: 5, contractsCreated: 5 });
      const after = await storeContentHashes(db.dataSource);
      expect(after.updates.rows).toBe(7);
      expect(after.amulet_holdings.rows).toBe(7);
      expect(after.acs_snapshots.rows).toBeGreaterThan(0);
    },
  );

  it('ends an ingest at the failing batch: the batches before it stored, nothing of it or after it', async () => {
    const updates: HistoryUpdate[] = Array.from({ length: 40 }, (_, i) =>
      mint(h.party(`owner-${i % 7}`), `${i + 1}.0000000000`),
    );
    // The store of the first 20 updates (two batches of 10), for comparison.
    await writer.append(updates.slice(0, 20));
    const twoBatches = await storeContentHashes(db.dataSource);
    await db.truncate();

    const victim = createdEvents(updates[24] as Parameters<typeof createdEvents>[0])[0].contract_id;
    const removeFault = await injectFault('contracts', 'contract_id', victim, ...DISK_FULL);
    await expect(ingestUpdates(writer, updates, { batchSize: 10 })).rejects.toThrow(DISK_FULL[1]);
    expect(await storeContentHashes(db.dataSource)).toEqual(twoBatches);

    await removeFault();
    expect(await ingestUpdates(writer, updates, { batchSize: 10 })).toMatchObject({
      appended: 20,
      skipped: 20,
    });
  });
});
