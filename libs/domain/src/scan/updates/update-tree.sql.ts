import { fewestDigitsJsonSql, instantJsonSql, microsJsonSql } from '../../database/timestamp-sql';
import type { StreamedBytes } from '../../database/streamed-bytes';
import { compactOnlyHistory } from '../../errors/domain-error';
import { EVENT_PACKAGE_NAME, EVENT_TEMPLATE_ID, EVENT_TEMPLATE_JOIN } from '../../templates/template-sql';
import { synchronizerNameOf, synchronizerNameOfOne } from '../../synchronizers/synchronizer-sql';

/**
 * The SQL that writes update trees as JSON text (the pieces UpdateHistoryRepository's statements
 * and the event list's are built from): event ids, created and exercised events, transaction and
 * reassignment fields, and the lossless v1 page body.
 */

/** JSON text of a (non-null) string. */
const str = (s: string) => `to_json(${s})::text`;
/**
 * How event ids are written: `<update_id>:<node_id>`, or with the `#` Canton wrote before 3.3,
 * which the deprecated `POST /v0/updates` keeps (docs/offsets-and-ids.md "The v0 update list").
 */
export type EventIdStyle = 'plain' | 'prefixed';
const idPrefix = (style: EventIdStyle) => (style === 'prefixed' ? `'#' || ` : '');
/** The event id of node `node` of update `u`. */
const eventId = (style: EventIdStyle, node = 'e.node_id') =>
  `${idPrefix(style)}u.update_id || ':' || ${node}`;
/** JSON array of event ids of the node ids in array `nodes` (in array order; [] for null). */
const eventIds = (nodes: string, style: EventIdStyle = 'plain') =>
  `to_json(ARRAY(SELECT ${eventId(style, 'x.n')} FROM unnest(${nodes}) WITH ORDINALITY AS x(n, o) ORDER BY x.o))::text`;

// $L (a boolean parameter): lossless payloads, else compact. Created events take their compact
// create arguments from the contract's stored compact payload (c); exercised events' compact
// payloads are derived in Node (the text around them is written here). A compact-only update's
// payloads are served as stored: they are the compact JSON it was given (a lossless read of one
// is refused before it is rendered, UpdateHistoryService).
const createdPre = (
  style: EventIdStyle,
) => `'{"event_type":"created_event","event_id":' || ${str(eventId(style))}
  || ',"contract_id":' || ${str('e.contract_id')} || ',"template_id":' || ${str(EVENT_TEMPLATE_ID)}
  || ',"package_name":' || ${str(EVENT_PACKAGE_NAME)} || ',"create_arguments":'`;
const CREATED_POST = `',"created_at":' || ${fewestDigitsJsonSql('e.created_at')} || ',"signatories":' || to_json(e.signatories)::text
  || ',"observers":' || to_json(e.observers)::text || '}'`;
const exercisedPre = (
  style: EventIdStyle,
) => `'{"event_type":"exercised_event","event_id":' || ${str(eventId(style))}
  || ',"contract_id":' || ${str('e.contract_id')} || ',"template_id":' || ${str(EVENT_TEMPLATE_ID)}
  || ',"package_name":' || ${str(EVENT_PACKAGE_NAME)} || ',"choice":' || ${str('e.choice')} || ',"choice_argument":'`;
const exercisedMid = (style: EventIdStyle) =>
  `',"child_event_ids":' || ${eventIds('e.child_node_ids', style)} || ',"exercise_result":'`;
const EXERCISED_POST = `',"consuming":' || e.consuming::text || ',"acting_parties":' || to_json(e.acting_parties)::text
  || ',"interface_id":' || coalesce(${str('e.interface_id')}, 'null') || '}'`;

/** The update's JSON-quoted scan offset (`""` for import updates; null for a compact-only one). */
const SCAN_OFFSET = `CASE WHEN u.compact_only AND NOT u.is_import THEN NULL WHEN coalesce(u.ledger_offset, 0) = 0 THEN '""' ELSE '"00' || lpad(to_hex(u.ledger_offset), 16, '0') || '"' END`;
/**
 * How many updates a statement reads: `many` reads the synchronizers dictionary once, as an array
 * (`synchronizerNameOf`); `one` (by id, by hash) looks its update's synchronizer up directly, where
 * building the whole array would cost more than the one lookup per row it saves.
 */
export type TreeUpdates = 'one' | 'many';
/** A transaction's `"workflow_id":…,"record_time":…,"synchronizer_id":…,"effective_at":…`. */
const txFields = (
  updates: TreeUpdates,
) => `'"workflow_id":' || coalesce(${str('u.workflow_id')}, 'null') || ',"record_time":' || ${microsJsonSql('u.record_time')}
    || ',"synchronizer_id":' || ${str(updates === 'one' ? synchronizerNameOfOne('u.synchronizer') : synchronizerNameOf('u.synchronizer'))} || ',"effective_at":' || ${instantJsonSql('u.effective_at')}`;
