import { Button, Card, createTheme, Paper } from '@mantine/core';
import { darkScale, palette, shadesOf } from './palette';

export const RADIUS = 7;

/** Geometric sans-serif stack; no web font is fetched so the app works offline. */
const fontFamily =
  "'Plus Jakarta Sans', 'Poppins', 'Montserrat', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'primary',
  primaryShade: { light: 6, dark: 6 },
  colors: {
    primary: shadesOf(palette.primary),
    secondary: shadesOf(palette.secondary),
    success: shadesOf(palette.success),
    info: shadesOf(palette.info),
    error: shadesOf(palette.error),
    warning: shadesOf(palette.warning),
    dark: darkScale,
  },
  fontFamily,
  headings: {
    fontFamily,
    fontWeight: '600',
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.8125rem',
    md: '0.875rem',
    lg: '1rem',
    xl: '1.125rem',
  },
  defaultRadius: RADIUS,
  cursorType: 'pointer',
  components: {
    Button: Button.extend({ defaultProps: { radius: RADIUS } }),
    Card: Card.extend({ defaultProps: { padding: 24, radius: RADIUS, withBorder: true } }),
    Paper: Paper.extend({ defaultProps: { radius: RADIUS } }),
  },
});
