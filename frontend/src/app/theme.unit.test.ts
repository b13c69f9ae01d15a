import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { contrast, cssVariablesResolver, theme } from './theme';

/** The resolved theme as MantineProvider builds it: Mantine's palette with ours merged in. */
const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const variables = cssVariablesResolver(resolved);
const colors = Object.entries(resolved.colors);
/** A variable's value, with `var(--mantine-color-<name>-<shade>)` resolved to the palette's colour. */
const value = (scheme: 'light' | 'dark', name: string): string => {
  const raw = (variables[scheme] as Record<string, string>)[name]!;
  const shade = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(raw);
  return shade ? resolved.colors[shade[1]!]![Number(shade[2])]! : raw;
};

describe('every colour reads at WCAG AA (4.5:1)', () => {
  it.each(colors)('%s: white on filled, light-variant text on its backgrounds, outlined text', (name, shades) => {
    for (const scheme of ['light', 'dark'] as const) {
      expect(contrast('#ffffff', value(scheme, `--mantine-color-${name}-filled`))).toBeGreaterThanOrEqual(4.5);
      expect(contrast('#ffffff', value(scheme, `--mantine-color-${name}-filled-hover`))).toBeGreaterThanOrEqual(4.5);
    }
    for (const background of [shades[1], shades[2], resolved.white]) {
      expect(contrast(value('light', `--mantine-color-${name}-light-color`), background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(value('light', `--mantine-color-${name}-outline`), resolved.white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(value('dark', `--mantine-color-${name}-outline`), resolved.colors.dark[6])).toBeGreaterThanOrEqual(4.5);
  });

  it('placeholders on an input in either scheme', () => {
    expect(contrast(value('light', '--mantine-color-placeholder'), resolved.white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(value('dark', '--mantine-color-placeholder'), resolved.colors.dark[6])).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps colours already at AA as Mantine has them (the accent button stays accent 6)', () => {
    expect(value('light', '--mantine-color-accent-filled')).toBe(resolved.colors.accent![6]);
    expect(value('light', '--mantine-color-red-filled')).toBe(resolved.colors.red[8]);
  });
});
