import Typography from '@mui/material/Typography';
import type { scanApi } from '@canton-scan/contracts/browser';
import { DataTable } from '../components/data-table';
import { IdLink } from '../components/id-link';
import { Page, Section } from '../components/page';
import { QueryView } from '../components/query-view';
import { Time } from '../components/time';
import { useAcsPage, useValidatorFaucets } from '../hooks/use-acs';
import { useNetworkSummary } from '../hooks/use-explorer';
import { formatCount } from '../lib/format';
import type { ValidatorLicense } from '../lib/payloads';

export const VALIDATOR_LICENSE = 'splice-amulet:Splice.ValidatorLicense:ValidatorLicense';

type Row = scanApi.ValidatorReceivedFaucets & { licence?: ValidatorLicense };

function Liveness({ licences }: { licences: ValidatorLicense[] }) {
  const faucets = useValidatorFaucets(licences.map((l) => l.validator));
  const byParty = new Map(licences.map((l) => [l.validator, l]));
  return (
    <QueryView
      query={faucets}
      what="faucet statistics"
      isEmpty={(d) => d.validatorsReceivedFaucets.length === 0}
      empty="No validator has collected a faucet yet."
    >
      {(d) => (
        <DataTable<Row>
          label="Validator liveness"
          rows={d.validatorsReceivedFaucets.map((f) => ({ ...f, licence: byParty.get(f.validator) }))}
          rowKey={(r) => r.validator}
          initialSort={{ key: 'collected', desc: true }}
          columns={[
            {
              key: 'validator',
              header: 'Validator',
              nowrap: true,
              cell: (r) => <IdLink kind="party" id={r.validator} />,
              sortValue: (r) => r.validator,
            },
            {
              key: 'collected',
              header: 'Rounds collected',
              align: 'right',
              cell: (r) => formatCount(r.numRoundsCollected),
              sortValue: (r) => r.numRoundsCollected,
            },
            {
              key: 'missed',
              header: 'Rounds missed',
              align: 'right',
              cell: (r) => formatCount(r.numRoundsMissed),
              sortValue: (r) => r.numRoundsMissed,
            },
            {
              key: 'first',
              header: 'First round',
              align: 'right',
              cell: (r) => r.firstCollectedInRound,
              sortValue: (r) => r.firstCollectedInRound,
            },
            {
              key: 'last',
              header: 'Last round',
              align: 'right',
              cell: (r) => r.lastCollectedInRound,
              sortValue: (r) => r.lastCollectedInRound,
            },
            {
              key: 'sponsor',
              header: 'Sponsor',
              nowrap: true,
              cell: (r) => (r.licence ? <IdLink kind="party" id={r.licence.sponsor} /> : ''),
            },
            {
              key: 'active',
              header: 'Last active',
              cell: (r) => (r.licence?.lastActiveAt ? <Time iso={r.licence.lastActiveAt} /> : '—'),
            },
          ]}
        />
      )}
    </QueryView>
  );
}

export default function ValidatorsPage() {
  const summary = useNetworkSummary();
  const s = summary.data;
  const licences = useAcsPage(
    s && {
      migration_id: s.migration_id,
      record_time: s.record_time,
      record_time_match: 'at_or_before',
      page_size: 1000,
      templates: [VALIDATOR_LICENSE],
    },
  );
  return (
    <Page title="Validators" subtitle="Faucet liveness of the onboarded validators (sortable)">
      <Section title="Validator liveness">
        <QueryView query={summary} what="network summary">
          {() => (
            <QueryView
              query={licences}
              what="validator licences"
              isEmpty={(d) => d.created_events.length === 0}
              empty="No validator licence in the newest snapshot."
            >
              {(d) => (
                <>
                  <Typography sx={{ mb: 1 }}>
                    Licences of the snapshot at <Time iso={d.record_time} /> (migration {d.migration_id}).
                  </Typography>
                  <Liveness
                    licences={d.created_events.map((e) => e.create_arguments as unknown as ValidatorLicense)}
                  />
                </>
              )}
            </QueryView>
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
