import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Next / previous over token-paged results (the tokens of the pages seen are kept by the caller). */
export function Pager({
  page,
  hasNext,
  onPrev,
  onNext,
}: {
  page: number;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
}) {
  return (
    <Box
      component="nav"
      aria-label="Pages of results"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}
    >
      <Button size="small" variant="outlined" disabled={page === 0} onClick={onPrev}>
        Previous
      </Button>
      <Typography>Page {page + 1}</Typography>
      <Button size="small" variant="outlined" disabled={!hasNext} onClick={onNext}>
        Next
      </Button>
    </Box>
  );
}

/** The tokens of the pages visited: page i starts at tokens[i] (undefined for the first). */
export function nextPages<T>(tokens: (T | undefined)[], page: number, next: T | undefined) {
  return next === undefined ? tokens : [...tokens.slice(0, page + 1), next];
}
