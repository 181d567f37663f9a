import type { Db } from '../database/db';

/** What the mirror knows of one peer scan (optional fields absent while unknown). */
export interface MirrorPeerStatus {
  url: string;
  /** When the peer last answered a call (ISO). */
  lastPollAt?: string;
  /** The migration and its newest record time the peer last reported (migration-info). */
  migrationId?: number;
  newestRecordTime?: string;
  /** Whether its last answer compared with the others' matched the quorum's. */
  agrees?: boolean;
  lastDisagreementAt?: string;
  lastDisagreement?: string;
  /** Calls failed (after their retries) since it last answered. */
  consecutiveFailures: number;
  lastError?: string;
  lastErrorAt?: string;
}

/** The mirror's status as it writes it: every configured peer, and its own position. */
export interface MirrorStatusRecord {
  peers: readonly MirrorPeerStatus[];
  migrationId: number;
  /** Newest regular record time the mirror stored for `migrationId`. */
  lastRecordTime?: string;
  /** Seconds from `lastRecordTime` to the peers' newest record time (see the mirror's `lagSeconds`). */
  lagSeconds?: number;
}

/**
 * Replaces the mirror's status (table `mirror_peer_status`) in one statement: the configured
 * peers' rows are upserted by URL, the rows of peers no longer configured are deleted. The two
 * touch disjoint rows, so one statement does both.
 */
const REPLACE = `
  WITH gone AS (DELETE FROM mirror_peer_status WHERE NOT (peer_url = ANY ($1::text[])))
  INSERT INTO mirror_peer_status AS s (
    peer_url, last_poll_at, migration_id, newest_record_time, agrees, last_disagreement_at,
    last_disagreement, consecutive_failures, last_error, last_error_at,
    mirror_migration_id, mirror_record_time, mirror_lag_seconds, updated_at)
  SELECT p.url, p."lastPollAt", p."migrationId", p."newestRecordTime", p.agrees, p."lastDisagreementAt",
         p."lastDisagreement", p."consecutiveFailures", p."lastError", p."lastErrorAt",
         $3::bigint, $4::timestamptz, $5::double precision, now()
    FROM json_to_recordset($2::json) AS p(
      url text, "lastPollAt" timestamptz, "migrationId" bigint, "newestRecordTime" timestamptz,
      agrees boolean, "lastDisagreementAt" timestamptz, "lastDisagreement" text,
      "consecutiveFailures" integer, "lastError" text, "lastErrorAt" timestamptz)
  ON CONFLICT (peer_url) DO UPDATE SET
    last_poll_at = EXCLUDED.last_poll_at, migration_id = EXCLUDED.migration_id,
    newest_record_time = EXCLUDED.newest_record_time, agrees = EXCLUDED.agrees,
    last_disagreement_at = EXCLUDED.last_disagreement_at, last_disagreement = EXCLUDED.last_disagreement,
    consecutive_failures = EXCLUDED.consecutive_failures, last_error = EXCLUDED.last_error,
    last_error_at = EXCLUDED.last_error_at, mirror_migration_id = EXCLUDED.mirror_migration_id,
    mirror_record_time = EXCLUDED.mirror_record_time, mirror_lag_seconds = EXCLUDED.mirror_lag_seconds,
    updated_at = EXCLUDED.updated_at`;

/** The scan mirror's writes of its status (read by `MirrorStatusRepository` of the explorer). */
export class MirrorPeerStatusRepository {
  constructor(private readonly db: Db) {}

  async write(status: MirrorStatusRecord): Promise<void> {
    await this.db.query(REPLACE, [
      status.peers.map((p) => p.url),
      JSON.stringify(status.peers),
      status.migrationId,
      status.lastRecordTime ?? null,
      status.lagSeconds ?? null,
    ]);
  }

  /**
   * A disagreement found outside the mirror's passes (the registry's blob fetch): the peer's row,
   * if the mirror wrote one, shows it until the mirror's next write states its own comparisons.
   */
  async noteDisagreement(url: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE mirror_peer_status SET agrees = false, last_disagreement = $2, last_disagreement_at = now()
        WHERE peer_url = $1`,
      [url, reason],
    );
  }
}
