import type { DataSource } from 'typeorm';
import { LedgerWriter, SpliceTemplates, type HistoryUpdate } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { createdEvents, HistoryBuilder } from '@canton-scan/testing';

/** What the tests of partitioned history look their queries up with. */
export interface ThreeMigrationStore {
  /** A party holding amulet in migration 1. */
  owner: string;
  /** The amulet contracts minted in migration 2. */
  migration2Contracts: string[];
}

/**
 * A store with three migrations, hence three partitions per partitioned table: a simulated
 * network (migrations 0 and 1, the simulator's migration knob placing the switch at round 24),
 * then migration 2: a few mints and a transfer appended after it (offsets and record times
 * carrying on).
 */
export async function loadThreeMigrations(dataSource: DataSource): Promise<ThreeMigrationStore> {
  const updates: HistoryUpdate[] = [];
  const generator = simulateNetwork({ seed: 5, rounds: 30, migrationRound: 24 });
  for (let next = generator.next(); !next.done; next = generator.next()) updates.push(next.value);
  const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
  await writer.append(updates);

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
  await writer.append([...mints, burn]);
  await dataSource.query('ANALYZE');
  return {
    owner: end.owner,
    migration2Contracts: mints.map((m) => createdEvents(m)[0].contract_id),
  };
}
