import { registryApi, registrySpec } from '@canton-scan/contracts';
import { isTransaction, SpliceTemplates, type AmuletTransferInstructionPayload } from '@canton-scan/domain';
import { simulatedNetworkOf, simulateNetwork } from '@canton-scan/simulator';
import { allCreatedOf, callChecked } from '@canton-scan/testing';
import {
  append,
  client,
  dataSource,
  instructionContexts,
  transferFactory,
  useRegistryApp,
} from './registry-lookups.fixture';

const OPTIONS = { rounds: 24, seed: 3, transferPreapprovalParties: 3, transferInstructionsPerRound: 0.5 };
const HOUR_MS = 3_600_000;

/** A wallet's transfer on a simulated network, every answer checked against the stored history. */
describe('a wallet transfers amulet through the registry', () => {
  useRegistryApp();

  it('reads the instrument, gets the factory (direct for a preapproved receiver, offer otherwise) and a pending instruction’s contexts', async () => {
    const updates = [...simulateNetwork(OPTIONS)];
    await append(...updates);
    const { users, dso } = simulatedNetworkOf(OPTIONS);

    // 1. The wallet learns the admin and the instrument it will transfer.
    const info = await callChecked(registrySpec, 'getRegistryInfo', registryApi.getRegistryInfo({ client }));
    expect(info.body.adminId).toBe(dso.id);
    const listed = await callChecked(
      registrySpec,
      'listInstruments',
      registryApi.listInstruments({ client, query: {} }),
    );
    const [amulet] = listed.body.instruments;
    expect(amulet.id).toBe('Amulet');

    // 2. The factory, for a receiver the simulator preapproved and for one it did not.
    const [{ newest }] = await dataSource().query(
      `SELECT to_char(max(record_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS newest FROM updates`,
    );
    const now = Date.parse(newest);
    const args = (receiver: string) => ({
      expectedAdmin: info.body.adminId,
      transfer: {
        sender: users[5].id,
        receiver,
        amount: '7.0000000000',
        instrumentId: { admin: info.body.adminId, id: amulet.id },
        requestedAt: new Date(now).toISOString(),
        executeBefore: new Date(now + HOUR_MS).toISOString(),
        inputHoldingCids: [],
        meta: { values: {} },
      },
      extraArgs: { context: { values: {} }, meta: { values: {} } },
    });
    const preapprovals = updates
      .filter(isTransaction)
      .flatMap((u) => allCreatedOf(u, SpliceTemplates.TransferPreapproval));
    const [factoryRow] = await dataSource().query(
      `SELECT contract_id FROM contracts WHERE entity_name = 'ExternalPartyAmuletRules' AND archived_record_time IS NULL
        AND migration_id = (SELECT max(migration_id) FROM contracts)`,
    );
    for (const receiver of users.slice(0, 3)) {
      const direct = await transferFactory({ choiceArguments: args(receiver.id) });
      expect(direct.status).toBe(200);
      expect(direct.body.factoryId).toBe(factoryRow.contract_id);
      expect(direct.body.transferKind).toBe('direct');
      const preapproval = preapprovals.find((p) => p.signatories.includes(receiver.id))!;
      expect(direct.body.choiceContext.choiceContextData.values['transfer-preapproval']).toEqual({
        tag: 'AV_ContractId',
        value: preapproval.contract_id,
      });
    }
    const offer = await transferFactory({ choiceArguments: args(users[4].id) });
    expect(offer.body.transferKind).toBe('offer');
    expect(offer.body.choiceContext.choiceContextData.values['transfer-preapproval']).toBeUndefined();

    // 3. The receiver of a pending instruction asks how to accept it; a settled one is refused.
    const pending: { contract_id: string; payload_compact: AmuletTransferInstructionPayload }[] =
      await dataSource().query(
        `SELECT contract_id, payload_compact FROM contracts WHERE entity_name = 'AmuletTransferInstruction'
          AND archived_record_time IS NULL AND migration_id = (SELECT max(migration_id) FROM contracts)`,
      );
    expect(pending.length).toBeGreaterThanOrEqual(1);
    for (const instruction of pending) {
      expect(users.slice(0, 3).map((u) => u.id)).not.toContain(instruction.payload_compact.transfer.receiver);
      const accept = await instructionContexts.accept(instruction.contract_id);
      expect(accept.status).toBe(200);
      expect(accept.body.disclosedContracts.map((d: { contractId: string }) => d.contractId)).toContain(
        instruction.payload_compact.lockedAmulet,
      );
      const reject = await instructionContexts.reject(instruction.contract_id);
      expect(reject.body.choiceContextData.values['expire-lock']).toEqual({ tag: 'AV_Bool', value: true });
    }
    const [settled] = await dataSource().query(
      `SELECT c.contract_id, e.choice FROM contracts c
         JOIN events e ON e.update_row_id = c.archived_update_row_id AND e.node_id = c.archived_node_id
        WHERE c.entity_name = 'AmuletTransferInstruction' AND e.choice = 'TransferInstruction_Accept' LIMIT 1`,
    );
    const refused = await instructionContexts.withdraw(settled.contract_id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('is no longer pending: accepted by the receiver');
  });
});
