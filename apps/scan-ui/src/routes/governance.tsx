import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { scanApi } from '@canton-scan/contracts/browser';
import { DataTable } from '../components/data-table';
import { Field } from '../components/event-details';
import { IdLink } from '../components/id-link';
import { JsonView } from '../components/json-view';
import { Page, Section } from '../components/page';
import { QueryView } from '../components/query-view';
import { nextPages, Pager } from '../components/pager';
import { acceptReject, VoteResultsTable } from '../components/vote-results-table';
import { useDsoInfo, useVoteCount, useVoteRequests, useVoteResults } from '../hooks/use-dso';
import { formatCount } from '../lib/format';
import { Time } from '../components/time';
import {
  actionName,
  type CloseVoteRequestResult,
  type DsoRules,
  type SvNodeState,
  type VoteRequest,
} from '../lib/payloads';

function VoteRequests() {
  const query = useVoteRequests();
  return (
    <Section title="Open vote requests">
      <QueryView query={query} what="vote requests">
        {(r) => {
          const rows = r.dso_rules_vote_requests.map((c) => ({
            id: c.contract_id,
            request: c.payload as unknown as VoteRequest,
          }));
          if (rows.length === 0) return <Typography role="status">No vote request is open.</Typography>;
          return (
            <DataTable
              label="Open vote requests"
              rows={rows}
              rowKey={(row) => row.id}
              initialSort={{ key: 'before', desc: false }}
              columns={[
                { key: 'action', header: 'Action', cell: (row) => actionName(row.request.action) },
                { key: 'requester', header: 'Requested by', cell: (row) => row.request.requester },
                {
                  key: 'votes',
                  header: 'Accept / reject',
                  align: 'right',
                  cell: (row) => acceptReject(row.request.votes),
                },
                {
                  key: 'before',
                  header: 'Vote before',
                  cell: (row) => <Time iso={row.request.voteBefore} />,
                  sortValue: (row) => Date.parse(row.request.voteBefore),
                },
                {
                  key: 'contract',
                  header: 'Contract',
                  cell: (row) => <IdLink kind="contract" id={row.id} />,
                },
              ]}
            />
          );
        }}
      </QueryView>
    </Section>
  );
}

const RESULTS_PAGE = 10;

/** The closed vote requests matching the filters, newest effective date first, a page at a time. */
function ClosedRequests({ filters }: { filters: scanApi.VoteResultsCountRequest }) {
  const [tokens, setTokens] = useState<(number | undefined)[]>([undefined]);
  const [page, setPage] = useState(0);
  const query = useVoteResults(filters, RESULTS_PAGE, tokens[page]);
  const results = (query.data?.dso_rules_vote_results ?? []) as unknown as CloseVoteRequestResult[];
  // As upstream, every non-empty page carries a token; a short page is the last.
  const next = results.length === RESULTS_PAGE ? query.data?.next_page_token : undefined;
  return (
    <QueryView
      query={query}
      what="closed vote requests"
      isEmpty={(d) => d.dso_rules_vote_results.length === 0}
      empty={page === 0 ? 'No closed vote request matches.' : 'No more closed vote requests.'}
    >
      {() => (
        <>
          <VoteResultsTable results={results} />
          <Pager
            page={page}
            hasNext={next !== undefined}
            onPrev={() => setPage(page - 1)}
            onNext={() => {
              setTokens(nextPages(tokens, page, next));
              setPage(page + 1);
            }}
          />
        </>
      )}
    </QueryView>
  );
}

