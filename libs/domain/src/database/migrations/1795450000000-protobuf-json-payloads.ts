import type { MigrationInterface, QueryRunner } from 'typeorm';
import { toCompact } from '../../daml-value/compact';
import type { DamlValue } from '../../daml-value/daml-value.types';
import { isDamlValue } from '../../daml-value/daml-value.validation';
import { fromLegacyDialect } from '../../daml-value/legacy-dialect';
import { rehashUpdates } from './protobuf-json-rehash';

/** Rows read and written per statement round trip: bounded memory and short statements. */
export const CONVERSION_BATCH_ROWS = 2000;

/**
 * Converts a store written by a release that kept lossless payloads in the legacy dialect
 * (`{"list": [...]}`, `{"optional": null}`, ISO timestamps, `YYYY-MM-DD` dates; see
 * `fromLegacyDialect`) to what this release stores and serves (docs/daml-values.md):
 *
 * - `events.create_arguments`, `choice_argument`, `exercise_result`: the proto3 JSON of the
 *   Ledger API `Value`, as protobuf's printer writes it. Nothing is lost: the dialect held no
 *   record, variant or enum ids, and an empty label or map key is what the printer leaves out.
 *   A payload already in proto3 JSON is left as it is (the two forms agree wherever both accept
 *   a value).
 * - `contracts.payload_compact`: re-rendered from the converted arguments of the creating event
 *   (Splice's compact JSON: `"0E-10"`, `Instant.toString` timestamps, positional records as
 *   arrays).
 * - `signatories` and `observers` of events and contracts: sorted, as the writer now keeps them.
 * - `updates.content_hash` (what the writer compares when the same update is appended again):
 *   the hash of the update with its payloads in proto3 JSON, so that the same history fed again
 *   in the new form is recognised as stored. The update as it was appended is rebuilt from the
 *   rows in each form the previous releases appended (`APPENDED_FORMS`, protobuf-json-rehash.ts:
 *   history files, the ledger-fed mirror, the scan mirror) and the rebuilt text checked against the stored hash
 *   first; an update appended in yet another form keeps its hash, and appending it again in the
 *   new form is refused as "already stored with different content".
 *
 * What it leaves, and why: every other column holds typed values (numeric, timestamptz, bigint,
 * party text) that reads render on the way out, not text of the old rendering; derived tables
 * (holdings, licences, rounds, activity records, vote results, totals) hold numbers and times,
 * not payload text. Created event blobs the history supplied are opaque and kept; those derived
 * on read (from the creating event) follow the converted arguments.
 *
 * Rows are read and rewritten in batches of `CONVERSION_BATCH_ROWS` (updates in batches of an
 * eighth of that, each read with all its events), keyset by primary key, on the parent tables
 * (partitioned by migration or not, the statements are the same), inside the migration's
 * transaction: a failure leaves the store as it was.
 */
export class ProtobufJsonPayloads1795450000000 implements MigrationInterface {
  name = 'ProtobufJsonPayloads1795450000000';

  /** Rows per batch; tests lower it to run many batches over a small store. */
  static batchRows = CONVERSION_BATCH_ROWS;

  async up(q: QueryRunner): Promise<void> {
    // First, while the rows still hold what was appended: payloads in the dialect, parties unsorted.
    await rehashUpdates(q, Math.max(1, Math.floor(ProtobufJsonPayloads1795450000000.batchRows / 8)));
    await convertEvents(q, ProtobufJsonPayloads1795450000000.batchRows);
    await convertContracts(q, ProtobufJsonPayloads1795450000000.batchRows);
  }

