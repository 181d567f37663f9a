import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AcsContracts } from '../components/acs-contracts';
import { AnsName } from '../components/ans-name';
import { Amount } from '../components/amount';
import { FullId } from '../components/id-link';
import { Field } from '../components/event-details';
import { Page, Section } from '../components/page';
import { nextPages, Pager } from '../components/pager';
import { QueryView } from '../components/query-view';
import { SnapshotPicker } from '../components/snapshot-picker';
import { TemplateFilter } from '../components/template-filter';
import { Time } from '../components/time';
import { TrafficView } from '../components/traffic-view';
import { UpdatesTable } from '../components/updates-table';
import { useHoldings, useValidatorFaucets } from '../hooks/use-acs';
import { useDsoInfo } from '../hooks/use-dso';
import { useExplorerUpdates, useNetworkSummary } from '../hooks/use-explorer';
import { usePartyTraffic } from '../hooks/use-traffic';
import { formatCount, partyHint } from '../lib/format';
import type { DsoRules } from '../lib/payloads';

function PartyUpdates({ party }: { party: string }) {
  const [tokens, setTokens] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState(0);
  const query = useExplorerUpdates({ limit: 10, page_token: tokens[page], party });
  const next = query.data?.next_page_token;
  return (
    <Section title="Updates it took part in">
      <QueryView
        query={query}
        what="updates"
        isEmpty={(d) => d.updates.length === 0}
        empty="No update involves this party."
      >
        {(d) => (
          <>
            <UpdatesTable updates={d.updates} label="Updates of the party, newest first" />
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
    </Section>
  );
}

function Holdings({ party, migration, at }: { party: string; migration: number; at: string }) {
  const query = useHoldings({
    migration_id: migration,
    record_time: at,
    record_time_match: 'at_or_before',
    owner_party_ids: [party],
  });
  return (
    <QueryView query={query} what="holdings">
      {(d) => {
        const h = d.summaries[0];
        return (
          <>
            <Typography sx={{ mb: 1 }}>
              Snapshot of migration {d.migration_id} at <Time iso={d.record_time} />
            </Typography>
            {h ? (
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, m: 0 }}
              >
                <Field name="Total">
                  <Amount value={h.total_coin_holdings} unit="CC" />
                </Field>
                <Field name="Unlocked">
                  <Amount value={h.total_unlocked_coin} unit="CC" />
                </Field>
                <Field name="Locked">
                  <Amount value={h.total_locked_coin} unit="CC" />
                </Field>
              </Box>
            ) : (
              <Typography role="status">No amulet holdings at this time.</Typography>
            )}
          </>
        );
      }}
    </QueryView>
  );
}

/** The traffic of the validator's participant on the DSO's active synchronizer (`GET /v0/dso`). */
function Traffic({ party }: { party: string }) {
  const dso = useDsoInfo();
  const rules = dso.data?.dso_rules.contract.payload as unknown as DsoRules | undefined;
  const synchronizer = rules?.config?.decentralizedSynchronizer?.activeSynchronizerId;
  const traffic = usePartyTraffic(synchronizer, party);
  return (
    <Section title="Synchronizer traffic">
      <QueryView query={dso} what="DSO information">
        {() =>
          synchronizer === undefined ? (
            <Typography role="status">The DSO rules name no active synchronizer.</Typography>
          ) : (
            <QueryView query={traffic} what="traffic status">
              {(t) => <TrafficView traffic={t} />}
            </QueryView>
          )
        }
      </QueryView>
    </Section>
  );
}

/** A validator's sections (a party that has collected a validator faucet): its liveness and traffic. */
function Validator({ party }: { party: string }) {
  const query = useValidatorFaucets([party]);
  const f = query.data?.validatorsReceivedFaucets[0];
  if (!f) return null;
  return (
    <>
      <Section title="Validator liveness">
        <Typography>
          Collected the faucet in {formatCount(f.numRoundsCollected)} rounds and missed{' '}
          {formatCount(f.numRoundsMissed)}, from round {f.firstCollectedInRound} to {f.lastCollectedInRound}.
        </Typography>
      </Section>
      <Traffic party={party} />
    </>
  );
}

export default function PartyPage() {
  const { partyId = '' } = useParams();
  const summary = useNetworkSummary();
  const [params, setParams] = useSearchParams();
  return (
    <Page
      title={`Party ${partyHint(partyId)}`}
      subtitle={
        <>
          <FullId id={partyId} label="party id" />
          <AnsName party={partyId} />
        </>
      }
    >
      <QueryView query={summary} what="network summary">
        {(s) => {
          const migration = params.has('migration') ? Number(params.get('migration')) : s.migration_id;
          const at = params.get('at') ?? s.record_time;
          const template = params.get('template') ?? undefined;
          return (
            <>
              <Section title="Holdings">
                <Box sx={{ mb: 1 }}>
                  <SnapshotPicker
                    key={`${migration}|${at}`}
                    migration={migration}
                    at={at}
                    onChange={(m, t) => {
                      const next = new URLSearchParams(params);
                      next.set('migration', String(m));
                      next.set('at', t);
                      setParams(next);
                    }}
                  />
                </Box>
                <Holdings party={partyId} migration={migration} at={at} />
              </Section>
              <Validator party={partyId} />
              <Section title="Active contracts of the party">
                <TemplateFilter
                  value={template}
                  onChange={(t) => {
                    const next = new URLSearchParams(params);
                    if (t) next.set('template', t);
                    else next.delete('template');
                    setParams(next);
                  }}
                />
                <AcsContracts
                  key={`${partyId}|${migration}|${at}|${template}`}
                  view={{ migration, at, party: partyId, template }}
                  label="Active contracts of the party"
                />
              </Section>
            </>
          );
        }}
      </QueryView>
      <PartyUpdates key={partyId} party={partyId} />
    </Page>
  );
}