/** A reassignment's event: an unassignment's whole, an assignment's up to its `"created_event":`. */
const REASSIGNMENT_FIELDS = `CASE u.kind
    WHEN 'assignment' THEN '{"submitter":' || ${str('u.submitter')} || ',"source_synchronizer":' || ${str('u.source_synchronizer')}
      || ',"target_synchronizer":' || ${str('u.target_synchronizer')} || ',"migration_id":' || u.migration_id
      || ',"unassign_id":' || ${str('u.unassign_id')} || ',"created_event":'
    WHEN 'unassignment' THEN '{"submitter":' || ${str('u.submitter')} || ',"source_synchronizer":' || ${str('u.source_synchronizer')}
      || ',"migration_id":' || u.migration_id || ',"target_synchronizer":' || ${str('u.target_synchronizer')}
      || ',"unassign_id":' || ${str('u.unassign_id')} || ',"reassignment_counter":' || u.reassignment_counter
      || ',"contract_id":' || ${str('u.reassigned_contract_id')} || '}'
  END`;
/** Event `e`'s whole JSON text; null where Node must make a payload compact (`pre`…`post`). */
const eventText = (lossless: string, style: EventIdStyle) => `CASE e.event_type
    WHEN 'created' THEN ${createdPre(style)} || CASE WHEN ${lossless} OR u.compact_only THEN e.create_arguments::text ELSE c.payload_compact::text END || ${CREATED_POST}
    WHEN 'exercised' THEN CASE WHEN ${lossless} OR u.compact_only THEN ${exercisedPre(style)} || e.choice_argument::text || ${exercisedMid(style)}
      || e.exercise_result::text || ${EXERCISED_POST} END
  END`;

export const tree = (
  lossless: string,
  style: EventIdStyle = 'plain',
  updates: TreeUpdates = 'many',
) => `SELECT u.row_id, u.kind, ${str('u.update_id')} AS update_id, u.migration_id,
  ${microsJsonSql('u.record_time')} AS record_time,
  u.compact_only,
  ${SCAN_OFFSET} AS scan_offset,
  CASE WHEN u.kind = 'transaction' THEN
    ${txFields(updates)} END AS tx_fields,
  CASE WHEN u.kind = 'transaction' THEN ${eventIds('u.root_node_ids', style)} END AS root_event_ids,
  ${str('u.external_transaction_hash')} AS external_transaction_hash,
  ${REASSIGNMENT_FIELDS} AS reassignment_fields, u.reassignment_counter,
  ${str(eventId(style))} AS event_id,
  ${eventText(lossless, style)} AS event,
  CASE WHEN ${viaNode(lossless)} THEN CASE e.event_type WHEN 'created' THEN ${createdPre(style)} ELSE ${exercisedPre(style)} END END AS pre,
  CASE WHEN ${viaNode(lossless)} THEN CASE e.event_type WHEN 'created' THEN e.create_arguments ELSE e.choice_argument END END AS first,
  CASE WHEN ${viaNode(lossless)} THEN CASE e.event_type WHEN 'created' THEN ${CREATED_POST} ELSE ${exercisedMid(style)} END END AS mid,
  CASE WHEN ${viaNode(lossless)} AND e.event_type = 'exercised' THEN e.exercise_result END AS second,
  CASE WHEN ${viaNode(lossless)} THEN CASE e.event_type WHEN 'created' THEN '' ELSE ${EXERCISED_POST} END END AS post`;

/** Whether Node makes the event's payloads compact: compact exercised events, created ones without their contract row. */
const viaNode = (lossless: string) =>
  `(NOT ${lossless} AND NOT u.compact_only AND (e.event_type = 'exercised' OR (e.event_type = 'created' AND c.payload_compact IS NULL)))`;

/**
 * The tree rows of the updates `u` that `from` (ending in `updates u`) selects, with each created
 * event's contract (for its stored compact payload) when payloads are compact; `where` filters
 * and `orderBy` (over `u` and `e`) orders them. `pre`…`post` are selected only where `event` is
 * null (rows parsed in Node carry only the text and, where needed, the payloads).
 */
export const treeStatement = (lossless: string, from: string, where: string, orderBy: string) =>
  `${from} LEFT JOIN events e ON e.update_row_id = u.row_id AND e.migration_id = u.migration_id
  LEFT ${EVENT_TEMPLATE_JOIN}
  LEFT JOIN LATERAL (
    SELECT c.payload_compact FROM contracts c
     WHERE NOT ${lossless} AND NOT u.compact_only AND e.event_type = 'created' AND c.migration_id = u.migration_id AND c.contract_id = e.contract_id
    OFFSET 0) c ON true
  ${where}
  ORDER BY ${orderBy}`;

