import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import type { scanApi } from '@canton-scan/contracts/browser';
import { Amount } from '../components/amount';
import { AmuletConfigView } from '../components/amulet-config';
import { Page, Section } from '../components/page';
import { QueryView } from '../components/query-view';
import { RewardsChart } from '../components/rewards-chart';
import { Stat } from '../components/stat';
import { Time } from '../components/time';
import { UpdatesTable } from '../components/updates-table';
import { useDsoInfo } from '../hooks/use-dso';
import { useExplorerUpdates, useNetworkSummary } from '../hooks/use-explorer';
import { useActivityTotals } from '../hooks/use-rounds';
import { useUpdatesAfter } from '../hooks/use-update';
import { formatCount } from '../lib/format';
import type { AmuletRules } from '../lib/payloads';

const POLL_MS = 5_000;
const CHART_ROUNDS = 12;

function Figures({ s }: { s: scanApi.NetworkSummary }) {
  const round = s.latest_open_round;
  const opensLater = round !== undefined && Date.parse(round.opens_at) > Date.parse(s.record_time);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <Stat
        label="Current round"
        detail={
          round && (
            <>
              {opensLater ? 'Round ' + round.number + ' opens ' : 'Next round opens '}
              <Time iso={opensLater ? round.opens_at : round.target_closes_at} />
            </>
          )
        }
      >
        {round ? formatCount(opensLater ? Math.max(0, round.number - 1) : round.number) : 'none'}
      </Stat>
      <Stat
        label="Total amulet supply"
        testId="total-supply"
        detail={
          <>
            Unlocked <Amount value={s.unlocked_amulet} />, locked <Amount value={s.locked_amulet} />
          </>
        }
      >
        <Amount value={s.total_amulet} unit="CC" />
      </Stat>
      <Stat label="Validators" detail="with an active licence">
        {formatCount(s.active_validators)}
      </Stat>
      <Stat label="Super validators" detail="in the DSO rules">
        {formatCount(s.super_validators)}
      </Stat>
      <Stat
        label="Updates"
        detail={
          <>
            newest <Time iso={s.record_time} />
          </>
        }
      >
        {formatCount(s.update_count)}
      </Stat>
    </Box>
  );
}

function RewardTotals({ latest }: { latest: number }) {
  const rounds = useMemo(
    () =>
      Array.from(
        { length: Math.min(CHART_ROUNDS, latest + 1) },
        (_, i) => latest - CHART_ROUNDS + 1 + i,
      ).filter((r) => r >= 0),
    [latest],
  );
  const queries = useActivityTotals(rounds);
  return <RewardsChart rounds={rounds.map((round, i) => ({ round, query: queries[i] }))} table={false} />;
}

/** The newest updates; `POST /v2/updates` after the newest one is polled and new ones reload the list. */
function NewestUpdates() {
  const list = useExplorerUpdates({ limit: 10 });
  const newest = list.data?.updates[0];
  const after = newest && { after_migration_id: newest.migration_id, after_record_time: newest.record_time };
  const arrivals = useUpdatesAfter(after, 10, POLL_MS);
  const queryClient = useQueryClient();
  const arrived = (arrivals.data?.transactions.length ?? 0) > 0;
  useEffect(() => {
    if (arrived) {
      void queryClient.invalidateQueries({ queryKey: ['explorer-updates'] });
      void queryClient.invalidateQueries({ queryKey: ['network-summary'] });
    }
  }, [arrived, queryClient]);
  return (
    <QueryView
      query={list}
      what="updates"
      isEmpty={(d) => d.updates.length === 0}
      empty="No update recorded yet."
    >
      {(d) => <UpdatesTable updates={d.updates} label="Newest updates" />}
    </QueryView>
  );
}

export default function OverviewPage() {
  const summary = useNetworkSummary();
  const dso = useDsoInfo();
  return (
    <Page title="Network overview">
      <QueryView query={summary} what="network summary">
        {(s) => (
          <>
            <Figures s={s} />
            <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' } }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Section title="Amulet configuration in force">
                  <QueryView query={dso} what="amulet rules">
                    {(d) => (
                      <AmuletConfigView
                        rules={d.amulet_rules.contract.payload as unknown as AmuletRules}
                        at={s.record_time}
                        createdAt={d.amulet_rules.contract.created_at}
                      />
                    )}
                  </QueryView>
                </Section>
              </Box>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Section title="App rewards of the latest rounds">
                  {s.latest_open_round ? (
                    <RewardTotals latest={s.latest_open_round.number} />
                  ) : (
                    'No round yet.'
                  )}
                </Section>
              </Box>
            </Box>
          </>
        )}
      </QueryView>
      <Section title="Newest updates">
        <NewestUpdates />
      </Section>
    </Page>
  );
}
