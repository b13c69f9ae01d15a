/**
 * The look: one accent colour (indigo), neutral surfaces, system fonts. Risk colours are not
 * theme colours on purpose: they live in components/tone.module.css and are used only for risk.
 */
import { createTheme, darken, lighten, luminance, type CSSVariablesResolver, type MantineColorsTuple, type MantineTheme } from '@mantine/core';

const accent: MantineColorsTuple = ['#eef2ff', '#e0e7ff', '#c7d2fe', '#a5b4fc', '#818cf8', '#6366f1', '#4f46e5', '#4338ca', '#3730a3', '#312e81'];

export const theme = createTheme({
  primaryColor: 'accent',
  primaryShade: { light: 6, dark: 7 },
  colors: { accent },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  respectReducedMotion: true,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
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
    // A badge's word is never cut: in a crowded table Mantine's badge shrinks to an ellipsis ("ACTI…")
    // while wider columns keep their room; its words here are short (statuses, scopes, risk levels).
    Badge: { styles: { label: { overflow: 'visible' } } },
    Tooltip: { defaultProps: { withArrow: true } },
    // Mantine's close buttons are an icon with no name: screen readers would announce "button".
    Drawer: { defaultProps: { returnFocus: true, trapFocus: true, closeButtonProps: { 'aria-label': 'Close' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A notification's message is Mantine's gray-6 under a title (3.3:1 on white): the raised dimmed colour reads at AA.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/** WCAG AA for normal text. */
const AA = 4.5;

/** The WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** `color`, darkened (on a light background) or lightened (on a dark one) just enough to read at AA on `background`. */
function readable(color: string, background: string): string {
  const shift = luminance(background) > 0.5 ? darken : lighten;
  let result = color;
  for (let amount = 0.05; contrast(result, background) < AA && amount <= 1; amount += 0.05) result = shift(color, amount);
  return result;
}

/** The first of the shades from `from` on that carries white text at AA, else the darkest one darkened until it does. */
function fillForWhiteText(shades: MantineColorsTuple, from: number): string {
  const shade = shades.slice(from).find((candidate) => contrast(candidate, '#ffffff') >= AA);
  return shade ?? readable(shades[9], '#ffffff');
}

/**
 * Mantine's palette is bright: its light variant (shade 9 on shade 1) reads at 2.7:1 in yellow and
 * 4.3:1 in teal, white on a filled red button at 3.3:1 (shade 6) in light and 3.8:1 (shade 7) in
 * dark. Every colour's variant variables are raised to AA here, so Badges, Alerts (the test-payment
 * title), Buttons and coloured Text pass with any colour; colours already at AA stay as they are.
 */
function readableColorVariables(theme: MantineTheme, scheme: 'light' | 'dark'): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const filled = fillForWhiteText(shades, scheme === 'light' ? 6 : 7);
    variables[`--mantine-color-${name}-filled`] = filled;
    variables[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    if (scheme === 'light') {
      // Text on the light variant's hover background (shade 2), the darker of its two.
      variables[`--mantine-color-${name}-light-color`] = readable(shades[9], shades[2]);
      variables[`--mantine-color-${name}-outline`] = filled;
    } else {
      // Mantine's shade 3 outline reads at 3:1 in "dark" (the missing-evidence alert); judged on dark 6, the lightest surface text sits on.
      variables[`--mantine-color-${name}-outline`] = readable(shades[3], theme.colors.dark[6]);
    }
  }
  return variables;
}

/** Text colours raised to WCAG AA contrast on both schemes (Mantine's dimmed and placeholder greys are below 4.5:1). */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...readableColorVariables(theme, 'light'),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Gray 6 reads at 3.3:1 on a white input; a little darker still looks like a hint beside typed text.
    '--mantine-color-placeholder': readable(theme.colors.gray[6], theme.white),
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {
    ...readableColorVariables(theme, 'dark'),
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // On the input's background (dark 6).
    '--mantine-color-placeholder': readable(theme.colors.dark[2], theme.colors.dark[6]),
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--mantine-color-accent-3)',
  },
});
