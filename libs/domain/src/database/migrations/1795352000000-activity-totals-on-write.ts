import type { MigrationInterface } from 'typeorm';

/**
 * Activity totals are computed by the writer, in the transaction that closes a round; the scan
 * endpoint only reads them. This one-off computed, for stores written before, every closed,
 * configured round's totals from the activity rows of the time. Those rows came from
 * `AppActivityRecord` contracts, which Splice does not have: SynchronizerVerdicts1795480000000
 * drops them and every total computed from them, so this migration now does nothing (the end
 * state of a store migrated through both is the same).
 */
export class ActivityTotalsOnWrite1795352000000 implements MigrationInterface {
  name = 'ActivityTotalsOnWrite1795352000000';

  async up(): Promise<void> {}

  async down(): Promise<void> {}
}