/** The offset the v1 list gives every transaction (V1_TRANSACTION_OFFSET of the mapper). */
const V1_OFFSET = `'"000000000000000001"'`;

/** The events of update `u` (with their templates), and the lossless text of one, `e`. */
const V1_ITEM_EVENTS = `events e ${EVENT_TEMPLATE_JOIN} WHERE e.update_row_id = u.row_id AND e.migration_id = u.migration_id`;
const V1_ITEM_EVENT = `CASE e.event_type
    WHEN 'created' THEN ${createdPre('plain')} || e.create_arguments::text || ${CREATED_POST}
    WHEN 'exercised' THEN ${exercisedPre('plain')} || e.choice_argument::text || ${exercisedMid('plain')}
      || e.exercise_result::text || ${EXERCISED_POST}
  END`;
/**
 * The item of update `u` as JSON text, lossless, in the v1 form (events in the order of their ids,
 * the v1 offset), as `itemText` (update-history.mapper.ts) writes it from the tree rows. The ids of
 * one update differ only after `<update_id>:`, so their order is that of the node ids' text. Null
 * when an event of it has no text (a row the mapper could not write either), or an assignment has
 * no created event stored. (`OFFSET 0` keeps each event's text written once, not once per
 * aggregate that reads it.)
 */
const LOSSLESS_V1_ITEM = `'{"update_id":' || ${str('u.update_id')} || CASE u.kind
    WHEN 'transaction' THEN ',"migration_id":' || u.migration_id || ',' || ${txFields('many')} || ',"offset":' || ${V1_OFFSET}
      || ',"root_event_ids":' || ${eventIds('u.root_node_ids')} || ',"events_by_id":{'
      || (SELECT CASE WHEN count(*) = count(x.t) THEN coalesce(string_agg(x.t, ',' ORDER BY x.k), '') END
            FROM (SELECT ${str(eventId('plain'))} || ':' || ${V1_ITEM_EVENT} AS t, e.node_id::text COLLATE "C" AS k
                    FROM ${V1_ITEM_EVENTS} OFFSET 0) x)
      || '}' || coalesce(',"external_transaction_hash":' || ${str('u.external_transaction_hash')}, '') || '}'
    WHEN 'assignment' THEN ',"offset":' || ${SCAN_OFFSET} || ',"record_time":' || ${microsJsonSql('u.record_time')}
      || ',"event":' || ${REASSIGNMENT_FIELDS} || (SELECT ${V1_ITEM_EVENT} FROM ${V1_ITEM_EVENTS} ORDER BY e.node_id LIMIT 1)
      || ',"reassignment_counter":' || u.reassignment_counter || '}}'
    WHEN 'unassignment' THEN ',"offset":' || ${SCAN_OFFSET} || ',"record_time":' || ${microsJsonSql('u.record_time')}
      || ',"event":' || ${REASSIGNMENT_FIELDS} || '}'
  END`;

/**
 * A lossless page's whole response body, `{"transactions":[…]}` of v1 items, as one text value
 * PostgreSQL writes (read with `Db.textStream`: the bytes go on to the client undecoded, as they arrive). `page`
 * selects the page's updates `u` in page order (an index order with a LIMIT, so that each item's
 * text is written only for the page's rows and no sort holds them). The value is instead the
 * JSON-quoted id of the page's first compact-only update, when it holds one (its payloads have no
 * lossless form: the caller refuses the page, `requireLosslessBody`), and null when an item cannot
 * be written (an error for the caller, as the mapper throws). `OFFSET 0` keeps `r` a subquery:
 * pulled up, each use of `items` would write the page again.
 */
export const losslessV1PageBody = (page: (columns: string) => string) => `SELECT CASE
    WHEN r.refused IS NOT NULL THEN r.refused
    WHEN array_position(r.items, NULL) IS NOT NULL THEN NULL
    ELSE '{"transactions":[' || array_to_string(r.items, ',') || ']}' END
  FROM (SELECT ARRAY(${page(LOSSLESS_V1_ITEM)}) AS items,
               (SELECT p.id FROM (${page(`u.compact_only, ${str('u.update_id')} AS id`)}) p WHERE p.compact_only LIMIT 1) AS refused
        OFFSET 0) r`;

/**
 * Refuses a lossless page body that names a compact-only update instead (losslessV1PageBody):
 * CompactOnlyHistory, naming it.
 */
export async function requireLosslessBody(body: StreamedBytes): Promise<StreamedBytes> {
  if (body.firstByte === 0x22)
    throw compactOnlyHistory(JSON.parse((await body.all()).toString('utf8')) as string);
  return body;
}

/** The tree columns and joins, for statements that read update trees beside other rows (the event list). */
export { tree as updateTreeColumns, treeStatement as updateTreeStatement };
