import { createTheme } from '@mui/material/styles';

/** Light and dark schemes (CSS variables, so switching repaints without re-rendering). */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#0b5cad' },
        success: { main: '#1b6e20' },
        warning: { main: '#8a4b00' },
        info: { main: '#0a5f84' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#8cc4ff' },
        success: { main: '#7fd483' },
        warning: { main: '#ffb566' },
        info: { main: '#7fd0f5' },
      },
    },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
});
