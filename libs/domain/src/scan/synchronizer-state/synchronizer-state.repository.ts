import type { Queryable } from '../../database/db';
import { NEWEST_MIGRATION, SqlParams } from '../../dso/current-contracts.sql';
import { SpliceTemplates } from '../../splice/splice-templates';
import { EVENT_PARTY_IDS } from '../../parties/party-sql';
import { synchronizerNameOf } from '../../synchronizers/synchronizer-sql';

/** A kind of synchronizer state a scan mirror copies from its peers. */
export type SynchronizerStateKind = 'member_traffic' | 'party_hosting';

/** A member's sequencer traffic state as f + 1 peers answered it (`actual`), or null when they agreed it has none. */
export interface TrafficStateCopy {
  synchronizerId: string;
  memberId: string;
  actual: { totalConsumed: number; totalLimit: number } | null;
  /** When they agreed (ISO-8601). */
  asOf: string;
}

/** A sequencer member on a synchronizer. */
export interface SynchronizerMember {
  synchronizerId: string;
  memberId: string;
}

/** A party met in the history on a synchronizer whose hosting the store has no mapping of. */
export interface UnhostedParty {
  synchronizerId: string;
  partyId: string;
  /** The newest migration of the updates it was met in. */
  migrationId: number;
}

const T = SpliceTemplates;

/**
 * Every member docs/traffic.md "Unknown members" calls known: the members of MemberTraffic
 * contracts ever recorded (ix_contracts_member_traffic), the participants of the current
 * DsoRules' SVs on its decentralized synchronizers, and the sequencers and mediators of those
 * SVs' current node states. One statement, as `loadMemberTraffic` reads the same facts per member.
 */
function knownMembersStatement(): string {
  const p = new SqlParams();
  const current = `c.archived_record_time IS NULL AND c.migration_id = (SELECT id FROM m)`;
  return `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id),
  dso_rules AS (
    SELECT c.payload_compact AS payload FROM contracts c
     WHERE ${p.template(T.DsoRules)} AND ${current} ORDER BY c.row_id DESC LIMIT 1),
  svs AS (
    SELECT e.pair->>0 AS sv, e.pair->1->>'participantId' AS participant
      FROM dso_rules d, json_array_elements(d.payload->'svs') AS e(pair))
  SELECT DISTINCT k.synchronizer_id, k.member_id FROM (
    SELECT c.payload_compact->>'synchronizerId' AS synchronizer_id, c.payload_compact->>'memberId' AS member_id
      FROM contracts c WHERE ${p.template(T.MemberTraffic)}
    UNION ALL
    SELECT s.pair->>0, svs.participant FROM svs, dso_rules d,
      json_array_elements(d.payload->'config'->'decentralizedSynchronizer'->'synchronizers') AS s(pair)
    UNION ALL
    SELECT n.pair->>0, x.member FROM contracts c
      JOIN svs ON svs.sv = c.payload_compact->>'sv',
      json_array_elements(c.payload_compact->'state'->'synchronizerNodes') AS n(pair),
      LATERAL (VALUES (n.pair->1->'sequencer'->>'sequencerId'), (n.pair->1->'mediator'->>'mediatorId')) AS x(member)
     WHERE ${p.template(T.SvNodeState)} AND ${current}
       AND c.payload_compact->>'dso' = (SELECT d.payload->>'dso' FROM dso_rules d)
  ) k
  WHERE k.synchronizer_id IS NOT NULL AND k.member_id IS NOT NULL
  ORDER BY 1, 2`;
}

const KNOWN_MEMBERS = knownMembersStatement();

/**
 * The parties of the next `$2` updates after row `$1` (pk_updates), per synchronizer, that have
 * no party_hosting row there (pk_party_hosting): their events' stakeholders and acting parties
 * (pk_events), as a scan's hosted parties take part in its history.
 */
const UNHOSTED_PARTIES = `
  WITH u AS (
    SELECT t.row_id, t.migration_id, ${synchronizerNameOf('t.synchronizer')} AS synchronizer_id FROM updates t
     WHERE t.row_id > $1::bigint ORDER BY t.row_id LIMIT $2)
  SELECT (SELECT max(row_id)::text FROM u) AS through,
    coalesce((SELECT json_agg(json_build_array(x.synchronizer_id, x.party_id, x.migration_id) ORDER BY x.synchronizer_id, x.party_id)
      FROM (SELECT u.synchronizer_id, p.party AS party_id, max(u.migration_id)::int AS migration_id
              FROM u JOIN events e ON e.update_row_id = u.row_id AND e.migration_id = u.migration_id
              CROSS JOIN unnest(${EVENT_PARTY_IDS}) AS s(id) JOIN parties p ON p.id = s.id
             WHERE NOT EXISTS (SELECT 1 FROM party_hosting h
                                WHERE h.synchronizer_id = u.synchronizer_id AND h.party_id = p.party)
             GROUP BY u.synchronizer_id, p.party) x), '[]') AS parties`;

