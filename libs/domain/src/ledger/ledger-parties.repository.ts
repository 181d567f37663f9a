import type { Db } from '../database/db';

/** The parties of an event: its stakeholders and acting parties (the expression ix_events_parties indexes). */
const EVENT_PARTIES = `e.stakeholders || coalesce(e.acting_parties, '{}'::text[])`;

/**
 * The parties the recorded history knows: every stakeholder or acting party of a recorded event.
 * Nothing is stored per party; the reads go over the events.
 */
export class LedgerPartiesRepository {
  constructor(readonly db: Db) {}

  /**
   * Known parties after `afterExclusive` in party order, at most `limit`. Without `among`, one
   * pass over the events' parties (DISTINCT on their unnest); with `among` (the parties a user
   * may read as), each candidate is probed in ix_events_parties (GIN).
   */
  async listKnownParties(request: {
    afterExclusive: string;
    limit: number;
    among?: readonly string[];
  }): Promise<string[]> {
    const rows: { party: string }[] =
      request.among === undefined
        ? await this.db.query(
            `SELECT DISTINCT p.party
               FROM events e CROSS JOIN LATERAL unnest(${EVENT_PARTIES}) AS p(party)
              WHERE p.party > $1
              ORDER BY p.party
              LIMIT $2`,
            [request.afterExclusive, request.limit],
          )
        : await this.db.query(
            `SELECT c.party FROM unnest($3::text[]) AS c(party)
              WHERE c.party > $1
                AND EXISTS (SELECT 1 FROM events e WHERE ${EVENT_PARTIES} @> ARRAY[c.party])
              ORDER BY c.party
              LIMIT $2`,
            [request.afterExclusive, request.limit, [...request.among]],
          );
    return rows.map((r) => r.party);
  }

  /** Which of `parties` the history knows (probes of ix_events_parties). */
  async knownAmong(parties: readonly string[]): Promise<string[]> {
    const rows: { party: string }[] = await this.db.query(
      `SELECT c.party FROM unnest($1::text[]) AS c(party)
        WHERE EXISTS (SELECT 1 FROM events e WHERE ${EVENT_PARTIES} @> ARRAY[c.party])
        ORDER BY c.party`,
      [[...parties]],
    );
    return rows.map((r) => r.party);
  }

  /** The package ids of the templates of recorded events, sorted (one pass over the events). */
  async listPackageIds(): Promise<string[]> {
    const rows: { package_id: string }[] = await this.db.query(
      `SELECT DISTINCT split_part(e.template_id, ':', 1) AS package_id FROM events e ORDER BY 1`,
    );
    return rows.map((r) => r.package_id);
  }

  /** Whether a recorded event's template is of the package. */
  async hasPackage(packageId: string): Promise<boolean> {
    const [row]: { known: boolean }[] = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM events e WHERE split_part(e.template_id, ':', 1) = $1) AS known`,
      [packageId],
    );
    return row.known;
  }
}
