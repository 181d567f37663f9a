import type { QueryRunner } from 'typeorm';
import { isDamlValue } from '../../daml-value/daml-value.validation';
import { fromLegacyDialect } from '../../daml-value/legacy-dialect';
import { canonicalJson, sha256Hex } from '../../history/canonical-json';
import { encodeScanOffset } from '../../history/scan-offset';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';

/*
 * The second part of ProtobufJsonPayloads1795450000000 (1795450000000-protobuf-json-payloads.ts):
 * once the payloads are converted, each update's content hash is recomputed over its proto3 JSON
 * form, where the update as it was appended can be rebuilt from its rows and verified first.
 */

interface UpdateHashRow {
  r: string;
  update_id: string;
  m: string;
  kind: 'transaction' | 'assignment' | 'unassignment';
  is_import: boolean;
  record_time: string;
  effective_at: string | null;
  synchronizer_id: string;
  workflow_id: string;
  command_id: string;
  ledger_offset: string | null;
  external_transaction_hash: string | null;
  root_node_ids: number[] | null;
  submitter: string | null;
  source_synchronizer: string | null;
  target_synchronizer: string | null;
  unassign_id: string | null;
  reassignment_counter: string | null;
  reassigned_contract_id: string | null;
  content_hash: string;
}

interface EventHashRow {
  r: string;
  n: number;
  event_type: 'created' | 'exercised';
  contract_id: string;
  template_id: string;
  package_name: string;
  ca: string | null;
  created_at: string | null;
  signatories: string[] | null;
  observers: string[] | null;
  choice: string | null;
  chc: string | null;
  er: string | null;
  consuming: boolean | null;
  acting_parties: string[] | null;
  interface_id: string | null;
  child_node_ids: number[] | null;
  /** The blob stored for the contract a created event creates (supplied by the history), if any. */
  blob: string | null;
}

/** Six fraction digits, as the history file writes times. */
const ISO_MICROS = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** What `rehashUpdates` did: updates rehashed, and those whose rebuilt text did not verify. */
export interface RehashCounts {
  rehashed: number;
  unverified: number;
}

/**
 * Sets each update's content hash to that of the update with its payloads in proto3 JSON, where
 * the update as appended can be rebuilt from the rows and verified against the stored hash.
 */
export async function rehashUpdates(q: QueryRunner, batchRows: number): Promise<RehashCounts> {
  const counts: RehashCounts = { rehashed: 0, unverified: 0 };
  // A store a later migration (TemplateIds) gave a templates dictionary holds an event's template
  // id and package name there: read as the columns they replaced, the same values.
  const [{ dictionary }] = (await q.query(
    `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'events' AND column_name = 'template_ref') AS dictionary`,
  )) as { dictionary: boolean }[];
  const templateColumns = dictionary
    ? `(SELECT t."package_id" || ':' || t."module_name" || ':' || t."entity_name" FROM "templates" t WHERE t."id" = e."template_ref") AS "template_id",
       (SELECT t."package_name" FROM "templates" t WHERE t."id" = e."template_ref") AS "package_name"`
    : `"template_id", "package_name"`;
  let after = '-1';
  for (;;) {
    const updates = (await q.query(
      `SELECT "row_id"::text AS r, "update_id", "migration_id"::text AS m, "kind", "is_import",
              ${ISO_MICROS('"record_time"')} AS record_time, ${ISO_MICROS('"effective_at"')} AS effective_at,
              "synchronizer_id", "workflow_id", "command_id", "ledger_offset"::text AS ledger_offset,
              "external_transaction_hash", "root_node_ids", "submitter", "source_synchronizer",
              "target_synchronizer", "unassign_id", "reassignment_counter"::text AS reassignment_counter,
              "reassigned_contract_id", "content_hash"
         FROM "updates" WHERE "row_id" > $1::bigint ORDER BY "row_id" LIMIT $2`,
      [after, batchRows],
    )) as UpdateHashRow[];
    if (updates.length === 0) return counts;
    const eventRows = (await q.query(
      `SELECT "update_row_id"::text AS r, "node_id" AS n, "event_type", "contract_id", ${templateColumns},
              "create_arguments"::text AS ca, ${ISO_MICROS('"created_at"')} AS created_at, "signatories", "observers",
              "choice", "choice_argument"::text AS chc, "exercise_result"::text AS er, "consuming",
              "acting_parties", "interface_id", "child_node_ids",
              CASE WHEN e."event_type" = 'created' THEN
                (SELECT c."created_event_blob" FROM "contracts" c
                  WHERE c."migration_id" = e."migration_id" AND c."contract_id" = e."contract_id") END AS blob
         FROM "events" e WHERE "update_row_id" = ANY($1::bigint[]) ORDER BY "update_row_id", "node_id"`,
      [updates.map((u) => u.r)],
    )) as EventHashRow[];
    const eventsOf = new Map<string, EventHashRow[]>();
    for (const e of eventRows) {
      const list = eventsOf.get(e.r);
      if (list === undefined) eventsOf.set(e.r, [e]);
      else list.push(e);
    }
    const changed: { r: string; m: string; hash: string }[] = [];
    for (const u of updates) {
      const events = eventsOf.get(u.r) ?? [];
      const appended = APPENDED_FORMS.map((form) => historyItemOf(u, events, form)).find(
        (item) => sha256Hex(canonicalJson(item)) === u.content_hash,
      );
      if (appended === undefined) {
        counts.unverified++;
        continue;
      }
      const hash = sha256Hex(canonicalJson(withProtobufJsonPayloads(appended, u.update_id)));
      if (hash !== u.content_hash) changed.push({ r: u.r, m: u.m, hash });
    }
    if (changed.length > 0) {
      await q.query(
        `UPDATE "updates" u SET "content_hash" = v.hash
           FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS v(r, m, hash)
          WHERE u."row_id" = v.r AND u."migration_id" = v.m`,
        [changed.map((c) => c.r), changed.map((c) => c.m), changed.map((c) => c.hash)],
      );
      counts.rehashed += changed.length;
    }
    after = updates[updates.length - 1].r;
  }
}

