import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  // CSS variables + a class on <html> let the scheme switch without re-rendering the tree,
  // and let MUI remember the choice (mode "system" follows the OS).
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#00796b', contrastText: '#ffffff' },
        secondary: { main: '#3949ab' },
        // MUI's default warning (#ed6c02) and info (#0288d1) reach only 3.1:1 and 3.9:1 on white,
        // so outlined chips and coloured text failed WCAG AA (4.5:1). These darker shades pass on
        // the paper, on the page background and on a selected row's tint (where #b45309 and MUI's
        // error #d32f2f fell to 4.48:1 and 4.44:1), and keep white text readable on filled chips.
        warning: { main: '#a84c06', contrastText: '#ffffff' },
        error: { main: '#c62828', contrastText: '#ffffff' },
        info: { main: '#0369a1', contrastText: '#ffffff' },
        background: { default: '#f5f7f7', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#4db6ac', contrastText: '#00201c' },
        secondary: { main: '#9fa8da' },
        // MUI's dark error (#f44336) carries white text at 3.7:1 on a filled button, and as text
        // drops below 4.5:1 on the lighter paper of dialogs. A lighter red with dark text passes both.
        error: { main: '#f77066', contrastText: '#000000' },
        background: { default: '#0e1414', paper: '#151c1c' },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    // htmlFontSize 16 and MUI's body1 (1rem) make body text 16px; raising `fontSize` instead
    // would scale every variant up, not set the base.
    fontFamily: '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    htmlFontSize: 16,
    button: { fontWeight: 500, textTransform: 'none' },
    h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontSize: '1.5rem', fontWeight: 600, letterSpacing: '-0.01em' },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    h4: { fontSize: '1.125rem', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 20 } },
    },
    MuiPaper: {
      styleOverrides: { outlined: { borderRadius: 20 } },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        // No elevation overlay in dark mode: the bar should match the page chrome, not float above it.
        // The divider is an inset shadow, not a border, so the bar stays exactly the 64px the
        // content is offset by.
        root: ({ theme }) => ({
          boxShadow: `inset 0 -1px 0 ${theme.vars.palette.divider}`,
          borderRadius: 0,
          backgroundImage: 'none',
        }),
      },
    },
    MuiTableCell: {
      styleOverrides: { head: { fontWeight: 600 } },
    },
    MuiLink: { defaultProps: { underline: 'hover' } },
    // An unselected toggle's text is MUI's action.active (54% black), 4.47:1 on its own hover tint:
    // the secondary text colour (60%) keeps it above 4.5:1 hovered too.
    MuiToggleButton: {
      styleOverrides: { root: ({ theme }) => ({ color: theme.vars.palette.text.secondary }) },
    },
    // A form a role may only read is disabled as a whole (decision 0024), but its labels and help
    // say what each value is: they keep the secondary text colour (WCAG AA), not MUI's disabled grey at 2.7:1.
    MuiFormLabel: {
      styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.vars.palette.text.secondary } }) },
    },
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.vars.palette.text.secondary } }) },
    },
    MuiButtonBase: {
      styleOverrides: {
        // A visible focus ring for keyboard users on every clickable MUI element.
        root: ({ theme }) => ({
          '&.Mui-focusVisible': { outline: `2px solid ${theme.vars.palette.primary.main}`, outlineOffset: 2 },
        }),
      },
    },
  },
});
