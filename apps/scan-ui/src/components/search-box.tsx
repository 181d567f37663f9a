import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';

/** The search box of every page: any id goes to `/search?q=`, which resolves it. */
export function SearchBox() {
  const [q, setQ] = useState('');
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    if (query) void navigate(`/search?q=${encodeURIComponent(query)}`);
  };
  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{ bgcolor: 'rgba(255,255,255,0.15)', borderRadius: 1, px: 1, flex: '1 1 220px', maxWidth: 520 }}
    >
      <InputBase
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Update, contract or party id"
        type="search"
        inputProps={{ 'aria-label': 'Search by update, contract or party id', name: 'q' }}
        sx={{ color: 'inherit', width: '100%', py: 0.5 }}
      />
    </Box>
  );
}
