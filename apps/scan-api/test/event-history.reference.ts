import {
  IMPORT_RECORD_TIME,
  itemTexts,
  UpdateHistoryRepository,
  type Db,
  unpackVerdict,
  type UpdateTreeRow,
} from '@canton-scan/domain';

/**
 * The `/v0/events` page as the service built it before the merge moved into SQL (test-only,
 * kept to pin the new statement's answers byte for byte): one statement found the page's shape
 * (how many updates and verdicts, its last key), the update list's statement read the updates,
 * another read the verdicts up to the last key, and Node merged the two by
 * `(migration id, record time)` and sorted the keys.
 */

interface VerdictTextRow {
  migration_id: string;
  record_time: string;
  verdict: string;
  traffic_summary: string | null;
  app_activity_records: string | null;
}

const MICROS = (t: string) =>
  `('"' || to_char(${t} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '"')`;

const PAGE_SHAPE = `WITH RECURSIVE ms(id) AS (
    SELECT min(migration_id) FROM updates WHERE migration_id >= $1
    UNION ALL
    SELECT (SELECT min(u.migration_id) FROM updates u WHERE u.migration_id > ms.id) FROM ms WHERE ms.id IS NOT NULL),
  uk AS (
    SELECT p.migration_id, p.record_time
      FROM ms CROSS JOIN LATERAL (
        SELECT u.migration_id, u.record_time FROM updates u
         WHERE u.migration_id = ms.id
           AND u.record_time > CASE WHEN ms.id = $1 THEN GREATEST($2::timestamptz, $4::timestamptz) ELSE $4::timestamptz END
           AND NOT u.is_import
         ORDER BY u.record_time LIMIT $3) p
     WHERE ms.id IS NOT NULL
     ORDER BY p.migration_id, p.record_time LIMIT $3),
  vk AS (
    SELECT v.migration_id, v.record_time FROM synchronizer_verdicts v
     WHERE (v.migration_id, v.record_time) > ($1::bigint, $2::timestamptz)
     ORDER BY v.migration_id, v.record_time LIMIT $3),
  page AS (
    SELECT k.migration_id, k.record_time, bool_or(k.is_update) AS has_update, bool_or(NOT k.is_update) AS has_verdict
      FROM (SELECT migration_id, record_time, true AS is_update FROM uk
            UNION ALL SELECT migration_id, record_time, false FROM vk) k
     GROUP BY k.migration_id, k.record_time
     ORDER BY k.migration_id, k.record_time LIMIT $3)
SELECT count(*) FILTER (WHERE has_update)::int AS updates, count(*) FILTER (WHERE has_verdict)::int AS verdicts,
       (SELECT max(migration_id) FROM page)::text AS last_migration_id,
       (SELECT max(record_time) FROM page p WHERE p.migration_id = (SELECT max(migration_id) FROM page)) AS last_record_time
  FROM page`;

const VERDICTS_IN = `SELECT v.migration_id::text AS migration_id, ${MICROS('v.record_time')} AS record_time,
    v.verdict, v.traffic_summary::text AS traffic_summary, v.app_activity_records::text AS app_activity_records
  FROM synchronizer_verdicts v
 WHERE (v.migration_id, v.record_time) > ($1::bigint, $2::timestamptz)
   AND (v.migration_id, v.record_time) <= ($3::bigint, $4::timestamptz)
 ORDER BY v.migration_id, v.record_time`;

function eventText(update: string | undefined, verdict: VerdictTextRow | undefined): string {
  let text = `{"update":${update ?? 'null'},"verdict":${verdict?.verdict ?? 'null'}`;
  if (verdict?.traffic_summary) text += `,"traffic_summary":${verdict.traffic_summary}`;
  if (verdict?.app_activity_records) text += `,"app_activity_records":${verdict.app_activity_records}`;
  return `${text}}`;
}

function compareKeys(a: string, b: string): number {
  const [ma, ta] = a.split(' ');
  const [mb, tb] = b.split(' ');
  const m = Number(ma) - Number(mb);
  if (m !== 0) return m;
  return ta < tb ? -1 : ta > tb ? 1 : 0;
}

/** The body of `POST /v0/events` as the JS merge wrote it (`after` already at or past the import time). */
export async function referenceEventPage(
  db: Db,
  after: { migrationId: number; recordTime: string } | undefined,
  pageSize: number,
  lossless: boolean,
): Promise<string> {
  const [shape] = await db.query<{
    updates: number;
    verdicts: number;
    last_migration_id: string | null;
    last_record_time: string | null;
  }>(PAGE_SHAPE, [
    after?.migrationId ?? 0,
    after?.recordTime ?? IMPORT_RECORD_TIME,
    pageSize,
    IMPORT_RECORD_TIME,
  ]);
  if (shape.last_migration_id === null || shape.last_record_time === null) return '{"events":[]}';
  const updateRows: UpdateTreeRow[] =
    shape.updates > 0
      ? await new UpdateHistoryRepository(db).findListPageRows(after, shape.updates, lossless)
      : [];
  const verdicts =
    shape.verdicts > 0
      ? await db.query<Omit<VerdictTextRow, 'verdict'> & { verdict: Buffer }>(VERDICTS_IN, [
          after?.migrationId ?? 0,
          after?.recordTime ?? IMPORT_RECORD_TIME,
          shape.last_migration_id,
          shape.last_record_time,
        ])
      : [];
  const byKey = new Map<string, { update?: string; verdict?: VerdictTextRow }>();
  for (const u of itemTexts(updateRows, 'v2'))
    byKey.set(`${u.migrationId} ${u.recordTime}`, { update: u.text });
  for (const packed of verdicts) {
    const v: VerdictTextRow = { ...packed, verdict: unpackVerdict(packed.verdict) };
    const key = `${v.migration_id} ${v.record_time}`;
    byKey.set(key, { ...byKey.get(key), verdict: v });
  }
  const keys = [...byKey.keys()].sort(compareKeys).slice(0, pageSize);
  return `{"events":[${keys.map((k) => eventText(byKey.get(k)!.update, byKey.get(k)!.verdict)).join(',')}]}`;
}