/**
 * The synchronizer state a scan mirror copies from its peers (docs/traffic.md, docs/hosting.md
 * "On a mirror"): which kinds this store takes from peers, the members' traffic states, and how
 * far the hosting of the history's parties has been asked for. Hosting rows themselves are
 * written by the LedgerWriter (hosting items); this is the write path of the rest, which is not
 * history: current state replaced in place, without record time or offset.
 */
export class SynchronizerStateRepository {
  constructor(private readonly db: Queryable) {}

  /** Records that this store takes `kinds` from peer scans (kept once written). */
  async declarePeerSource(kinds: readonly SynchronizerStateKind[]): Promise<void> {
    if (kinds.length === 0) return;
    await this.db.query(
      `INSERT INTO synchronizer_state_sources (kind, source)
       SELECT k, 'peers' FROM unnest($1::text[]) AS k ON CONFLICT (kind) DO NOTHING`,
      [kinds],
    );
  }

  /** The kinds this store takes from peers. */
  async peerSources(): Promise<SynchronizerStateKind[]> {
    const rows: { kind: SynchronizerStateKind }[] = await this.db.query(
      `SELECT kind FROM synchronizer_state_sources ORDER BY kind`,
    );
    return rows.map((r) => r.kind);
  }

  /** Replaces the stored traffic states of these members, in one statement. */
  async storeTrafficStates(states: readonly TrafficStateCopy[]): Promise<void> {
    if (states.length === 0) return;
    await this.db.query(
      `INSERT INTO member_traffic_states (synchronizer_id, member_id, total_consumed, total_limit, as_of)
       SELECT r.synchronizer_id, r.member_id, r.total_consumed, r.total_limit, r.as_of
         FROM jsonb_to_recordset($1::jsonb) AS r(synchronizer_id text, member_id text, total_consumed bigint,
              total_limit bigint, as_of timestamptz)
       ON CONFLICT (synchronizer_id, member_id) DO UPDATE
          SET total_consumed = EXCLUDED.total_consumed, total_limit = EXCLUDED.total_limit, as_of = EXCLUDED.as_of`,
      [
        JSON.stringify(
          states.map((s) => ({
            synchronizer_id: s.synchronizerId,
            member_id: s.memberId,
            total_consumed: s.actual?.totalConsumed ?? null,
            total_limit: s.actual?.totalLimit ?? null,
            as_of: s.asOf,
          })),
        ),
      ],
    );
  }

  /** The stored traffic states, by synchronizer and member. */
  async trafficStates(): Promise<TrafficStateCopy[]> {
    const rows: {
      synchronizer_id: string;
      member_id: string;
      total_consumed: string | null;
      total_limit: string | null;
      as_of: string;
    }[] = await this.db.query(
      `SELECT synchronizer_id, member_id, total_consumed::text AS total_consumed, total_limit::text AS total_limit,
              to_char(as_of AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS as_of
         FROM member_traffic_states ORDER BY synchronizer_id, member_id`,
    );
    return rows.map((r) => ({
      synchronizerId: r.synchronizer_id,
      memberId: r.member_id,
      actual:
        r.total_consumed === null || r.total_limit === null
          ? null
          : { totalConsumed: Number(r.total_consumed), totalLimit: Number(r.total_limit) },
      asOf: r.as_of,
    }));
  }

  /** Every member the store knows on every synchronizer (docs/traffic.md "Unknown members"). */
  async knownTrafficMembers(): Promise<SynchronizerMember[]> {
    const rows: { synchronizer_id: string; member_id: string }[] = await this.db.query(KNOWN_MEMBERS);
    return rows.map((r) => ({ synchronizerId: r.synchronizer_id, memberId: r.member_id }));
  }

  /** The update row id through which the hosting of the history's parties has been asked (0: none yet). */
  async hostingCheckedThrough(): Promise<string> {
    const [row]: { through: string | null }[] = await this.db.query(
      `SELECT checked_through_update_row_id::text AS through FROM synchronizer_state_sources WHERE kind = 'party_hosting'`,
    );
    return row?.through ?? '0';
  }

  /**
   * The parties of the `limit` updates after row `afterRowId` without a hosting mapping on their
   * synchronizer, and the last row read (undefined when there is no update after it).
   */
  async unhostedParties(
    afterRowId: string,
    limit: number,
  ): Promise<{ through: string | undefined; parties: UnhostedParty[] }> {
    const [row]: { through: string | null; parties: [string, string, number][] | string }[] =
      await this.db.query(UNHOSTED_PARTIES, [afterRowId, limit]);
    const parties = typeof row.parties === 'string' ? JSON.parse(row.parties) : row.parties;
    return {
      through: row.through ?? undefined,
      parties: (parties as [string, string, number][]).map(([synchronizerId, partyId, migrationId]) => ({
        synchronizerId,
        partyId,
        migrationId,
      })),
    };
  }

  /** Moves the hosting watermark forward to `throughRowId` (never back). */
  async markHostingChecked(throughRowId: string): Promise<void> {
    await this.db.query(
      `UPDATE synchronizer_state_sources
          SET checked_through_update_row_id = greatest(coalesce(checked_through_update_row_id, 0), $1::bigint)
        WHERE kind = 'party_hosting'`,
      [throughRowId],
    );
  }
}
