import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { templateName } from '../lib/format';
import type { StateDiff } from '../lib/tree';
import { IdLink } from './id-link';
import { TemplateId } from './template-id';

/** The rows' styles, once per list (an update may create and archive a hundred contracts). */
const ROWS_SX = {
  pl: 0,
  m: 0,
  listStyle: 'none',
  '& > li': { py: 0.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 },
} as const;

function Side({
  title,
  rows,
  transient,
}: {
  title: string;
  rows: { contract_id: string; template_id: string; event_id: string }[];
  transient: Set<string>;
}) {
  const id = `diff-${title.toLowerCase()}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ flex: 1, minWidth: 0 }}>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title} ({rows.length})
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">None</Typography>
      ) : (
        <Box component="ul" aria-label={`${title} contracts`} sx={ROWS_SX}>
          {rows.map((r) => (
            <li key={r.event_id}>
              <span>
                <TemplateId id={templateName(r.template_id)} />
              </span>
              <IdLink kind="contract" id={r.contract_id} />
              {transient.has(r.contract_id) && <Chip size="small" label="created and archived here" />}
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The contracts an update created and archived, side by side (stacked on narrow screens). */
export function StateDiffView({ diff }: { diff: StateDiff }) {
  return (
    <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', md: 'row' } }}>
      <Side title="Created" rows={diff.created} transient={diff.transient} />
      <Side title="Archived" rows={diff.archived} transient={diff.transient} />
    </Box>
  );
}
