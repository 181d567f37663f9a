import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { EventDetails, Field } from '../components/event-details';
import { FullId, IdLink } from '../components/id-link';
import { JsonView } from '../components/json-view';
import { Page, Section } from '../components/page';
import { QueryView } from '../components/query-view';
import { StateDiffView } from '../components/state-diff';
import { Time } from '../components/time';
import { UpdateTree } from '../components/update-tree';
import { useUpdate, useUpdateEvent } from '../hooks/use-update';
import { VerdictView } from '../components/verdict-view';
import {
  buildTree,
  isTransaction,
  stateDiff,
  treeDepth,
  type Reassignment,
  type Transaction,
} from '../lib/tree';

function VerdictSection({ updateId }: { updateId: string }) {
  const query = useUpdateEvent(updateId);
  return (
    <Section title="Verdict">
      <QueryView query={query} what="verdict">
        {(event) => <VerdictView event={event} />}
      </QueryView>
    </Section>
  );
}

function TransactionView({ tx }: { tx: Transaction }) {
  const roots = useMemo(() => buildTree(tx), [tx]);
  const diff = useMemo(() => stateDiff(tx), [tx]);
  const [selected, setSelected] = useState<string | undefined>(tx.root_event_ids[0]);
  const event = selected ? tx.events_by_id[selected] : undefined;
  const count = Object.keys(tx.events_by_id).length;
  return (
    <>
      <Section title="Transaction">
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, m: 0 }}
        >
          <Field name="Record time">
            <Time iso={tx.record_time} />
          </Field>
          <Field name="Effective at">
            <Time iso={tx.effective_at} relative={false} />
          </Field>
          <Field name="Migration">{tx.migration_id}</Field>
          <Field name="Synchronizer">
            <FullId id={tx.synchronizer_id} label="synchronizer id" />
          </Field>
          <Field name="Workflow id">{tx.workflow_id || 'none'}</Field>
          <Field name="Events">
            <span data-testid="event-count">{count}</span> in a tree of depth{' '}
            <span data-testid="tree-depth">{treeDepth(roots)}</span>
          </Field>
          {tx.external_transaction_hash && <Field name="External hash">{tx.external_transaction_hash}</Field>}
        </Box>
      </Section>
      <Box
        sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}
      >
        <Box sx={{ flex: '1 1 50%', minWidth: 0, width: '100%' }}>
          <Section title="Event tree">
            <UpdateTree roots={roots} selected={selected} onSelect={setSelected} />
          </Section>
        </Box>
        <Box sx={{ flex: '1 1 50%', minWidth: 0, width: '100%' }}>
          <Section title="Event details">
            {event ? <EventDetails event={event} /> : <Typography>Select an event of the tree.</Typography>}
          </Section>
        </Box>
      </Box>
      <VerdictSection updateId={tx.update_id} />
      <Section title="State diff">
        <StateDiffView diff={diff} />
      </Section>
    </>
  );
}

function ReassignmentView({ update }: { update: Reassignment }) {
  const e = update.event;
  const assign = 'created_event' in e;
  return (
    <Section
      title={
        assign
          ? 'Assignment (contract moved to this synchronizer)'
          : 'Unassignment (contract leaves its synchronizer)'
      }
    >
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, m: 0 }}>
        <Field name="Record time">
          <Time iso={update.record_time} />
        </Field>
        <Field name="Contract">
          <IdLink kind="contract" id={assign ? e.created_event.contract_id : e.contract_id} />
        </Field>
        <Field name="Submitter">
          <IdLink kind="party" id={e.submitter} />
        </Field>
        <Field name="From">
          <FullId id={e.source_synchronizer} label="synchronizer id" />
        </Field>
        <Field name="To">
          <FullId id={e.target_synchronizer} label="synchronizer id" />
        </Field>
        <Field name="Migration">{e.migration_id}</Field>
        <Field name="Unassign id">
          <FullId id={e.unassign_id} label="unassign id" />
        </Field>
        <Field name="Reassignment counter">{e.reassignment_counter}</Field>
      </Box>
      {assign && <JsonView label="Create arguments" value={e.created_event.create_arguments} />}
    </Section>
  );
}

export default function UpdatePage() {
  const { updateId = '' } = useParams();
  const query = useUpdate(updateId);
  return (
    <Page title={`Update ${updateId.slice(0, 16)}…`} subtitle={<FullId id={updateId} label="update id" />}>
      <QueryView query={query} what="update">
        {(u) => (isTransaction(u) ? <TransactionView tx={u} /> : <ReassignmentView update={u} />)}
      </QueryView>
    </Page>
  );
}