  async down(q: QueryRunner): Promise<void> {
    // The earlier releases read only the legacy dialect, and it cannot hold what this release
    // may have stored since (record/variant/enum ids, payloads received in proto3 JSON): going
    // back would lose data. An empty store (nothing converted) reverts cleanly.
    await q.query(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM "events" WHERE "create_arguments" IS NOT NULL OR "choice_argument" IS NOT NULL) THEN
        RAISE EXCEPTION 'cannot revert ProtobufJsonPayloads1795450000000: the store holds payloads in proto3 JSON, which earlier releases cannot read and their dialect cannot hold (restore a backup taken before the upgrade instead)';
      END IF; END $$`);
  }
}

interface EventBatchRow {
  r: string;
  n: number;
  m: string;
  ca: string | null;
  chc: string | null;
  er: string | null;
  signatories: string[] | null;
  observers: string[] | null;
}

/** Converts the events' payloads and sorts their parties; returns the number of rows rewritten. */
export async function convertEvents(q: QueryRunner, batchRows: number): Promise<number> {
  let rewritten = 0;
  let after: [string, number] = ['-1', -1];
  for (;;) {
    const rows = (await q.query(
      `SELECT "update_row_id"::text AS r, "node_id" AS n, "migration_id"::text AS m,
              "create_arguments"::text AS ca, "choice_argument"::text AS chc, "exercise_result"::text AS er,
              "signatories", "observers"
         FROM "events"
        WHERE ("update_row_id", "node_id") > ($1::bigint, $2::integer)
        ORDER BY "update_row_id", "node_id"
        LIMIT $3`,
      [after[0], after[1], batchRows],
    )) as EventBatchRow[];
    if (rows.length === 0) return rewritten;
    const changed: EventBatchRow[] = [];
    for (const row of rows) {
      const where = `events(update_row_id=${row.r}, node_id=${row.n})`;
      const ca = convertedText(row.ca, `${where}.create_arguments`);
      const chc = convertedText(row.chc, `${where}.choice_argument`);
      const er = convertedText(row.er, `${where}.exercise_result`);
      const signatories = sortedOrUndefined(row.signatories);
      const observers = sortedOrUndefined(row.observers);
      if (ca ?? chc ?? er ?? signatories ?? observers) {
        changed.push({
          ...row,
          ca: ca ?? row.ca,
          chc: chc ?? row.chc,
          er: er ?? row.er,
          signatories: signatories ?? row.signatories,
          observers: observers ?? row.observers,
        });
      }
    }
    if (changed.length > 0) {
      await q.query(
        `UPDATE "events" e
            SET "create_arguments" = v.ca::json, "choice_argument" = v.chc::json, "exercise_result" = v.er::json,
                "signatories" = ${partiesOf('v.signatories')}, "observers" = ${partiesOf('v.observers')}
           FROM unnest($1::bigint[], $2::integer[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
                AS v(r, n, m, ca, chc, er, signatories, observers)
          WHERE e."update_row_id" = v.r AND e."node_id" = v.n AND e."migration_id" = v.m`,
        [
          changed.map((c) => c.r),
          changed.map((c) => c.n),
          changed.map((c) => c.m),
          changed.map((c) => c.ca),
          changed.map((c) => c.chc),
          changed.map((c) => c.er),
          changed.map((c) => partiesText(c.signatories)),
          changed.map((c) => partiesText(c.observers)),
        ],
      );
      rewritten += changed.length;
    }
    const last = rows[rows.length - 1];
    after = [last.r, last.n];
  }
}

interface ContractBatchRow {
  r: string;
  m: string;
  ca: string | null;
  pc: string;
  signatories: string[];
  observers: string[];
}

/**
 * Re-renders the contracts' compact payloads from their creating events' (converted) arguments
 * and sorts their parties; returns the number of rows rewritten.
 */
export async function convertContracts(q: QueryRunner, batchRows: number): Promise<number> {
  let rewritten = 0;
  let after = '-1';
  for (;;) {
    const rows = (await q.query(
      `SELECT c."row_id"::text AS r, c."migration_id"::text AS m, c."payload_compact"::text AS pc,
              c."signatories", c."observers",
              (SELECT e."create_arguments"::text FROM "events" e
                WHERE e."migration_id" = c."migration_id" AND e."update_row_id" = c."created_update_row_id"
                  AND e."node_id" = c."created_node_id") AS ca
         FROM "contracts" c
        WHERE c."row_id" > $1::bigint
        ORDER BY c."row_id"
        LIMIT $2`,
      [after, batchRows],
    )) as ContractBatchRow[];
    if (rows.length === 0) return rewritten;
    const changed: { r: string; m: string; pc: string; signatories: string[]; observers: string[] }[] = [];
    for (const row of rows) {
      if (row.ca === null)
        throw new Error(
          `contracts(row_id=${row.r}): no creating event with arguments to render its compact payload from`,
        );
      const pc = JSON.stringify(toCompact(JSON.parse(row.ca) as DamlValue, 'scan'));
      const signatories = sortedOrUndefined(row.signatories);
      const observers = sortedOrUndefined(row.observers);
      if (pc !== row.pc || signatories !== undefined || observers !== undefined)
        changed.push({
          r: row.r,
          m: row.m,
          pc,
          signatories: signatories ?? row.signatories,
          observers: observers ?? row.observers,
        });
    }
    if (changed.length > 0) {
      await q.query(
        `UPDATE "contracts" c
            SET "payload_compact" = v.pc::json,
                "signatories" = ${partiesOf('v.signatories')}, "observers" = ${partiesOf('v.observers')}
           FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[]) AS v(r, m, pc, signatories, observers)
          WHERE c."row_id" = v.r AND c."migration_id" = v.m`,
        [
          changed.map((c) => c.r),
          changed.map((c) => c.m),
          changed.map((c) => c.pc),
          changed.map((c) => partiesText(c.signatories)),
          changed.map((c) => partiesText(c.observers)),
        ],
      );
      rewritten += changed.length;
    }
    after = rows[rows.length - 1].r;
  }
}

/**
 * The proto3 JSON text of a stored payload, or undefined when it needs no rewrite (null, or in
 * proto3 JSON already). Throws naming `where` when it is in neither form.
 */
function convertedText(text: string | null, where: string): string | undefined {
  if (text === null) return undefined;
  const parsed: unknown = JSON.parse(text);
  if (isDamlValue(parsed)) return undefined;
  return JSON.stringify(fromLegacyDialect(parsed, where));
}

/** `parties` sorted as the writer sorts them (UTF-16 code units), or undefined when they are already. */
function sortedOrUndefined(parties: string[] | null): string[] | undefined {
  if (parties === null) return undefined;
  for (let i = 1; i < parties.length; i++) if (parties[i - 1] > parties[i]) return [...parties].sort();
  return undefined;
}

// Party lists travel as JSON text (unnest would flatten a text[][] parameter), kept in order.
function partiesText(parties: string[] | null): string | null {
  return parties === null ? null : JSON.stringify(parties);
}

function partiesOf(column: string): string {
  return `CASE WHEN ${column} IS NULL THEN NULL
               ELSE ARRAY(SELECT p FROM json_array_elements_text(${column}::json) WITH ORDINALITY AS t(p, i) ORDER BY i) END`;
}
