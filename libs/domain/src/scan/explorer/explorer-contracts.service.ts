import type { scanApi } from '@canton-scan/contracts';
import { fewestDigitsText } from '../../daml-value/daml-scalars';
import { invalidArgument, notFound } from '../../errors/domain-error';
import { JsonText } from '../../wire/json-text';
import { ExplorerContractsRepository } from './explorer-contracts.repository';

export type ExplorerContract = scanApi.ExplorerContract;

/** Contract ids: lower-case hex starting with `00` (docs/offsets-and-ids.md). */
const CONTRACT_ID = /^00[0-9a-f]+$/;

/** `GET /v0/explorer/contracts/{contract_id}` (docs/explorer.md "Contract lookup"). */
export class ExplorerContractsService {
  constructor(private readonly repository: ExplorerContractsRepository) {}

  async getContract(contractId: string): Promise<JsonText<ExplorerContract>> {
    if (!CONTRACT_ID.test(contractId))
      throw invalidArgument(
        `contract_id: "${contractId}" is not a contract id (lower-case hex starting with 00)`,
      );
    const row = await this.repository.lookup(contractId);
    if (!row) throw notFound(`contract ${contractId} not found`);
    const contract: Omit<ExplorerContract, 'create_arguments'> = {
      contract_id: row.contract_id,
      template_id: row.template_id,
      package_name: row.package_name,
      signatories: row.signatories,
      observers: row.observers,
      // As the creating event shows it (docs/daml-values.md "Event and update fields").
      created_at: fewestDigitsText(row.created_at),
      created: {
        update_id: row.created_update_id,
        migration_id: Number(row.created_migration_id),
        record_time: row.created_record_time,
      },
      state: row.archived_update_id === null ? 'active' : 'archived',
    };
    if (row.archived_update_id !== null) {
      contract.archived = {
        update_id: row.archived_update_id,
        migration_id: Number(row.archived_migration_id),
        record_time: row.archived_record_time!,
      };
    }
    // The payload goes out as the text stored, exactly as the scan group's created events carry it.
    return new JsonText(`{"create_arguments":${row.create_arguments},${JSON.stringify(contract).slice(1)}`);
  }
}
