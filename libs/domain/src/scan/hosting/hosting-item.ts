import { canonicalTimestamp } from '../../database/timestamps';
import { rejectUpdate } from '../../history/update-validation';

/**
 * What a scan learns from its synchronizer's topology rather than from the update history: which
 * participants host a party on a synchronizer (Canton's PartyToParticipant mapping), from the
 * time the mapping took effect. A history file carries it as a line of its own, next to the
 * update and verdict lines (an older file simply has none); the write path stores it with the
 * batch it comes in (docs/hosting.md). An empty `participant_ids` says the party is hosted
 * nowhere on that synchronizer from then on.
 */
export interface HistoryHostingItem {
  party_to_participant: {
    synchronizer_id: string;
    migration_id: number;
    /** When the mapping took effect (ISO-8601 UTC). */
    record_time: string;
    party_id: string;
    /** `PAR::<uid>` of each hosting participant. */
    participant_ids: string[];
  };
}

/** A line of a history file, or an item of the write path: a hosting item (not an update, not a verdict). */
export function isHostingItem(item: unknown): item is HistoryHostingItem {
  return (
    typeof item === 'object' &&
    item !== null &&
    'party_to_participant' in item &&
    !('update_id' in item) &&
    !('verdict' in item)
  );
}

/** A hosting item checked and turned into the row it is stored as (party_hosting). */
export interface HostingRow {
  synchronizer_id: string;
  party_id: string;
  migration_id: number;
  /** Canonical microsecond UTC. */
  record_time: string;
  participant_ids: string[];
  /** `history` (the history's own item) or `peers` (copied by a mirror; `LedgerWriterOptions.hostingItems`). */
  source: 'history' | 'peers';
}

const PARTY = /^[^:]+::[0-9a-f]+$/;
const PARTICIPANT = /^PAR::[^:]+::[0-9a-f]+$/;

/** Checks a hosting item (InconsistentHistory naming the party and the offending field) and returns its row. */
export function parseHostingItem(item: unknown, index: number): HostingRow {
  const m = (item as Partial<HistoryHostingItem>).party_to_participant as
    Partial<HistoryHostingItem['party_to_participant']> | null | undefined;
  if (typeof m !== 'object' || m === null)
    throw rejectUpdate(`#${index}`, 'party_to_participant must be an object');
  const id = typeof m.party_id === 'string' && m.party_id !== '' ? m.party_id : `#${index}`;
  const need = (ok: boolean, message: string) => {
    if (!ok) throw rejectUpdate(id, `hosting item: ${message}`);
  };
  need(typeof m.party_id === 'string' && PARTY.test(m.party_id), 'party_id must be a party id');
  need(
    typeof m.synchronizer_id === 'string' && m.synchronizer_id !== '',
    'synchronizer_id must be a non-empty string',
  );
  need(
    Number.isSafeInteger(m.migration_id) && m.migration_id! >= 0,
    'migration_id must be a non-negative integer',
  );
  const recordTime = typeof m.record_time === 'string' ? canonicalTimestamp(m.record_time) : undefined;
  need(recordTime !== undefined, 'record_time must be an ISO-8601 timestamp');
  need(
    Array.isArray(m.participant_ids) &&
      m.participant_ids.every((p) => typeof p === 'string' && PARTICIPANT.test(p)) &&
      new Set(m.participant_ids).size === m.participant_ids.length,
    'participant_ids must be distinct participant ids (PAR::<name>::<fingerprint>)',
  );
  return {
    synchronizer_id: m.synchronizer_id!,
    party_id: m.party_id!,
    migration_id: m.migration_id!,
    record_time: recordTime!,
    participant_ids: m.participant_ids!,
    source: 'history',
  };
}
