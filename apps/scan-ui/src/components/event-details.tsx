import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TreeEvent } from '../lib/tree';
import { FullId, IdLink } from './id-link';
import { JsonView } from './json-view';
import { TemplateId } from './template-id';
import { Time } from './time';

export function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.85rem' }}>
        {name}
      </Box>
      <Box component="dd" sx={{ m: 0, mb: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

export function Parties({ parties }: { parties: readonly string[] }) {
  if (parties.length === 0) return <span>none</span>;
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      {parties.map((p) => (
        <IdLink key={p} kind="party" id={p} />
      ))}
    </Box>
  );
}

/** The details of one event of a transaction tree. */
export function EventDetails({ event }: { event: TreeEvent }) {
  return (
    <Box component="section" aria-labelledby="event-details-title">
      {/* Choice names are long single words (DsoRules_AdvanceOpenMiningRounds): wrap them on a phone. */}
      <Typography id="event-details-title" component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
        {event.event_type === 'created_event' ? 'Created event' : `Exercised ${event.choice}`}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Field name="Event id">
          <FullId id={event.event_id} label="event id" />
        </Field>
        <Field name="Contract">
          <IdLink kind="contract" id={event.contract_id} />
        </Field>
        <Field name="Template">
          <TemplateId id={event.template_id} copy />
        </Field>
        {event.event_type === 'created_event' ? (
          <>
            <Field name="Created at">
              <Time iso={event.created_at} />
            </Field>
            <Field name="Signatories">
              <Parties parties={event.signatories} />
            </Field>
            <Field name="Observers">
              <Parties parties={event.observers} />
            </Field>
          </>
        ) : (
          <>
            <Field name="Choice">
              {event.choice}
              {event.consuming ? ' (consuming: archives the contract)' : ' (non-consuming)'}
            </Field>
            <Field name="Acting parties">
              <Parties parties={event.acting_parties} />
            </Field>
            {event.interface_id && (
              <Field name="Interface">
                <TemplateId id={event.interface_id} copy />
              </Field>
            )}
          </>
        )}
      </Box>
      {event.event_type === 'created_event' ? (
        <JsonView label="Create arguments" value={event.create_arguments} />
      ) : (
        <>
          <JsonView label="Choice argument" value={event.choice_argument} />
          <JsonView label="Exercise result" value={event.exercise_result} />
        </>
      )}
    </Box>
  );
}
