import type { scanApi } from '@canton-scan/contracts';
import { canonicalTimestamp } from '../../database/timestamps';
import { notFound, verdictsNotHeld } from '../../errors/domain-error';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';
import { JsonText } from '../../wire/json-text';
import { requireRequestTime } from '../time/request-time';
import { itemTexts, updateText } from '../updates/update-history.mapper';
import { UpdateHistoryRepository, type UpdateTreeRow } from '../updates/update-history.repository';
import { EventHistoryRepository } from './event-history.repository';

const IMPORT_TIME = canonicalTimestamp(IMPORT_RECORD_TIME)!;

/** An event's JSON text: its update (v2 list form) and verdict, null when absent, then what comes with a verdict. */
function eventText(
  update: string | undefined,
  verdict:
    | { verdict: string | null; traffic_summary: string | null; app_activity_records: string | null }
    | undefined,
): string {
  let text = `{"update":${update ?? 'null'},"verdict":${verdict?.verdict ?? 'null'}`;
  if (verdict?.traffic_summary) text += `,"traffic_summary":${verdict.traffic_summary}`;
  if (verdict?.app_activity_records) text += `,"app_activity_records":${verdict.app_activity_records}`;
  return `${text}}`;
}

/**
 * Scan's `/v0/events` (docs/events.md): the update history merged with the synchronizer's
 * verdicts by `(migration id, record time)`. Updates are rendered as `POST /v2/updates` lists
 * them; verdicts, traffic summaries and app activity records as they were received.
 */
export class EventHistoryService {
  constructor(
    private readonly events: EventHistoryRepository,
    private readonly updates: UpdateHistoryRepository,
  ) {}

  /**
   * A page of events strictly after `after`, ascending. VerdictsNotHeld when the store holds a
   * migration from `after` on without its verdicts (a mirror): a page without them would pass
   * for one of transactions no verdict was ever given for.
   */
  async listEvents(request: scanApi.EventHistoryRequest): Promise<JsonText<scanApi.EventHistoryResponse>> {
    let after: { migrationId: number; recordTime: string } | undefined;
    if (request.after) {
      const time = requireRequestTime('after.after_record_time', request.after.after_record_time).floor;
      after = {
        migrationId: request.after.after_migration_id,
        recordTime: time < IMPORT_TIME ? IMPORT_TIME : time,
      };
    }
    if (!(await this.events.verdictsHeldFrom(after?.migrationId ?? 0))) throw verdictsNotHeld('/v0/events');
    const lossless = request.daml_value_encoding === 'protobuf_json';
    // The rows come merged and in event order; each event's rows are contiguous.
    const items = await this.events.pageText(after, request.page_size, lossless, (rows) => {
      const first = rows[0];
      const update = first.row_id === null ? undefined : updateText(rows as readonly UpdateTreeRow[], 'v2');
      return eventText(update, first);
    });
    return new JsonText(`{"events":[${items}]}`);
  }

  /**
   * The event of one update id: the update (v2 list form) and the verdict on it; NotFound when
   * neither is stored, VerdictsNotHeld when the store holds that update's migration (or, for an
   * id it does not know, any migration) without verdicts.
   */
  async getEvent(
    updateId: string,
    query: { daml_value_encoding?: 'compact_json' | 'protobuf_json' },
  ): Promise<JsonText<scanApi.EventHistoryItem>> {
    const [rows, verdict] = await Promise.all([
      this.updates.findRowsById(updateId, query.daml_value_encoding === 'protobuf_json'),
      this.events.lookupVerdict(updateId),
    ]);
    const [update] = itemTexts(rows, 'v2');
    if (!verdict) {
      const migration = update ? Number(update.migrationId) : 0;
      const held = update
        ? await this.events.verdictsHeldOf(migration)
        : await this.events.verdictsHeldFrom(0);
      if (!held) throw verdictsNotHeld(`/v0/events/${updateId}`);
      if (!update) throw notFound(`Event with id ${updateId} not found`);
    }
    return new JsonText(eventText(update?.text, verdict));
  }
}
