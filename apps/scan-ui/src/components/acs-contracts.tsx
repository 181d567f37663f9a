import { useState } from 'react';
import Typography from '@mui/material/Typography';
import type { scanApi } from '@canton-scan/contracts/browser';
import { useAcsPage } from '../hooks/use-acs';
import { templateName } from '../lib/format';
import { DataTable } from './data-table';
import { IdLink } from './id-link';
import { Pager } from './pager';
import { QueryView } from './query-view';
import { TemplateId } from './template-id';
import { Time } from './time';

export const ACS_PAGE_SIZE = 50;

export interface AcsView {
  migration: number;
  at: string;
  template?: string;
  party?: string;
}

/** A snapshot's contracts, a page at a time (the next-page tokens seen are kept for going back). */
export function AcsContracts({ view, label }: { view: AcsView; label: string }) {
  const [afters, setAfters] = useState<(number | undefined)[]>([undefined]);
  const [page, setPage] = useState(0);
  const body: scanApi.AcsRequest = {
    migration_id: view.migration,
    record_time: view.at,
    record_time_match: 'at_or_before',
    page_size: ACS_PAGE_SIZE,
    after: afters[page],
    ...(view.template ? { templates: [view.template] } : {}),
    ...(view.party ? { party_ids: [view.party] } : {}),
  };
  const query = useAcsPage(body);
  const next = query.data?.next_page_token;
  return (
    <QueryView query={query} what="active contracts">
      {(d) => (
        <>
          <Typography sx={{ mb: 1 }}>
            Snapshot of migration {d.migration_id} at <Time iso={d.record_time} />
          </Typography>
          {d.created_events.length === 0 ? (
            <Typography role="status" color="text.secondary">
              No active contract matches.
            </Typography>
          ) : (
            <DataTable
              label={label}
              rows={d.created_events}
              rowKey={(e) => e.contract_id}
              columns={[
                {
                  key: 'contract',
                  header: 'Contract',
                  nowrap: true,
                  cell: (e) => <IdLink kind="contract" id={e.contract_id} />,
                },
                {
                  key: 'template',
                  header: 'Template',
                  cell: (e) => <TemplateId id={templateName(e.template_id)} />,
                },
                {
                  key: 'created',
                  header: 'Created at',
                  nowrap: true,
                  cell: (e) => <Time iso={e.created_at} relative={false} />,
                },
                {
                  key: 'signatory',
                  header: 'First signatory',
                  nowrap: true,
                  cell: (e) => <IdLink kind="party" id={e.signatories[0]} />,
                },
              ]}
            />
          )}
          <Pager
            page={page}
            hasNext={next !== undefined}
            onPrev={() => setPage(page - 1)}
            onNext={() => {
              setAfters([...afters.slice(0, page + 1), next]);
              setPage(page + 1);
            }}
          />
        </>
      )}
    </QueryView>
  );
}
