import type { scanApi } from '@canton-scan/contracts';
import { canonicalTimestamp } from '../../database/timestamps';
import { notFound, verdictsNotHeld } from '../../errors/domain-error';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';
import { JsonText } from '../../wire/json-text';
import { requireRequestTime } from '../time/request-time';
import { itemTexts } from '../updates/update-history.mapper';
import { UpdateHistoryRepository } from '../updates/update-history.repository';
import { EventHistoryRepository, type VerdictTextRow } from './event-history.repository';

const IMPORT_TIME = canonicalTimestamp(IMPORT_RECORD_TIME)!;

/** An event's JSON text: its update (v2 list form) and verdict, null when absent, then what comes with a verdict. */
function eventText(update: string | undefined, verdict: VerdictTextRow | undefined): string {
  let text = `{"update":${update ?? 'null'},"verdict":${verdict?.verdict ?? 'null'}`;
  if (verdict?.traffic_summary) text += `,"traffic_summary":${verdict.traffic_summary}`;
  if (verdict?.app_activity_records) text += `,"app_activity_records":${verdict.app_activity_records}`;
  return `${text}}`;
}

const keyOf = (migrationId: string, recordTime: string) => `${migrationId} ${recordTime}`;

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
    const shape = await this.events.pageShape(after, request.page_size);
    if (shape.last_migration_id === null || shape.last_record_time === null)
      return new JsonText('{"events":[]}');
    const last = { migrationId: shape.last_migration_id, recordTime: shape.last_record_time };
    const [updateRows, verdicts] = await Promise.all([
      shape.updates > 0 ? this.updates.findListPageRows(after, shape.updates, lossless) : Promise.resolve([]),
      shape.verdicts > 0 ? this.events.verdictsIn(after, last) : Promise.resolve([]),
    ]);
    const byKey = new Map<string, { update?: string; verdict?: VerdictTextRow }>();
    for (const u of itemTexts(updateRows, 'v2'))
      byKey.set(keyOf(u.migrationId, u.recordTime), { update: u.text });
    for (const v of verdicts) {
      const key = keyOf(v.migration_id, v.record_time);
      byKey.set(key, { ...byKey.get(key), verdict: v });
    }
    const keys = [...byKey.keys()].sort(compareKeys).slice(0, request.page_size);
    const items = keys.map((k) => eventText(byKey.get(k)!.update, byKey.get(k)!.verdict));
    return new JsonText(`{"events":[${items.join(',')}]}`);
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

/** `migration record-time` keys: migration ids compared as numbers, then the (fixed-width) times as text. */
function compareKeys(a: string, b: string): number {
  const [ma, ta] = a.split(' ');
  const [mb, tb] = b.split(' ');
  const m = Number(ma) - Number(mb);
  if (m !== 0) return m;
  return ta < tb ? -1 : ta > tb ? 1 : 0;
}
