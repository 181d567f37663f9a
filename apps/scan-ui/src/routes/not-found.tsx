import { Link as RouterLink, useLocation } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Page } from '../components/page';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page title="Page not found">
      <Typography>
        There is no page at <code>{pathname}</code>.{' '}
        <Link component={RouterLink} to="/">
          Go to the overview
        </Link>
        .
      </Typography>
    </Page>
  );
}
