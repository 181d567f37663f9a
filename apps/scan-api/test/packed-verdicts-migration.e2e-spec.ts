import type { DataSource, MigrationInterface } from 'typeorm';
import { isVerdictItem, MIGRATIONS, unpackVerdict } from '@canton-scan/domain';
import { simulateHistory } from '@canton-scan/simulator';
import { startTestApp, storeContentHashes, useTestDatabase, writeHistory } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/** Two migrations with their verdicts (some on transactions this scan does not see). */
const NETWORK = { seed: 13, rounds: 24, migrationRound: 16 };
/** Verdicts per batch of the conversion: the store's verdicts span several. */
const BATCH = 40;
const PackedVerdicts = MIGRATIONS.find((m) => m.name === 'PackedVerdicts1795523700000') as unknown as new (
  batch: number,
) => MigrationInterface;

/** A verdict as some client sent it to an old store: the json column kept its text as received. */
const ODD_ID = '1220abcdef';
const ODD_VERDICT = `{ "update_id" : "${ODD_ID}",\n\t"migration_id": 0, "domain_id": "global-domain::1220ü€𝄞",
  "record_time": "2000-01-01T00:00:00.000001Z", "finalization_time": "2000-01-01T00:00:00.5Z",
  "submitting_parties": [], "submitting_participant_uid": "p::1", "verdict_result": "VERDICT_RESULT_REJECTED",
  "mediator_group": 0, "transaction_views": {"views": [], "root_views": []}, "unknown_field": [1.50, "\\u00e9"] }  `;

const verdictType = async (dataSource: DataSource): Promise<string> =>
  (
    await dataSource.query<{ t: string }[]>(
      `SELECT data_type AS t FROM information_schema.columns WHERE table_name = 'synchronizer_verdicts' AND column_name = 'verdict'`,
    )
  )[0].t;

/** Every verdict row, its verdict as text whatever the column's type. */
async function verdictRows(dataSource: DataSource): Promise<unknown[]> {
  const packed = (await verdictType(dataSource)) === 'bytea';
  const rows = await dataSource.query<{ verdict: string | Buffer }[]>(
    `SELECT update_id, migration_id::text, record_time::text, verdict${packed ? '' : '::text'},
            traffic_summary::text, app_activity_records::text
       FROM synchronizer_verdicts ORDER BY update_id`,
  );
  return rows.map((r) => ({ ...r, verdict: packed ? unpackVerdict(r.verdict as Buffer) : r.verdict }));
}

const indexesOf = async (dataSource: DataSource): Promise<string[]> =>
  (
    await dataSource.query<{ name: string }[]>(
      `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = 'synchronizer_verdicts'::regclass ORDER BY 1`,
    )
  ).map((r) => r.name);

/** Every other table's content (the conversion touches none of them). */
const otherContent = async (dataSource: DataSource) => {
  const { synchronizer_verdicts: _verdicts, ...others } = await storeContentHashes(dataSource);
  return others;
};

interface Key {
  migration_id: number;
  record_time: string;
}
type Event = { update: (Key | { record_time: string; event: Key }) | null; verdict: Key | null };

const keyOf = ({ update, verdict }: Event) => {
  const key = update
    ? { ...update, migration_id: 'event' in update ? update.event.migration_id : update.migration_id }
    : verdict!;
  return { after_migration_id: key.migration_id, after_record_time: key.record_time };
};

/** The event list paged through, and each verdict's event by id. */
async function eventAnswers(dataSource: DataSource, ids: string[]): Promise<string[]> {
  const app = await startTestApp(createScanApp, dataSource);
  try {
    const answers: string[] = [];
    let after: { after_migration_id: number; after_record_time: string } | undefined;
    for (;;) {
      const res = await fetch(`${app.origin}/api/scan/v0/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ after, page_size: 25 }),
      });
      const body = await res.text();
      expect(res.status).toBe(200);
      const events = (JSON.parse(body) as { events: Event[] }).events;
      if (events.length === 0) break;
      answers.push(body);
      after = keyOf(events[events.length - 1]);
    }
    for (const id of ids) {
      const res = await fetch(`${app.origin}/api/scan/v0/events/${id}`);
      answers.push(`${res.status} ${await res.text()}`);
    }
    return answers;
  } finally {
    await app.close();
  }
}

describe('packed verdicts: the migration converts a store holding verdicts up and down, texts and answers unchanged', () => {
  const db = useTestDatabase();
  const items = [...simulateHistory(NETWORK)];
  const verdictIds = [...new Set(items.filter(isVerdictItem).map((v) => v.verdict.update_id))];
  // The events by id asked for: a sample of the verdicts, and the odd one.
  const ids = [...verdictIds.filter((_, i) => i % 25 === 0), ODD_ID];

  it('packs an old store’s verdicts (their texts as received), unpacks them going down, and packs them again', async () => {
    expect(ids.length).toBeGreaterThan(3);
    expect(verdictIds.length).toBeGreaterThan(3 * BATCH);
    await writeHistory(db.dataSource, items);
    const migration = new PackedVerdicts(BATCH);
    const runner = db.dataSource.createQueryRunner();
    let packed = true;
    try {
      // The store as the schema before left it, with a verdict whose text only a json column keeps.
      await migration.down(runner);
      packed = false;
      expect(await verdictType(db.dataSource)).toBe('json');
      await db.dataSource.query(
        `INSERT INTO synchronizer_verdicts (update_id, migration_id, record_time, verdict) VALUES ($1, 0, '2000-01-01T00:00:00.000001Z', $2)`,
        [ODD_ID, ODD_VERDICT],
      );
      const rows = await verdictRows(db.dataSource);
      const others = await otherContent(db.dataSource);
      expect(rows).toContainEqual(expect.objectContaining({ update_id: ODD_ID, verdict: ODD_VERDICT }));
      expect(rows).toHaveLength(verdictIds.length + 1);

      await migration.up(runner);
      packed = true;
      expect(await verdictType(db.dataSource)).toBe('bytea');
      expect(await indexesOf(db.dataSource)).toEqual([
        'pk_synchronizer_verdicts',
        'ux_synchronizer_verdicts_migration_record_time',
      ]);
      expect(await verdictRows(db.dataSource)).toEqual(rows);
      expect(await otherContent(db.dataSource)).toEqual(others);
      const answers = await eventAnswers(db.dataSource, ids);
      expect(answers[answers.length - 1]).toBe(`200 {"update":null,"verdict":${ODD_VERDICT}}`);

      await migration.down(runner);
      packed = false;
      expect(await verdictType(db.dataSource)).toBe('json');
      expect(await verdictRows(db.dataSource)).toEqual(rows);
      expect(await otherContent(db.dataSource)).toEqual(others);

      await migration.up(runner);
      packed = true;
      expect(await verdictRows(db.dataSource)).toEqual(rows);
      expect(await otherContent(db.dataSource)).toEqual(others);
      expect(await eventAnswers(db.dataSource, ids)).toEqual(answers);
      // The key still holds: a second verdict at a stored verdict's id is refused.
      await expect(
        db.dataSource.query(
          `INSERT INTO synchronizer_verdicts SELECT * FROM synchronizer_verdicts WHERE update_id = $1`,
          [ODD_ID],
        ),
      ).rejects.toThrow(/pk_synchronizer_verdicts/);
    } finally {
      // Up again (also after a failure: the worker's next test file needs the current schema).
      if (!packed) await migration.up(runner);
      await runner.release();
    }
  }, 300_000);
});
