import Chip from '@mui/material/Chip';
import { useAnsEntryByParty } from '../hooks/use-ans';

/**
 * A party's ANS name, when it has one: a small label beside the party (nothing while it loads,
 * when the party has no name, or when the lookup fails — a name is a convenience, not the id).
 */
export function AnsName({ party }: { party: string }) {
  const query = useAnsEntryByParty(party);
  const entry = query.data;
  if (!entry) return null;
  const title = entry.expires_at ? `ANS name, expires ${entry.expires_at}` : 'ANS name of the DSO';
  return (
    <Chip
      size="small"
      variant="outlined"
      label={entry.name}
      title={title}
      aria-label={`ANS name ${entry.name}`}
      sx={{ ml: 1, verticalAlign: 'middle' }}
    />
  );
}
