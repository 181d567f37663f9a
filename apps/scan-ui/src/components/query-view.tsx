import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export function Loading({ what }: { what: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
      <CircularProgress size={20} aria-hidden="true" />
      <Typography>Loading {what}…</Typography>
    </Box>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography sx={{ p: 2, color: 'text.secondary' }} role="status">
      {children}
    </Typography>
  );
}

export function ErrorBox({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          Retry
        </Button>
      }
    >
      {error instanceof Error ? error.message : String(error)}
    </Alert>
  );
}

/**
 * The three states of a query: loading, failed (the API's `error` text and a retry button), and
 * loaded, where `isEmpty` picks the empty state's text over the content.
 */
export function QueryView<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError) return <ErrorBox error={query.error} retry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <Empty>{empty ?? `No ${what}.`}</Empty>;
  return <>{children(query.data)}</>;
}
