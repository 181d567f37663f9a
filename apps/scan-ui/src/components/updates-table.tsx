import Chip from '@mui/material/Chip';
import type { scanApi } from '@canton-scan/contracts/browser';
import { templateName } from '../lib/format';
import { DataTable } from './data-table';
import { IdLink } from './id-link';
import { TemplateId } from './template-id';
import { Time } from './time';

type Row = scanApi.ExplorerUpdate;

/** A list of updates: id, time, kind, size and templates, each update linking to its page. */
export function UpdatesTable({ updates, label }: { updates: readonly Row[]; label: string }) {
  return (
    <DataTable
      label={label}
      rows={updates}
      rowKey={(u) => u.update_id}
      columns={[
        { key: 'id', header: 'Update', nowrap: true, cell: (u) => <IdLink kind="update" id={u.update_id} /> },
        { key: 'time', header: 'Record time', cell: (u) => <Time iso={u.record_time} /> },
        {
          key: 'kind',
          header: 'Kind',
          nowrap: true,
          cell: (u) =>
            u.kind === 'reassignment' ? `Reassignment (${u.reassignment ?? 'move'})` : 'Transaction',
        },
        { key: 'events', header: 'Events', align: 'right', cell: (u) => u.event_count },
        {
          key: 'templates',
          header: 'Templates',
          cell: (u) => (
            <div className="template-chips">
              {u.template_ids.slice(0, 4).map((t) => (
                <Chip key={t} size="small" label={<TemplateId id={templateName(t)} />} title={t} />
              ))}
              {u.template_ids.length > 4 && <Chip size="small" label={`+${u.template_ids.length - 4}`} />}
            </div>
          ),
        },
      ]}
    />
  );
}
