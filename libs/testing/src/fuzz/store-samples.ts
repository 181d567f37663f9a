/** Values taken from the store so that generated valid requests name things that exist. */
export interface StoreSamples {
  updateIds: string[];
  contractIds: string[];
  /** Contract ids of AmuletAllocation contracts (the registry's allocation ids). */
  allocationIds: string[];
  /** Contract ids of AmuletTransferInstruction contracts, pending or settled. */
  transferInstructionIds: string[];
  parties: string[];
  migrationIds: number[];
  rounds: number[];
  /** Record times of updates (ISO-8601, UTC, microseconds). */
  recordTimes: string[];
  snapshotTimes: string[];
  /** ACS snapshots as the requests name them: a migration and one of its snapshot times. */
  snapshots: { migrationId: number; recordTime: string }[];
  offsets: number[];
  /** Template ids as `package:Module:Entity` and as `#package-name:Module:Entity`. */
  templateIds: string[];
  synchronizerIds: string[];
  /** The DSO party (AmuletRules' signatory), the registry admin. */
  dso: string | undefined;
  /** Contract ids of Amulet contracts (holdings). */
  holdingIds: string[];
  /** Owners of Amulet and LockedAmulet contracts (holdings summaries and state). */
  holdingOwners: string[];
  /** Sequencer members traffic was bought for (`memberId` of MemberTraffic contracts). */
  memberIds: string[];
  /** External transaction hashes of externally signed transactions. */
  externalTransactionHashes: string[];
}

export type SampleQuery = (sql: string) => Promise<Record<string, unknown>[]>;

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Up to `limit` values of each kind, spread over the store (every n-th row). */
export async function sampleStore(query: SampleQuery, limit = 40): Promise<StoreSamples> {
  const column = async (sql: string): Promise<string[]> =>
    (await query(sql)).map((r) => String(Object.values(r)[0]));
  const spread = (from: string, expr: string, order: string, where = 'TRUE') =>
    `SELECT v FROM (SELECT ${expr} AS v, row_number() OVER (ORDER BY ${order}) AS n,
       count(*) OVER () AS total FROM ${from} WHERE ${where}) x
      WHERE n % greatest(1, total / ${limit}) = 0 LIMIT ${limit}`;
  return {
    updateIds: await column(spread('updates', 'update_id', 'row_id')),
    contractIds: await column(spread('contracts', 'contract_id', 'row_id')),
    allocationIds: await column(
      spread('contracts', 'contract_id', 'row_id', `entity_name = 'AmuletAllocation'`),
    ),
    transferInstructionIds: await column(
      spread('contracts', 'contract_id', 'row_id', `entity_name = 'AmuletTransferInstruction'`),
    ),
    parties: await column(
      `SELECT DISTINCT p FROM (SELECT unnest(signatories || observers) AS p FROM contracts) x ORDER BY p LIMIT ${limit}`,
    ),
    migrationIds: (await column('SELECT DISTINCT migration_id::int FROM updates ORDER BY 1')).map(Number),
    rounds: (await column(spread('mining_rounds', 'round::int', 'round'))).map(Number),
    recordTimes: await column(spread('updates', ISO('record_time'), 'row_id')),
    snapshotTimes: await column(spread('acs_snapshots', ISO('record_time'), 'migration_id, record_time')),
    offsets: (
      await column(spread('updates', 'ledger_offset::text', 'row_id', 'ledger_offset IS NOT NULL'))
    ).map(Number),
    templateIds: await column(
      `SELECT DISTINCT t FROM (SELECT package_id || ':' || module_name || ':' || entity_name AS t FROM contracts
         UNION SELECT '#' || package_name || ':' || module_name || ':' || entity_name FROM contracts) x
        ORDER BY t LIMIT ${limit}`,
    ),
    synchronizerIds: await column(
      'SELECT d.synchronizer FROM synchronizers d WHERE EXISTS (SELECT 1 FROM updates u WHERE u.synchronizer = d.id) ORDER BY 1 LIMIT 5',
    ),
    dso: (await column(`SELECT signatories[1] FROM contracts WHERE entity_name = 'AmuletRules' LIMIT 1`))[0],
    holdingIds: await column(spread('contracts', 'contract_id', 'row_id', `entity_name = 'Amulet'`)),
    externalTransactionHashes: await column(
      spread('updates', 'external_transaction_hash', 'row_id', 'external_transaction_hash IS NOT NULL'),
    ),
    snapshots: (
      await query(
        spread(
          'acs_snapshots',
          `migration_id::int || ' ' || ${ISO('record_time')}`,
          'migration_id, record_time',
        ),
      )
    ).map((r) => {
      const [migrationId, recordTime] = String(Object.values(r)[0]).split(' ');
      return { migrationId: Number(migrationId), recordTime };
    }),
    holdingOwners: await column(
      `SELECT DISTINCT p.party FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id ORDER BY p.party LIMIT ${limit}`,
    ),
    memberIds: await column(
      `SELECT DISTINCT payload_compact->>'memberId' FROM contracts WHERE entity_name = 'MemberTraffic' ORDER BY 1 LIMIT ${limit}`,
    ),
  };
}
