import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { prefetchFirstPage } from './api/prefetch';
import { App } from './app';
import { SharedStyles } from './components/shared-styles';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    // The API's answers over the recorded history change only as updates arrive.
    queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: false },
  },
});

prefetchFirstPage(queryClient, window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme} defaultMode="system" noSsr>
        <CssBaseline />
        <SharedStyles />
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
