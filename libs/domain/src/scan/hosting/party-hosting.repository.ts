import type { Queryable } from '../../database/db';

/** What the store knows of a party's hosting on a synchronizer. */
export interface HostingLookup {
  /** The participants of the newest mapping of the party on the synchronizer; undefined when none is stored. */
  participantIds: string[] | undefined;
  /** Some mapping of that synchronizer is stored. */
  synchronizerHasHosting: boolean;
  /** The store carries the party-to-participant topology of the newest migration it holds (`hosting_held`). */
  hostingHeld: boolean;
  /** The store takes hosting from peer scans (a mirror; `synchronizer_state_sources`). */
  copiedFromPeers: boolean;
}

/**
 * Reads party_hosting (pk_party_hosting: the newest mapping of a party on a synchronizer is the
 * first row of a backward index scan; whether the synchronizer has any, a probe of its prefix)
 * and history_migrations (whether the store carries the topology at all: `hosting_held`); never writes.
 */
export class PartyHostingRepository {
  constructor(private readonly db: Queryable) {}

  async lookup(synchronizerId: string, partyId: string): Promise<HostingLookup> {
    const [row]: {
      participant_ids: string[] | null;
      sync_hosting: boolean;
      hosting_held: boolean;
      copied: boolean;
    }[] = await this.db.query(
      `SELECT (SELECT h.participant_ids FROM party_hosting h
                WHERE h.synchronizer_id = $1 AND h.party_id = $2 ORDER BY h.record_time DESC LIMIT 1) AS participant_ids,
              EXISTS (SELECT 1 FROM party_hosting h WHERE h.synchronizer_id = $1) AS sync_hosting,
              coalesce((SELECT m.hosting_held FROM history_migrations m ORDER BY m.migration_id DESC LIMIT 1), true) AS hosting_held,
              EXISTS (SELECT 1 FROM synchronizer_state_sources s WHERE s.kind = 'party_hosting') AS copied`,
      [synchronizerId, partyId],
    );
    return {
      participantIds: row.participant_ids ?? undefined,
      synchronizerHasHosting: row.sync_hosting,
      hostingHeld: row.hosting_held,
      copiedFromPeers: row.copied,
    };
  }
}
