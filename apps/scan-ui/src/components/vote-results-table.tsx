import { actionName, type CloseVoteRequestResult } from '../lib/payloads';
import { DataTable } from './data-table';
import { Time } from './time';

const OUTCOMES: Record<CloseVoteRequestResult['outcome']['tag'], string> = {
  VRO_Accepted: 'Accepted',
  VRO_Rejected: 'Rejected',
  VRO_Expired: 'Expired',
};

/** `VRO_Accepted` → `"Accepted"` (an unknown tag as it is). */
export function outcomeLabel(result: CloseVoteRequestResult): string {
  return OUTCOMES[result.outcome.tag] ?? result.outcome.tag;
}

/** `"3 / 1"`: the accepting and rejecting votes of a vote request. */
export function acceptReject(votes: readonly [string, { accept: boolean }][]): string {
  const accepted = votes.filter(([, v]) => v.accept).length;
  return `${accepted} / ${votes.length - accepted}`;
}

/**
 * Closed vote requests (`DsoRules_CloseVoteRequestResult`s as `POST /v0/admin/sv/voteresults`
 * lists them, in its order): the action, the requesting SV, the outcome, the votes cast, when it
 * was closed and, for an accepted one, when its action takes effect.
 */
export function VoteResultsTable({ results }: { results: readonly CloseVoteRequestResult[] }) {
  return (
    <DataTable<CloseVoteRequestResult & { key: string }>
      label="Closed vote requests"
      rows={results.map((r, i) => ({ ...r, key: `${i}` }))}
      rowKey={(r) => r.key}
      columns={[
        { key: 'action', header: 'Action', cell: (r) => actionName(r.request.action) },
        { key: 'requester', header: 'Requested by', nowrap: true, cell: (r) => r.request.requester },
        { key: 'outcome', header: 'Outcome', nowrap: true, cell: (r) => outcomeLabel(r) },
        {
          key: 'votes',
          header: 'Accept / reject',
          align: 'right',
          cell: (r) => acceptReject(r.request.votes),
        },
        { key: 'closed', header: 'Closed', cell: (r) => <Time iso={r.completedAt} relative={false} /> },
        {
          key: 'effective',
          header: 'Effective',
          cell: (r) =>
            r.outcome.tag === 'VRO_Accepted' ? (
              <Time iso={r.outcome.value.effectiveAt} relative={false} />
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}
