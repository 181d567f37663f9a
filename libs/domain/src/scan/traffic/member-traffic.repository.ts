import { prepared, type Db } from '../../database/db';
import { NEWEST_MIGRATION, SqlParams } from '../../dso/current-contracts.sql';
import { SpliceTemplates } from '../../splice/splice-templates';

/** What the store knows of a sequencer member's traffic on one synchronizer. */
export interface MemberTrafficRecord {
  /** Sum of `totalPurchased` over the member's active MemberTraffic contracts there, in bytes (decimal text). */
  totalPurchased: string;
  /** Whether any MemberTraffic contract for the member on the synchronizer was ever recorded (archived included). */
  everPurchased: boolean;
  /**
   * Whether the member is one of the network's own nodes on the synchronizer: a participant of
   * an SV in the current DsoRules (the synchronizer being one of its decentralized
   * synchronizers), or a sequencer or mediator in such an SV's node state for it.
   */
  networkNode: boolean;
  /**
   * Whether this store takes the sequencer's traffic state from peer scans (a mirror;
   * `synchronizer_state_sources`), and what they agreed on for the member: undefined when no
   * quorum gave it yet, `actual: null` when they agreed it has none (docs/traffic.md "On a mirror").
   */
  copiedFromPeers: boolean;
  copy?: { actual: { totalConsumed: string; totalLimit: string } | null; asOf: string };
}

const T = SpliceTemplates;

/**
 * One statement. The mirror's copy, if any, is a probe of pk_member_traffic_states. The MemberTraffic branches are served by ix_contracts_member_traffic (member,
 * synchronizer); DsoRules and SvNodeState are the current ones (ix_contracts_active_template),
 * node states matched to DsoRules' `svs` (a genMap: [[party, info], ...]) as DSO info does.
 */
function memberTrafficStatement() {
  const p = new SqlParams();
  const member = p.add(null);
  const synchronizer = p.add(null);
  const current = `c.archived_record_time IS NULL AND c.migration_id = (SELECT id FROM m)`;
  const traffic = `${p.template(T.MemberTraffic)} AND c.payload_compact->>'memberId' = ${member}
       AND c.payload_compact->>'synchronizerId' = ${synchronizer}`;
  const text = `WITH m AS (SELECT ${NEWEST_MIGRATION} AS id),
  dso_rules AS (
    SELECT c.payload_compact AS payload FROM contracts c
     WHERE ${p.template(T.DsoRules)} AND ${current} ORDER BY c.row_id DESC LIMIT 1),
  svs AS (
    SELECT e.pair->>0 AS sv, e.pair->1->>'participantId' AS participant
      FROM dso_rules d, json_array_elements(d.payload->'svs') AS e(pair))
  SELECT
    (SELECT coalesce(sum((c.payload_compact->>'totalPurchased')::numeric), 0)::text FROM contracts c
      WHERE ${traffic} AND ${current}) AS total_purchased,
    EXISTS (SELECT 1 FROM contracts c WHERE ${traffic}) AS ever_purchased,
    (EXISTS (SELECT 1 FROM svs WHERE svs.participant = ${member})
      AND EXISTS (SELECT 1 FROM dso_rules d,
        json_array_elements(d.payload->'config'->'decentralizedSynchronizer'->'synchronizers') AS s(pair)
        WHERE s.pair->>0 = ${synchronizer}))
    OR EXISTS (SELECT 1 FROM contracts c
        JOIN svs ON svs.sv = c.payload_compact->>'sv',
        json_array_elements(c.payload_compact->'state'->'synchronizerNodes') AS n(pair)
      WHERE ${p.template(T.SvNodeState)} AND ${current}
        AND c.payload_compact->>'dso' = (SELECT d.payload->>'dso' FROM dso_rules d)
        AND n.pair->>0 = ${synchronizer}
        AND ${member} IN (n.pair->1->'sequencer'->>'sequencerId', n.pair->1->'mediator'->>'mediatorId')) AS network_node,
    EXISTS (SELECT 1 FROM synchronizer_state_sources s WHERE s.kind = 'member_traffic') AS copied,
    (SELECT json_build_object('consumed', t.total_consumed::text, 'limit', t.total_limit::text,
            'as_of', to_char(t.as_of AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
       FROM member_traffic_states t WHERE t.synchronizer_id = ${synchronizer} AND t.member_id = ${member}) AS copy`;
  return prepared('member_traffic_status', text);
}

const MEMBER_TRAFFIC = memberTrafficStatement();

type Row = {
  total_purchased: string;
  ever_purchased: boolean;
  network_node: boolean;
  copied: boolean;
  copy: { consumed: string | null; limit: string | null; as_of: string } | string | null;
};

/** Synchronizer traffic purchases (`Splice.DecentralizedSynchronizer:MemberTraffic`) as the store holds them. */
export class MemberTrafficRepository {
  constructor(private readonly db: Db) {}

  async loadMemberTraffic(memberId: string, synchronizerId: string): Promise<MemberTrafficRecord> {
    const [row] = await this.db.query<Row>(MEMBER_TRAFFIC, [memberId, synchronizerId]);
    const record: MemberTrafficRecord = {
      totalPurchased: row.total_purchased,
      everPurchased: row.ever_purchased,
      networkNode: row.network_node,
      copiedFromPeers: row.copied,
    };
    const copy =
      typeof row.copy === 'string' ? (JSON.parse(row.copy) as Exclude<Row['copy'], string>) : row.copy;
    if (copy)
      record.copy = {
        actual:
          copy.consumed === null || copy.limit === null
            ? null
            : { totalConsumed: copy.consumed, totalLimit: copy.limit },
        asOf: copy.as_of,
      };
    return record;
  }
}
