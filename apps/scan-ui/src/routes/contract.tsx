import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { scanApi } from '@canton-scan/contracts/browser';
import { Field, Parties } from '../components/event-details';
import { FullId, IdLink } from '../components/id-link';
import { JsonView } from '../components/json-view';
import { Page, Section } from '../components/page';
import { QueryView } from '../components/query-view';
import { TemplateId } from '../components/template-id';
import { Time } from '../components/time';
import { useExplorerContract } from '../hooks/use-explorer';

function UpdateRef({ at }: { at: scanApi.ExplorerUpdateRef }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <IdLink kind="update" id={at.update_id} />
      <Time iso={at.record_time} />
      <span>(migration {at.migration_id})</span>
    </Box>
  );
}

export default function ContractPage() {
  const { contractId = '' } = useParams();
  const query = useExplorerContract(contractId);
  return (
    <Page title="Contract" subtitle={<FullId id={contractId} label="contract id" />}>
      <QueryView query={query} what="contract">
        {(c) => (
          <>
            <Section
              title="Contract"
              actions={
                <Chip
                  label={c.state === 'active' ? 'Active' : 'Archived'}
                  color={c.state === 'active' ? 'success' : 'default'}
                />
              }
            >
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, m: 0 }}
              >
                <Field name="Template">
                  <TemplateId id={c.template_id} copy />
                </Field>
                {c.package_name && <Field name="Package">{c.package_name}</Field>}
                <Field name="Created at">
                  <Time iso={c.created_at} />
                </Field>
                <Field name="Created by">
                  <UpdateRef at={c.created} />
                </Field>
                <Field name="Archived by">
                  {c.archived ? <UpdateRef at={c.archived} /> : 'not archived'}
                </Field>
                <Field name="Signatories">
                  <Parties parties={c.signatories} />
                </Field>
                <Field name="Observers">
                  <Parties parties={c.observers} />
                </Field>
              </Box>
            </Section>
            <Section title="Payload">
              <JsonView label="Create arguments" value={c.create_arguments} />
            </Section>
          </>
        )}
      </QueryView>
    </Page>
  );
}
