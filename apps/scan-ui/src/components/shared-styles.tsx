import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * The classes of what pages repeat by the hundred (an id with its copy button), styled once here
 * rather than per element: an `sx` or a MUI component per id is resolved against the theme on
 * every row of a 100-event update's state diff. Colours are the theme's CSS variables, so both
 * schemes apply without re-rendering.
 */
export function SharedStyles() {
  return (
    <GlobalStyles
      styles={{
        '.id-link': { display: 'inline-flex', alignItems: 'center', maxWidth: '100%', gap: 2 },
        '.id-link > a': {
          fontFamily: 'monospace',
          fontSize: '0.875rem',
          wordBreak: 'break-all',
          color: 'var(--mui-palette-primary-main)',
          textDecoration: 'underline',
          textDecorationColor: 'rgba(var(--mui-palette-primary-mainChannel) / 0.4)',
        },
        '.id-link > a:hover': { textDecorationColor: 'inherit' },
        '.copy-button': {
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 4,
          border: 0,
          borderRadius: '50%',
          background: 'none',
          color: 'var(--mui-palette-action-active)',
          fontSize: '0.9rem',
          cursor: 'pointer',
        },
        '.copy-button:hover': { backgroundColor: 'var(--mui-palette-action-hover)' },
        '.copy-button:focus-visible': { outline: '2px solid var(--mui-palette-primary-main)' },
      }}
    />
  );
}
