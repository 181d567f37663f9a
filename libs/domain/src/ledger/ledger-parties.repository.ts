import type { Db } from '../database/db';
import { EVENT_PARTY_IDS } from '../parties/party-sql';

/**
 * The parties the recorded history knows: every stakeholder or acting party of a recorded event
 * (the party dictionary's names that an event's party ids hold; every party an event names is in
 * the dictionary, so a party the dictionary lacks is unknown).
 */
export class LedgerPartiesRepository {
  constructor(readonly db: Db) {}

  /**
   * Known parties after `afterExclusive` in party order, at most `limit`: the dictionary's
   * parties from the cursor on (ux_parties_party), or those of `among` (the parties a user may
   * read as), that an event names, each probed in ix_events_parties (GIN). (The dictionary may
   * hold a party of a batch whose write failed, which no event names.)
   */
  async listKnownParties(request: {
    afterExclusive: string;
    limit: number;
    among?: readonly string[];
  }): Promise<string[]> {
    const rows: { party: string }[] =
      request.among === undefined
        ? await this.db.query(
            `SELECT d.party FROM parties d
              WHERE d.party > $1
                AND EXISTS (SELECT 1 FROM events e WHERE ${EVENT_PARTY_IDS} @> ARRAY[d.id])
              ORDER BY d.party
              LIMIT $2`,
            [request.afterExclusive, request.limit],
          )
        : await this.db.query(
            `SELECT c.party FROM unnest($3::text[]) AS c(party) JOIN parties d ON d.party = c.party
              WHERE c.party > $1
                AND EXISTS (SELECT 1 FROM events e WHERE ${EVENT_PARTY_IDS} @> ARRAY[d.id])
              ORDER BY c.party
              LIMIT $2`,
            [request.afterExclusive, request.limit, [...request.among]],
          );
    return rows.map((r) => r.party);
  }

  /** Which of `parties` the history knows (probes of ix_events_parties). */
  async knownAmong(parties: readonly string[]): Promise<string[]> {
    const rows: { party: string }[] = await this.db.query(
      `SELECT c.party FROM unnest($1::text[]) AS c(party) JOIN parties d ON d.party = c.party
        WHERE EXISTS (SELECT 1 FROM events e WHERE ${EVENT_PARTY_IDS} @> ARRAY[d.id])
        ORDER BY c.party`,
      [[...parties]],
    );
    return rows.map((r) => r.party);
  }

  /** The package ids of the templates of recorded events, sorted (a probe of ix_events_template_entity per template). */
  async listPackageIds(): Promise<string[]> {
    const rows: { package_id: string }[] = await this.db.query(
      `SELECT DISTINCT t.package_id FROM templates t
        WHERE EXISTS (SELECT 1 FROM events e WHERE e.template_ref = t.id) ORDER BY 1`,
    );
    return rows.map((r) => r.package_id);
  }

  /** Whether a recorded event's template is of the package. */
  async hasPackage(packageId: string): Promise<boolean> {
    const [row]: { known: boolean }[] = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM events e
                       WHERE e.template_ref = ANY (ARRAY(SELECT t.id FROM templates t WHERE t.package_id = $1))) AS known`,
      [packageId],
    );
    return row.known;
  }
}
