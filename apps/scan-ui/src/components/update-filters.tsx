import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

/** The update list's filters, named as `GET /v0/explorer/updates` and the page's URL name them. */
export const UPDATE_FILTER_KEYS = ['party', 'template', 'choice', 'contract_id'] as const;
export type UpdateFilterKey = (typeof UPDATE_FILTER_KEYS)[number];
export type UpdateFilterValues = Partial<Record<UpdateFilterKey, string>>;

const FIELDS: { key: UpdateFilterKey; label: string; placeholder?: string; width: string }[] = [
  { key: 'party', label: 'Party id', width: '1 1 260px' },
  {
    key: 'template',
    label: 'Template (Module:Entity)',
    placeholder: 'Splice.Amulet:Amulet',
    width: '1 1 220px',
  },
  { key: 'choice', label: 'Choice', placeholder: 'AmuletRules_Transfer', width: '1 1 200px' },
  { key: 'contract_id', label: 'Contract id', placeholder: '00…', width: '1 1 260px' },
];

/** Keeps the filters that have a value, trimmed. */
function nonBlank(values: UpdateFilterValues): UpdateFilterValues {
  const out: UpdateFilterValues = {};
  for (const key of UPDATE_FILTER_KEYS) {
    const v = values[key]?.trim();
    if (v) out[key] = v;
  }
  return out;
}

/** The filters a URL's query gives (`?party=&template=&choice=&contract_id=`); blanks and other parameters left out. */
export function filtersFromParams(params: URLSearchParams): UpdateFilterValues {
  return nonBlank(Object.fromEntries(UPDATE_FILTER_KEYS.map((k) => [k, params.get(k) ?? undefined])));
}

/** The URL query of a set of filters, in a fixed order, so that a filtered list is a stable deep link. */
export function filtersToParams(values: UpdateFilterValues): URLSearchParams {
  return new URLSearchParams(Object.entries(nonBlank(values)) as [string, string][]);
}

/**
 * The update list's filter form: party, template, choice and contract id, applied together on
 * submit (blanks are no filter); Clear drops them all.
 */
export function UpdateFilters({
  value,
  onApply,
}: {
  value: UpdateFilterValues;
  onApply: (values: UpdateFilterValues) => void;
}) {
  const [draft, setDraft] = useState<UpdateFilterValues>(value);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onApply(nonBlank(draft));
  };
  const clear = () => {
    setDraft({});
    onApply({});
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter updates"
      onSubmit={apply}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}
    >
      {FIELDS.map((f) => (
        <TextField
          key={f.key}
          size="small"
          label={f.label}
          placeholder={f.placeholder}
          value={draft[f.key] ?? ''}
          onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
          sx={{ flex: f.width }}
        />
      ))}
      <Button type="submit" variant="contained">
        Filter
      </Button>
      {Object.keys(value).length > 0 && (
        <Button type="button" variant="outlined" onClick={clear}>
          Clear
        </Button>
      )}
    </Box>
  );
}
