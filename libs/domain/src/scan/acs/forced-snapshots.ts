import type { scanApi } from '@canton-scan/contracts';
import type { Db } from '../../database/db';
import { NEWEST_MIGRATION, SqlParams } from '../../dso/current-contracts.sql';
import { invalidArgument } from '../../errors/domain-error';
import { SpliceTemplates } from '../../splice/splice-templates';
import { synchronizerNameOfOne } from '../../synchronizers/synchronizer-sql';
import { timestampToMicros } from '../../snapshots/snapshot-schedule';
import { formatMicros } from '../../time/micros';

interface ForceState {
  migration_id: string | null;
  rules_synchronizer: string | null;
  rules_in_flight: boolean | null;
  record_time: string | null;
}

function forceStateStatement(): string {
  const p = new SqlParams();
  return `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id),
    rules AS (SELECT c.synchronizer, c.in_flight FROM contracts c
               WHERE ${p.template(SpliceTemplates.AmuletRules)} AND c.archived_record_time IS NULL
                 AND c.migration_id = (SELECT id FROM m)
               ORDER BY c.row_id DESC LIMIT 1)
    SELECT (SELECT id FROM m) AS migration_id,
           ${synchronizerNameOfOne('(SELECT r.synchronizer FROM rules r)')} AS rules_synchronizer,
           (SELECT in_flight FROM rules) AS rules_in_flight,
           (SELECT u.record_time FROM updates u
             WHERE u.migration_id = (SELECT id FROM m) AND u.synchronizer = (SELECT synchronizer FROM rules)
               AND NOT u.is_import
             ORDER BY u.record_time DESC LIMIT 1) AS record_time`;
}

/**
 * `POST /v0/state/acs/force` (docs/acs-snapshots.md "Forced snapshots"): an extra ACS snapshot of
 * the newest migration one microsecond after its newest update on the AmuletRules contract's
 * synchronizer (a snapshot holds what was created before its time, so that update is in it),
 * recorded through the primary database. Off unless `enabled` (`SCAN_FORCED_ACS_SNAPSHOTS`), as
 * on production scans.
 */
export class ForcedAcsSnapshots {
  private static readonly STATE = forceStateStatement();

  constructor(
    private readonly db: Db,
    private readonly enabled: boolean,
  ) {}

  async force(): Promise<scanApi.ForceAcsSnapshotResponse> {
    if (!this.enabled) throw invalidArgument('Forced ACS snapshots are disabled.');
    const [state]: ForceState[] = await this.db.query(ForcedAcsSnapshots.STATE);
    if (state.rules_synchronizer === null) throw invalidArgument('No amulet rules.');
    if (state.rules_in_flight) throw invalidArgument('Amulet rules are in flight.');
    if (state.record_time === null || state.migration_id === null)
      throw invalidArgument('No updates ever happened for a snapshot.');
    const recordTime = formatMicros(timestampToMicros(state.record_time) + 1n);
    await this.db.query(
      `INSERT INTO acs_snapshots (migration_id, record_time) VALUES ($1, $2::timestamptz) ON CONFLICT DO NOTHING`,
      [state.migration_id, recordTime],
    );
    return { record_time: recordTime, migration_id: Number(state.migration_id) };
  }
}