/**
 * The forms in which the previous releases appended updates, tried in turn: a history file's
 * (the scan v2 item with lossless payloads, as `simulate` writes it); the same with the created
 * events' blobs (a history that supplies them, and the ledger-fed mirror); and the scan mirror's
 * (the item a peer served: no `command_id`, which scans do not serve; an import update's record
 * time as served, with six fraction digits; blobs stored apart).
 */
const APPENDED_FORMS = ['history-file', 'history-file-with-blobs', 'mirrored'] as const;

type AppendedForm = (typeof APPENDED_FORMS)[number];

/** The update as it was appended in `form`, from its rows. */
function historyItemOf(
  u: UpdateHashRow,
  events: EventHashRow[],
  form: AppendedForm,
): Record<string, unknown> {
  const offset = u.ledger_offset === null ? '' : encodeScanOffset(BigInt(u.ledger_offset));
  const eventId = (node: number) => `${u.update_id}:${node}`;
  if (u.kind === 'transaction') {
    const item: Record<string, unknown> = {
      update_id: u.update_id,
      migration_id: Number(u.m),
      workflow_id: u.workflow_id,
      record_time: u.is_import && form !== 'mirrored' ? IMPORT_RECORD_TIME : u.record_time,
      synchronizer_id: u.synchronizer_id,
      effective_at: u.effective_at,
      offset,
      root_event_ids: (u.root_node_ids ?? []).map(eventId),
      events_by_id: Object.fromEntries(events.map((e) => [eventId(e.n), eventItemOf(e, eventId, form)])),
    };
    if (form !== 'mirrored') item.command_id = u.command_id;
    if (u.external_transaction_hash !== null) item.external_transaction_hash = u.external_transaction_hash;
    return item;
  }
  const event: Record<string, unknown> = {
    submitter: u.submitter,
    source_synchronizer: u.source_synchronizer,
    target_synchronizer: u.target_synchronizer,
    migration_id: Number(u.m),
    unassign_id: u.unassign_id,
    reassignment_counter: Number(u.reassignment_counter),
  };
  if (u.kind === 'unassignment') event.contract_id = u.reassigned_contract_id;
  else if (events.length > 0) event.created_event = eventItemOf(events[0], eventId, form);
  return { update_id: u.update_id, offset, record_time: u.record_time, event };
}

function eventItemOf(
  e: EventHashRow,
  eventId: (node: number) => string,
  form: AppendedForm,
): Record<string, unknown> {
  const common = {
    event_id: eventId(e.n),
    contract_id: e.contract_id,
    template_id: e.template_id,
    package_name: e.package_name,
  };
  if (e.event_type === 'created') {
    const item: Record<string, unknown> = {
      event_type: 'created_event',
      ...common,
      create_arguments: parsedOrNull(e.ca),
      created_at: e.created_at,
      signatories: e.signatories,
      observers: e.observers,
    };
    if (form === 'history-file-with-blobs' && e.blob !== null) item.created_event_blob = e.blob;
    return item;
  }
  const item: Record<string, unknown> = {
    event_type: 'exercised_event',
    ...common,
    choice: e.choice,
    choice_argument: parsedOrNull(e.chc),
    child_event_ids: (e.child_node_ids ?? []).map(eventId),
    exercise_result: parsedOrNull(e.er),
    consuming: e.consuming,
    acting_parties: e.acting_parties,
  };
  if (e.interface_id !== null) item.interface_id = e.interface_id;
  return item;
}

function parsedOrNull(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

/** `item` with every payload member in proto3 JSON (converted from the dialect where it is not). */
function withProtobufJsonPayloads(item: unknown, where: string): unknown {
  if (Array.isArray(item)) return item.map((x) => withProtobufJsonPayloads(x, where));
  if (typeof item !== 'object' || item === null) return item;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    out[key] =
      (key === 'create_arguments' || key === 'choice_argument' || key === 'exercise_result') &&
      value !== null &&
      !isDamlValue(value)
        ? fromLegacyDialect(value, `update ${where} ${key}`)
        : withProtobufJsonPayloads(value, where);
  }
  return out;
}
