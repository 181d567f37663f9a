import { lazy, Suspense } from 'react';
import { NavLink, Route, Routes } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useColorScheme } from '@mui/material/styles';
import { Loading } from './components/query-view';
import { SearchBox } from './components/search-box';

// One chunk per page: the first load fetches only the shell and the page it opens on.
const Overview = lazy(() => import('./routes/overview'));
const Updates = lazy(() => import('./routes/updates'));
const Update = lazy(() => import('./routes/update'));
const ContractPage = lazy(() => import('./routes/contract'));
const Party = lazy(() => import('./routes/party'));
const Acs = lazy(() => import('./routes/acs'));
const Validators = lazy(() => import('./routes/validators'));
const Governance = lazy(() => import('./routes/governance'));
const Rewards = lazy(() => import('./routes/rewards'));
const Mirror = lazy(() => import('./routes/mirror'));
const Search = lazy(() => import('./routes/search'));
const NotFound = lazy(() => import('./routes/not-found'));

const NAV = [
  ['/', 'Overview'],
  ['/updates', 'Updates'],
  ['/acs', 'ACS'],
  ['/validators', 'Validators'],
  ['/governance', 'Governance'],
  ['/rewards', 'Rewards'],
  ['/mirror', 'Mirror'],
] as const;

function ThemeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  return (
    <Button
      color="inherit"
      onClick={() => setMode(dark ? 'light' : 'dark')}
      aria-pressed={dark}
      sx={{ minWidth: 0 }}
    >
      <span aria-hidden="true">{dark ? '☀' : '☾'}</span>&nbsp;{dark ? 'Light' : 'Dark'} theme
    </Button>
  );
}

export function App() {
  return (
    <>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 },
        }}
      >
        Skip to content
      </Link>
      <AppBar position="static" component="header" enableColorOnDark>
        <Toolbar sx={{ flexWrap: 'wrap', gap: 1, py: 1 }}>
          <Link
            component={NavLink}
            to="/"
            color="inherit"
            underline="none"
            sx={{ fontWeight: 700, fontSize: '1.15rem', mr: 1 }}
          >
            Scan explorer
          </Link>
          <SearchBox />
          <ThemeToggle />
          <Box
            component="nav"
            aria-label="Pages"
            sx={{ display: 'flex', flexWrap: 'wrap', width: '100%', gap: 0.5 }}
          >
            {NAV.map(([to, label]) => (
              <Button
                key={to}
                component={NavLink}
                to={to}
                end={to === '/'}
                color="inherit"
                size="small"
                sx={{ '&.active': { textDecoration: 'underline', textUnderlineOffset: 4 } }}
              >
                {label}
              </Button>
            ))}
          </Box>
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" tabIndex={-1} maxWidth="xl" sx={{ py: 2, px: { xs: 1, sm: 2 } }}>
        <Suspense fallback={<Loading what="page" />}>
          <Routes>
            <Route path="/" element={<Overview />} />
            <Route path="/updates" element={<Updates />} />
            <Route path="/updates/:updateId" element={<Update />} />
            <Route path="/contracts/:contractId" element={<ContractPage />} />
            <Route path="/parties/:partyId" element={<Party />} />
            <Route path="/acs" element={<Acs />} />
            <Route path="/validators" element={<Validators />} />
            <Route path="/governance" element={<Governance />} />
            <Route path="/rewards" element={<Rewards />} />
            <Route path="/mirror" element={<Mirror />} />
            <Route path="/search" element={<Search />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </Container>
    </>
  );
}
