import type { scanApi } from '@canton-scan/contracts';
import { ValidatorFaucetsRepository } from './validator-faucets.repository';

export type ValidatorReceivedFaucets = scanApi.ValidatorReceivedFaucets;

/** `/v0/validators/validator-faucets`: liveness of the onboarded validators among those asked for. */
export class ValidatorFaucetsService {
  constructor(private readonly licenses: ValidatorFaucetsRepository) {}

  async listFaucets(
    validatorIds: readonly string[],
  ): Promise<{ validatorsReceivedFaucets: ValidatorReceivedFaucets[] }> {
    const rows = await this.licenses.findByValidators([...new Set(validatorIds)]);
    return {
      validatorsReceivedFaucets: rows.map((r) => ({
        validator: r.validator,
        numRoundsCollected: Number(r.collected),
        numRoundsMissed: Number(r.missed),
        firstCollectedInRound: Number(r.first_round),
        lastCollectedInRound: Number(r.last_round),
      })),
    };
  }
}
