import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

/** A template filter (`package-name:Module:Entity`, as the ACS takes it); empty shows every template. */
export function TemplateFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (v: string | undefined) => void;
}) {
  const [template, setTemplate] = useState(value ?? '');
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onChange(template.trim() || undefined);
  };
  return (
    <Box component="form" onSubmit={apply} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
      <TextField
        size="small"
        label="Template (package:Module:Entity)"
        placeholder="splice-amulet:Splice.Amulet:Amulet"
        value={template}
        onChange={(e) => setTemplate(e.target.value)}
        sx={{ flex: '1 1 18rem' }}
      />
      <Button type="submit" variant="outlined">
        Filter
      </Button>
    </Box>
  );
}
