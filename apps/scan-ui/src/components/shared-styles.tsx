import GlobalStyles from '@mui/material/GlobalStyles';

/** An id on one line, cut with an ellipsis when its place is narrower (the full id is its `title`). */
const ELLIPSIS = {
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontFamily: 'monospace',
  fontSize: '0.875rem',
} as const;

/**
 * The classes of what pages repeat by the hundred (an id with its copy button, an amount), styled
 * once here rather than per element: an `sx` or a MUI component per id is resolved against the
 * theme on every row of a 100-event update's state diff. Colours are the theme's CSS variables,
 * so both schemes apply without re-rendering.
 */
export function SharedStyles() {
  return (
    <GlobalStyles
      styles={{
        '.amount': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
        '.time-utc': { whiteSpace: 'nowrap' },
        '.time-ago': { whiteSpace: 'nowrap', color: 'var(--mui-palette-text-secondary)' },
        '.id-link': {
          position: 'relative',
          display: 'inline-flex',
          alignItems: 'center',
          maxWidth: '100%',
          gap: 2,
        },
        '.id-link > a': {
          ...ELLIPSIS,
          color: 'var(--mui-palette-primary-main)',
          textDecoration: 'underline',
          textDecorationColor: 'rgba(var(--mui-palette-primary-mainChannel) / 0.4)',
        },
        '.id-link > .id-parts': { whiteSpace: 'normal' },
        '.id-link > .id-parts > span': { whiteSpace: 'nowrap' },
        '.id-link > .id-text': ELLIPSIS,
        '.id-link > a:hover': { textDecorationColor: 'inherit' },
        '.template-id': { position: 'relative' },
        '.template-id > .package-id': {
          display: 'inline-block',
          maxWidth: '100%',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'bottom',
        },
        '.template-id > .copy-button': { verticalAlign: 'middle' },
        // The whole id under it while the keyboard is on its link or copy button (a title shows
        // on hover only).
        '[data-full]:has(:focus-visible)::after': {
          content: 'attr(data-full)',
          position: 'absolute',
          top: '100%',
          left: 0,
          zIndex: 1500,
          width: 'max-content',
          maxWidth: 'min(40rem, 90vw)',
          padding: '2px 6px',
          borderRadius: 4,
          fontFamily: 'monospace',
          fontSize: '0.8rem',
          overflowWrap: 'anywhere',
          whiteSpace: 'normal',
          color: 'var(--mui-palette-common-white)',
          backgroundColor: 'var(--mui-palette-grey-800)',
        },
        '.copy-button': {
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          flex: 'none',
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
        // Template chips whose label wraps after `:` or `.` (TemplateId) instead of being cut.
        '.template-chips': { display: 'flex', flexWrap: 'wrap', gap: 4 },
        '.template-chips .MuiChip-root': { height: 'auto', minHeight: 24, maxWidth: '100%' },
        '.template-chips .MuiChip-label': { whiteSpace: 'normal', paddingTop: 2, paddingBottom: 2 },
      }}
    />
  );
}
