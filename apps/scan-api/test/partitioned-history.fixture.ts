import type { DataSource } from 'typeorm';
import {
  LedgerWriter,
  SpliceTemplates,
  type HistoryUpdate,
  type LedgerWriterOptions,
} from '@canton-scan/domain';
import { createHash } from 'node:crypto';
import { createdEvents, HistoryBuilder, replayAcs } from '@canton-scan/testing';

/** What the tests of partitioned history look their queries up with. */
export interface ThreeMigrationStore {
  /** A party holding amulet in migration 1. */
  owner: string;
  /** The amulet contracts minted in migration 2. */
  migration2Contracts: string[];
}

/**
 * The simulated network the tests load (app code may not import the simulator: the specs pass
 * its updates in): migrations 0 and 1, the simulator's migration knob placing the switch at round 18.
 */
export const THREE_MIGRATIONS_SIMULATION = { seed: 5, rounds: 30, migrationRound: 18 };

/**
 * A store with three migrations, hence three partitions per partitioned table: the simulated
 * network's `updates` (migrations 0 and 1), then migration 2: the import updates of migration 1's
 * active contracts, then two mints and an archive (offsets and record times carrying on).
 */
export async function loadThreeMigrations(
  dataSource: DataSource,
  updates: readonly HistoryUpdate[],
  synchronizerVerdicts: LedgerWriterOptions['synchronizerVerdicts'] = 'ingested',
): Promise<ThreeMigrationStore> {
  const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 1, synchronizerVerdicts });
  await writer.append([...updates]);

  const [end]: { offset: string; t: string; owner: string }[] = await dataSource.query(
    `SELECT max(ledger_offset)::text AS offset,
            to_char(max(record_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t,
            (SELECT h.owner FROM amulet_holdings h WHERE h.migration_id = 1 ORDER BY h.owner LIMIT 1) AS owner
       FROM updates`,
  );
  const h = new HistoryBuilder(end.t).continueOffsetsAfter(BigInt(end.offset));
  const dso = h.party('dso');
  const mint = (owner: string, amount: string) =>
    h.tx(
      [
        {
          create: {
            template: SpliceTemplates.Amulet,
            payload: {
              dso,
              owner,
              amount: {
                initialAmount: amount,
                createdAt: { number: '40' },
                ratePerRound: { rate: '0.0000190259' },
              },
            },
            signatories: [dso, owner],
          },
        },
      ],
      { migrationId: 2 },
    );
  // Import update ids are fresh (the simulator's are the contract ids, already taken by migration 1's imports).
  const imports = replayAcs(updates, 1, '9999-12-31T00:00:00Z')
    .map((created) => {
      const imported = h.importOf(created, 2);
      const updateId = `1220${createHash('sha256').update(`import/2/${created.contract_id}`).digest('hex')}`;
      const [event] = Object.values(imported.events_by_id);
      return {
        ...imported,
        update_id: updateId,
        root_event_ids: [`${updateId}:0`],
        events_by_id: { [`${updateId}:0`]: { ...event, event_id: `${updateId}:0` } },
      };
    })
    .sort((a, b) => (a.update_id < b.update_id ? -1 : 1));
  const mints = [mint(end.owner, '5.0000000000'), mint(h.party('zoe'), '7.0000000000')];
  const spent = createdEvents(mints[0])[0];
  const burn = h.tx(
    [
      {
        exercise: {
          contractId: spent.contract_id,
          template: SpliceTemplates.Amulet,
          choice: 'Archive',
          consuming: true,
          actingParties: [end.owner],
        },
      },
    ],
    { migrationId: 2 },
  );
  await writer.append([...imports, ...mints, burn]);
  await dataSource.query('ANALYZE');
  return {
    owner: end.owner,
    migration2Contracts: mints.map((m) => createdEvents(m)[0].contract_id),
  };
}
