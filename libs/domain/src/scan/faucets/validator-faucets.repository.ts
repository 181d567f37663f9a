import type { Db } from '../../database/db';

export interface ValidatorFaucetRow {
  validator: string;
  first_round: string;
  last_round: string;
  missed: string;
  collected: string;
}

/**
 * Faucet state of onboarded validators: the active (not archived) ValidatorLicense of the newest
 * migration, with a faucet state (ix_validator_licenses_validator: validator, migration_id).
 *
 * Rounds collected = last - first - missed + 1 (docs/validator-faucets.md). Licences whose state would break an
 * invariant (docs/validator-faucets.md) (first > last, missed < 0, or missed > max(0, last - first - 1)) are
 * left out rather than reported wrongly; with them out, both invariants hold for every row.
 */
export class ValidatorFaucetsRepository {
  constructor(private readonly db: Db) {}

  async findByValidators(validators: readonly string[]): Promise<ValidatorFaucetRow[]> {
    return this.db.query(
      `SELECT DISTINCT ON (v.validator) v.validator,
              v.first_received_round::text AS first_round, v.last_received_round::text AS last_round,
              v.num_rounds_missed::text AS missed,
              (v.last_received_round - v.first_received_round - v.num_rounds_missed + 1)::text AS collected
         FROM validator_licenses v
        WHERE v.validator = ANY($1::text[])
          AND v.migration_id = (SELECT max(migration_id) FROM updates)
          AND v.archived_record_time IS NULL
          AND v.first_received_round IS NOT NULL AND v.last_received_round IS NOT NULL AND v.num_rounds_missed IS NOT NULL
          AND v.first_received_round <= v.last_received_round
          AND v.num_rounds_missed >= 0
          AND v.num_rounds_missed <= greatest(0, v.last_received_round - v.first_received_round - 1)
        ORDER BY v.validator, v.contract_row_id DESC`,
      [validators],
    );
  }
}
