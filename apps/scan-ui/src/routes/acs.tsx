import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { AcsContracts, type AcsView } from '../components/acs-contracts';
import { DataTable } from '../components/data-table';
import { Page, Section } from '../components/page';
import { QueryView } from '../components/query-view';
import { SnapshotPicker } from '../components/snapshot-picker';
import { TemplateId } from '../components/template-id';
import { useAcsTemplateCounts } from '../hooks/use-acs';
import { useNetworkSummary } from '../hooks/use-explorer';
import { formatCount, templateName } from '../lib/format';

function TemplateCounts({ migration, at }: { migration: number; at: string }) {
  const query = useAcsTemplateCounts(migration, at);
  return (
    <QueryView
      query={query}
      what="template counts"
      isEmpty={(d) => d.counts.length === 0}
      empty="The snapshot is empty."
    >
      {(d) => (
        <DataTable
          label="Active contracts per template"
          rows={d.counts}
          rowKey={(c) => c.template_id}
          initialSort={{ key: 'count', desc: true }}
          columns={[
            {
              key: 'template',
              header: 'Template',
              cell: (c) => (
                <span title={c.template_id}>
                  <TemplateId id={templateName(c.template_id)} />
                </span>
              ),
              sortValue: (c) => templateName(c.template_id),
            },
            {
              key: 'count',
              header: 'Contracts',
              align: 'right',
              cell: (c) => formatCount(c.count),
              sortValue: (c) => c.count,
            },
          ]}
        />
      )}
    </QueryView>
  );
}

function Filters({ view, onChange }: { view: AcsView; onChange: (v: Partial<AcsView>) => void }) {
  const [template, setTemplate] = useState(view.template ?? '');
  const [party, setParty] = useState(view.party ?? '');
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onChange({ template: template.trim() || undefined, party: party.trim() || undefined });
  };
  return (
    <Box component="form" onSubmit={apply} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <TextField
        size="small"
        label="Template (package:Module:Entity)"
        placeholder="splice-amulet:Splice.Amulet:Amulet"
        value={template}
        onChange={(e) => setTemplate(e.target.value)}
        sx={{ flex: '1 1 260px' }}
      />
      <TextField
        size="small"
        label="Stakeholder party id"
        value={party}
        onChange={(e) => setParty(e.target.value)}
        sx={{ flex: '1 1 260px' }}
      />
      <Button type="submit" variant="contained">
        Filter
      </Button>
    </Box>
  );
}

/** `/acs?migration=&at=&template=&party=`: defaults to the newest migration and record time. */
export default function AcsPage() {
  const summary = useNetworkSummary();
  const [params, setParams] = useSearchParams();
  const update = (v: Partial<AcsView>, base: AcsView) => {
    const next = { ...base, ...v };
    const p = new URLSearchParams({ migration: String(next.migration), at: next.at });
    if (next.template) p.set('template', next.template);
    if (next.party) p.set('party', next.party);
    setParams(p);
  };
  return (
    <Page title="Active contracts" subtitle="The ACS at any snapshot time, by template and party">
      <QueryView query={summary} what="network summary">
        {(s) => {
          const view: AcsView = {
            migration: params.has('migration') ? Number(params.get('migration')) : s.migration_id,
            at: params.get('at') ?? s.record_time,
            template: params.get('template') ?? undefined,
            party: params.get('party') ?? undefined,
          };
          return (
            <>
              <Section title="Snapshot">
                <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
                  <SnapshotPicker
                    key={`${view.migration}|${view.at}`}
                    migration={view.migration}
                    at={view.at}
                    onChange={(migration, at) => update({ migration, at }, view)}
                  />
                  <Filters view={view} onChange={(v) => update(v, view)} />
                </Box>
                <AcsContracts key={JSON.stringify(view)} view={view} label="Active contracts" />
              </Section>
              <Section title="Contracts per template">
                <TemplateCounts migration={view.migration} at={view.at} />
              </Section>
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}
