/**
 * Accessibility checks with axe-core in a real page: its source is injected into the page and
 * `axe.run` audits what is rendered at that moment (open modals and drawers included), against
 * the WCAG 2.0/2.1/2.2 A and AA rules.
 */
import axe from 'axe-core';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING: ImpactValue[] = ['critical', 'serious'];

export interface AxeViolation {
  id: string;
  impact: ImpactValue;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** The critical and serious WCAG A/AA violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (no inline script) does not
  // govern, where a script tag would be refused; it stays in the page until it navigates.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = (await page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    TAGS,
  )) as AxeResults;
  return results.violations
    .filter((violation) => violation.impact && BLOCKING.includes(violation.impact))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact as ImpactValue,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), html: node.html, summary: node.failureSummary ?? '' })),
    }));
}

/** The violations as a report a failing assertion can show: rule, impact, each element and why. */
export function formatViolations(where: string, violations: AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no critical or serious accessibility violations`;
  const lines = [`${where}: ${violations.length} critical/serious accessibility violation(s)`];
  for (const violation of violations) {
    lines.push(`- [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`);
    for (const node of violation.nodes) {
      lines.push(`    at ${node.target}`, `      ${node.html.slice(0, 200)}`, ...node.summary.split('\n').map((line) => `      ${line}`));
    }
  }
  return lines.join('\n');
}

/** Waits until finite animations and transitions have ended (spinners run forever and are left out). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * The readable report of the page's critical and serious violations, or null when it has none.
 * Waits for transitions first, so a modal fading in is judged at its final colours.
 */
export async function accessibilityReport(page: Page, where: string): Promise<string | null> {
  await settled(page);
  const violations = await axeViolations(page);
  return violations.length > 0 ? formatViolations(where, violations) : null;
}

/** Fails with the readable report when the page has any critical or serious violation. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const report = await accessibilityReport(page, where);
  if (report) throw new Error(report);
}
