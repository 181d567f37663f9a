import type { DataSource } from 'typeorm';
import { TokenNetworkFixture } from './token-network-fixtures';

/** One request to a token registry, `path` below its `/registry` root. */
export interface RegistryQuestion {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const HOUR_MS = 3_600_000;

/**
 * Questions a registry over a simulated network's store answers (the source's store is read to
 * pick them): the metadata, the allocation factory (v1, v2), the transfer factory for each of
 * `receivers` (self, direct or offer as the network has them), the choice contexts of a sample of
 * allocations in every state (open, and archived by each choice that archived one: executed,
 * withdrawn, cancelled) in both versions, and of transfer instructions in every state (pending,
 * archived), plus those of `extraInstructions`.
 */
export async function registryQuestions(
  store: DataSource,
  parties: { sender: string; receivers: readonly string[] },
  extraInstructions: readonly string[] = [],
): Promise<RegistryQuestion[]> {
  const q: RegistryQuestion[] = [
    { method: 'GET', path: '/metadata/v1/info' },
    { method: 'GET', path: '/metadata/v1/instruments' },
    { method: 'GET', path: '/metadata/v1/instruments/Amulet' },
  ];
  const [{ newest }] = await store.query(
    `SELECT to_char(max(record_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS newest FROM updates`,
  );
  const [{ dso }] = await store.query(
    `SELECT payload_compact->>'dso' AS dso FROM contracts WHERE entity_name = 'AmuletRules' AND archived_record_time IS NULL`,
  );
  const allocate = new TokenNetworkFixture().allocateArguments() as {
    expectedAdmin: string;
    allocation: { transferLeg: { instrumentId: { admin: string } } };
  };
  allocate.expectedAdmin = allocate.allocation.transferLeg.instrumentId.admin = dso;
  for (const version of ['v1', 'v2'])
    q.push({
      method: 'POST',
      path: `/allocation-instruction/${version}/allocation-factory`,
      body: { choiceArguments: allocate },
    });
  const now = Date.parse(newest);
  for (const receiver of parties.receivers)
    q.push({
      method: 'POST',
      path: '/transfer-instruction/v1/transfer-factory',
      body: {
        choiceArguments: {
          expectedAdmin: dso,
          transfer: {
            sender: parties.sender,
            receiver,
            amount: '7.0000000000',
            instrumentId: { admin: dso, id: 'Amulet' },
            requestedAt: new Date(now).toISOString(),
            executeBefore: new Date(now + HOUR_MS).toISOString(),
            inputHoldingCids: [],
            meta: { values: {} },
          },
          extraArgs: { context: { values: {} }, meta: { values: {} } },
        },
      },
    });
  const instructions: { contract_id: string }[] = await store.query(
    `SELECT DISTINCT ON (archived_record_time IS NULL) contract_id
       FROM contracts WHERE entity_name = 'AmuletTransferInstruction' ORDER BY archived_record_time IS NULL, row_id`,
  );
  for (const id of [...instructions.map((i) => i.contract_id), ...extraInstructions])
    for (const choice of ['accept', 'reject', 'withdraw'])
      q.push({ method: 'POST', path: `/transfer-instruction/v1/${id}/choice-contexts/${choice}`, body: {} });
  for (const { contract_id } of await allocationsInEveryState(store))
    for (const version of ['v1', 'v2'])
      for (const choice of ['withdraw', 'cancel', 'execute-transfer'])
        q.push({
          method: 'POST',
          path: `/allocations/${version}/${contract_id}/choice-contexts/${choice}`,
          body: {},
        });
  return q;
}

/**
 * Two open allocations and, for each choice that archived an allocation, the first one it
 * archived (`state`: `open`, or the archiving choice).
 */
export async function allocationsInEveryState(
  store: DataSource,
): Promise<{ contract_id: string; state: string }[]> {
  return store.query(
    `SELECT contract_id, state FROM (
       SELECT c.contract_id, c.row_id, COALESCE(e.choice, 'open') AS state,
              row_number() OVER (PARTITION BY COALESCE(e.choice, 'open') ORDER BY c.row_id) AS n
         FROM contracts c
         LEFT JOIN events e ON e.migration_id = c.migration_id AND e.update_row_id = c.archived_update_row_id
                           AND e.node_id = c.archived_node_id
        WHERE c.entity_name = 'AmuletAllocation') s
      WHERE n <= CASE state WHEN 'open' THEN 2 ELSE 1 END
      ORDER BY state, row_id`,
  );
}
