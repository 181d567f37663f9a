import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { scanApi } from '@canton-scan/contracts/browser';
import { DataTable } from './data-table';
import { Field } from './event-details';
import { FullId, IdLink } from './id-link';
import { Time } from './time';
import { formatCount } from '../lib/format';

/** What `useUpdateEvent` gives: the event item, or why there is none (404 / 503). */
export type UpdateEvent = scanApi.EventHistoryItem | { missing: number };

const RESULT: Record<scanApi.VerdictResult, string> = {
  VERDICT_RESULT_ACCEPTED: 'Accepted',
  VERDICT_RESULT_REJECTED: 'Rejected',
  VERDICT_RESULT_UNSPECIFIED: 'Unspecified',
};

/**
 * A transaction's mediator verdict (result, submitters, views with their confirming parties), the
 * sequencer's traffic summary and the CIP-0104 app activity the scan computed from them.
 */
export function VerdictView({ event }: { event: UpdateEvent }) {
  if ('missing' in event || !event.verdict) {
    const why =
      'missing' in event && event.missing === 503
        ? 'This node carries no mediator verdicts (a scan mirror copies the update history only).'
        : 'No verdict is recorded for this transaction on this node.';
    return <Typography role="status">{why}</Typography>;
  }
  const v = event.verdict;
  const traffic = event.traffic_summary ?? undefined;
  const activity = event.app_activity_records ?? undefined;
  return (
    <>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, m: 0 }}>
        <Field name="Result">
          <span data-testid="verdict-result">{RESULT[v.verdict_result]}</span>
        </Field>
        <Field name="Finalized">
          <Time iso={v.finalization_time} />
        </Field>
        <Field name="Submitted for">
          {v.submitting_parties.map((p) => (
            <Box key={p}>
              <IdLink kind="party" id={p} />
            </Box>
          ))}
        </Field>
        <Field name="Submitting participant">
          <FullId id={v.submitting_participant_uid} label="participant id" />
        </Field>
        <Field name="Mediator group">{v.mediator_group}</Field>
        {traffic && <Field name="Traffic cost">{formatCount(traffic.total_traffic_cost)} bytes</Field>}
        {activity && (
          <Field name="App activity">
            round {activity.round_number}:{' '}
            {activity.records.length === 0
              ? 'none'
              : activity.records.map((r) => (
                  <Box key={r.party} component="span" sx={{ display: 'block' }}>
                    <IdLink kind="party" id={r.party} /> weight {formatCount(r.weight)}
                  </Box>
                ))}
          </Field>
        )}
      </Box>
      <DataTable
        label="Transaction views"
        rows={v.transaction_views.views}
        rowKey={(view) => String(view.view_id)}
        columns={[
          { key: 'view', header: 'View', align: 'right', cell: (view) => view.view_id },
          {
            key: 'confirming',
            header: 'Confirming parties (threshold)',
            cell: (view) =>
              view.confirming_parties.map((q, i) => (
                <Box key={i}>
                  {q.parties.map((p) => (
                    <IdLink key={p} kind="party" id={p} />
                  ))}{' '}
                  ({q.threshold})
                </Box>
              )),
          },
          { key: 'informees', header: 'Informees', align: 'right', cell: (view) => view.informees.length },
          {
            key: 'sub',
            header: 'Sub-views',
            cell: (view) => (view.sub_views.length === 0 ? 'none' : view.sub_views.join(', ')),
          },
        ]}
      />
    </>
  );
}