function VoteResults() {
  const [actionName, setActionName] = useState('');
  const [accepted, setAccepted] = useState<'any' | 'yes' | 'no'>('any');
  const [requester, setRequester] = useState('');
  const filters: scanApi.VoteResultsCountRequest = {
    ...(actionName.trim() ? { actionName: actionName.trim() } : {}),
    ...(accepted === 'any' ? {} : { accepted: accepted === 'yes' }),
    ...(requester.trim() ? { requester: requester.trim() } : {}),
  };
  const query = useVoteCount(filters);
  return (
    <Section title="Vote results">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <TextField
          size="small"
          label="Action name"
          placeholder="SRARC_OffboardSv"
          value={actionName}
          onChange={(e) => setActionName(e.target.value)}
        />
        <TextField
          select
          size="small"
          label="Outcome"
          value={accepted}
          onChange={(e) => setAccepted(e.target.value as typeof accepted)}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="any">Any</MenuItem>
          <MenuItem value="yes">Accepted</MenuItem>
          <MenuItem value="no">Rejected</MenuItem>
        </TextField>
        <TextField
          size="small"
          label="Requester (SV name)"
          value={requester}
          onChange={(e) => setRequester(e.target.value)}
        />
      </Box>
      <QueryView query={query} what="vote results">
        {(r) => (
          <Typography aria-live="polite">
            <strong data-testid="vote-count">{formatCount(r.count)}</strong> vote results match.
          </Typography>
        )}
      </QueryView>
      <ClosedRequests key={JSON.stringify(filters)} filters={filters} />
    </Section>
  );
}

export default function GovernancePage() {
  const query = useDsoInfo();
  return (
    <Page title="Governance">
      <QueryView query={query} what="DSO information">
        {(dso) => {
          const rules = dso.dso_rules.contract.payload as unknown as DsoRules;
          const states = dso.sv_node_states.map((s) => s.contract.payload as unknown as SvNodeState);
          return (
            <>
              <Section title="DSO">
                <Box
                  component="dl"
                  sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, m: 0 }}
                >
                  <Field name="DSO party">
                    <IdLink kind="party" id={dso.dso_party_id} full />
                  </Field>
                  <Field name="Delegate">
                    <IdLink kind="party" id={rules.dsoDelegate} />
                  </Field>
                  <Field name="Super validators">{rules.svs?.length ?? 0}</Field>
                  <Field name="Voting threshold">{dso.voting_threshold}</Field>
                  <Field name="Epoch">{rules.epoch}</Field>
                  <Field name="DSO rules contract">
                    <IdLink kind="contract" id={dso.dso_rules.contract.contract_id} />
                  </Field>
                </Box>
                <JsonView label="DSO rules" value={dso.dso_rules.contract.payload} />
              </Section>
              <Section title="Super validators">
                <DataTable
                  label="Super validators"
                  rows={rules.svs ?? []}
                  rowKey={([party]) => party}
                  initialSort={{ key: 'name', desc: false }}
                  columns={[
                    {
                      key: 'name',
                      header: 'Name',
                      cell: ([, sv]) => sv.name,
                      sortValue: ([, sv]) => sv.name,
                    },
                    { key: 'party', header: 'Party', cell: ([party]) => <IdLink kind="party" id={party} /> },
                    {
                      key: 'weight',
                      header: 'Reward weight',
                      align: 'right',
                      cell: ([, sv]) => formatCount(sv.svRewardWeight),
                      sortValue: ([, sv]) => Number(sv.svRewardWeight),
                    },
                    {
                      key: 'joined',
                      header: 'Joined in round',
                      align: 'right',
                      cell: ([, sv]) => sv.joinedAsOfRound.number,
                      sortValue: ([, sv]) => Number(sv.joinedAsOfRound.number),
                    },
                  ]}
                />
              </Section>
              <Section title="SV node states">
                <DataTable
                  label="SV node states"
                  rows={states}
                  rowKey={(s) => s.sv}
                  columns={[
                    { key: 'name', header: 'SV', cell: (s) => s.svName },
                    { key: 'party', header: 'Party', cell: (s) => <IdLink kind="party" id={s.sv} /> },
                    {
                      key: 'scan',
                      header: 'Scan URLs',
                      cell: (s) =>
                        s.state.synchronizerNodes
                          .map(([, node]) => node.scan?.publicUrl)
                          .filter(Boolean)
                          .join(', ') || 'none',
                    },
                  ]}
                />
              </Section>
              <VoteRequests />
              <VoteResults />
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}
