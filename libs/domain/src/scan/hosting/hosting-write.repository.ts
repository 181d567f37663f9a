import type { Queryable } from '../../database/db';
import { rejectUpdate } from '../../history/update-validation';
import type { HostingRow } from './hosting-item';

const INPUT = `jsonb_to_recordset($1::jsonb) AS r(synchronizer_id text, party_id text, migration_id bigint,
  record_time timestamptz, participant_ids text[], source text)`;

/** The hosting rows of a batch, in one statement; a row already stored is not written again. */
const INSERT = `
  INSERT INTO party_hosting (synchronizer_id, party_id, record_time, migration_id, participant_ids, source)
  SELECT r.synchronizer_id, r.party_id, r.record_time, r.migration_id, r.participant_ids, r.source FROM ${INPUT}
  ON CONFLICT DO NOTHING`;

/** The first row of the batch stored otherwise (pk_party_hosting: same party, synchronizer and time). */
const CONFLICT = `
  SELECT r.party_id FROM ${INPUT}
    JOIN party_hosting h ON h.synchronizer_id = r.synchronizer_id AND h.party_id = r.party_id AND h.record_time = r.record_time
   WHERE h.migration_id <> r.migration_id OR h.participant_ids <> r.participant_ids OR h.source <> r.source
   LIMIT 1`;

/** Writes hosting items on the writer's transaction (see `LedgerWriter`). */
export class HostingWriteRepository {
  constructor(private readonly connection: Queryable) {}

  /** Stores `rows`, or throws InconsistentHistory (the caller's transaction then writes nothing). */
  async write(rows: readonly HostingRow[]): Promise<void> {
    if (rows.length === 0) return;
    const input = JSON.stringify(rows);
    await this.connection.query(INSERT, [input]);
    const [conflict] = await this.connection.query<{ party_id: string }>(CONFLICT, [input]);
    if (conflict)
      throw rejectUpdate(
        conflict.party_id,
        'hosting item: another mapping is stored for its synchronizer and time',
      );
  }
}
