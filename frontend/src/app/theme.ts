/**
 * The look: one accent colour (indigo), neutral surfaces, system fonts. Risk colours are not
 * theme colours on purpose: they live in components/tone.module.css and are used only for risk.
 */
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const accent: MantineColorsTuple = [
  '#eef2ff',
  '#e0e7ff',
  '#c7d2fe',
  '#a5b4fc',
  '#818cf8',
  '#6366f1',
  '#4f46e5',
  '#4338ca',
  '#3730a3',
  '#312e81',
];

export const theme = createTheme({
  primaryColor: 'accent',
  primaryShade: { light: 6, dark: 7 },
  colors: { accent },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  respectReducedMotion: true,
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
  headings: {
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.25' },
      h2: { fontSize: '1.375rem', lineHeight: '1.3' },
      h3: { fontSize: '1rem', lineHeight: '1.4' },
    },
  },
  components: {
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
    Tooltip: { defaultProps: { withArrow: true } },
    Drawer: { defaultProps: { returnFocus: true, trapFocus: true } },
  },
});

/** Text colours raised to WCAG AA contrast on both schemes (Mantine's dimmed grey is below 4.5:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--mantine-color-accent-3)',
  },
});
