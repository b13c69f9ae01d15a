/**
 * The AML report in the history details (spec §2 History): lines starting with a number and a dot
 * ("1. Wallet Overview") are bold headings, the other lines paragraphs, a line "---" a divider.
 * Blank lines only separate; an empty report has no blocks ("No report available").
 */
export type ReportBlock = { kind: 'heading' | 'paragraph'; text: string } | { kind: 'divider' };

const NUMBERED = /^\d+\.(?!\d)\s*\S/;

export function reportBlocks(report: string | null | undefined): ReportBlock[] {
  if (!report) return [];
  const blocks: ReportBlock[] = [];
  for (const raw of report.replace(/\r\n?/g, '\n').split('\n')) {
    const text = raw.trim();
    if (text === '') continue;
    if (text === '---') blocks.push({ kind: 'divider' });
    else blocks.push({ kind: NUMBERED.test(text) ? 'heading' : 'paragraph', text });
  }
  return blocks;
}
