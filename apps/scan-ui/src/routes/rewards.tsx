import { useMemo } from 'react';
import { Page, Section } from '../components/page';
import { QueryView } from '../components/query-view';
import { RewardsChart } from '../components/rewards-chart';
import { useActivityTotals, useMiningRounds } from '../hooks/use-rounds';
import { latestRound } from '../lib/rounds';

const ROUNDS = 20;

function Totals({ latest }: { latest: number }) {
  const rounds = useMemo(
    () => Array.from({ length: Math.min(ROUNDS, latest + 1) }, (_, i) => latest - i).reverse(),
    [latest],
  );
  const queries = useActivityTotals(rounds);
  return <RewardsChart rounds={rounds.map((round, i) => ({ round, query: queries[i] }))} />;
}

export default function RewardsPage() {
  const query = useMiningRounds();
  return (
    <Page title="Rewards" subtitle="App reward accounting (CIP-0104) of the latest rounds">
      <Section title={`Activity totals of the last ${ROUNDS} rounds`}>
        <QueryView
          query={query}
          what="mining rounds"
          isEmpty={(r) => latestRound(r) === undefined}
          empty="No open mining round yet."
        >
          {(r) => <Totals latest={latestRound(r)!.number} />}
        </QueryView>
      </Section>
    </Page>
  );
}
