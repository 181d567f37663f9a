import type { DataSource } from 'typeorm';
import { ValidatorFaucetsRepository } from './validator-faucets.repository';

export interface ValidatorReceivedFaucets {
  validator: string;
  numRoundsCollected: number;
  numRoundsMissed: number;
  firstCollectedInRound: number;
  lastCollectedInRound: number;
}

/** `/v0/validators/validator-faucets`: liveness of the onboarded validators among those asked for. */
export class ValidatorFaucetsService {
  private readonly licenses: ValidatorFaucetsRepository;

  constructor(dataSource: DataSource) {
    this.licenses = new ValidatorFaucetsRepository(dataSource);
  }

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
