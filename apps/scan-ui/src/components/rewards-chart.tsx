import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { scanApi } from '@canton-scan/contracts/browser';
import { DataTable } from './data-table';
import { LineChart } from './line-chart';
import { Loading } from './query-view';
import { Amount } from './amount';
import { formatCount } from '../lib/format';

type Totals = scanApi.RewardAccountingActivityTotals;
type Ok = Extract<Totals, { round_number: number }>;

export interface RoundTotals {
  round: number;
  query: UseQueryResult<Totals>;
}

const isOk = (t: Totals | undefined): t is Ok => t !== undefined && 'round_number' in t;

/** Activity totals per round (CIP-0104): the minting allowance and its burned/unclaimed parts. */
export function RewardsChart({ rounds, table = true }: { rounds: RoundTotals[]; table?: boolean }) {
  const pending = rounds.some((r) => r.query.isPending);
  const loaded = rounds.map((r) => r.query.dataUpdatedAt).join();
  const { x, series } = useMemo(() => {
    const x = rounds.map((r) => r.round);
    // A chart needs positions; the exact decimal strings are in the table.
    const of = (f: (t: Ok) => string) =>
      rounds.map((r) => (isOk(r.query.data) ? Number(f(r.query.data)) : null));
    return {
      x,
      series: [
        { label: 'Minting allowance', values: of((t) => t.total_app_reward_minting_allowance) },
        { label: 'Thresholded (burned)', values: of((t) => t.total_app_reward_thresholded) },
        { label: 'Unclaimed', values: of((t) => t.total_app_reward_unclaimed) },
      ],
    };
  }, [loaded]);
  if (pending) return <Loading what="reward totals" />;
  return (
    <>
      <LineChart
        x={x}
        series={series}
        description={`App reward minting allowance per round, rounds ${x[0]} to ${x[x.length - 1]}; the figures are in the table below.`}
      />
      {table && (
        <DataTable
          label="Activity totals per round"
          rows={rounds}
          rowKey={(r) => String(r.round)}
          initialSort={{ key: 'round', desc: true }}
          columns={[
            { key: 'round', header: 'Round', cell: (r) => r.round, sortValue: (r) => r.round },
            {
              key: 'status',
              header: 'Status',
              cell: (r) => (r.query.isError ? r.query.error.message : (r.query.data?.status ?? '')),
            },
            {
              key: 'weight',
              header: 'Activity weight',
              align: 'right',
              cell: (r) => (isOk(r.query.data) ? formatCount(r.query.data.total_app_activity_weight) : '—'),
            },
            {
              key: 'parties',
              header: 'Active parties',
              align: 'right',
              cell: (r) => (isOk(r.query.data) ? formatCount(r.query.data.active_parties_count) : '—'),
            },
            {
              key: 'allowance',
              header: 'Minting allowance',
              align: 'right',
              cell: (r) =>
                isOk(r.query.data) ? <Amount value={r.query.data.total_app_reward_minting_allowance} /> : '—',
            },
            {
              key: 'burned',
              header: 'Thresholded',
              align: 'right',
              cell: (r) =>
                isOk(r.query.data) ? <Amount value={r.query.data.total_app_reward_thresholded} /> : '—',
            },
            {
              key: 'unclaimed',
              header: 'Unclaimed',
              align: 'right',
              cell: (r) =>
                isOk(r.query.data) ? <Amount value={r.query.data.total_app_reward_unclaimed} /> : '—',
            },
            {
              key: 'providers',
              header: 'Rewarded providers',
              align: 'right',
              cell: (r) =>
                isOk(r.query.data) ? formatCount(r.query.data.rewarded_app_provider_parties_count) : '—',
            },
          ]}
        />
      )}
    </>
  );
}
