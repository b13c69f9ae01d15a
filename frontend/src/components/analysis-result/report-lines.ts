/**
 * How the AML report text is shown (spec §2 Wallet Checker): split by lines; "Risk score:" and
 * "Risk level:" lines and lines mentioning sanctions screening are highlighted; a line "---" is a
 * divider; numbered lines ("1. Wallet overview") are section headings.
 */

export type ReportLine =
  | { kind: 'divider' }
  | { kind: 'blank' }
  | {
      /** `risk`: a risk score or level line; `sanctions`: mentions sanctions screening. */
      kind: 'risk' | 'sanctions' | 'text';
      text: string;
      /** Starts with a number and a dot: a section heading. */
      heading: boolean;
    };

export type ReportLineKind = ReportLine['kind'];

const RISK_LINE = /^risk (score|level):/i;
const SANCTIONS_SCREENING = /sanctions screening/i;
const NUMBERED = /^\d+\.\s*\S/;

export function classifyReportLine(raw: string): ReportLine {
  const text = raw.trim();
  if (text === '') return { kind: 'blank' };
  if (text === '---') return { kind: 'divider' };
  const heading = NUMBERED.test(text);
  if (RISK_LINE.test(text)) return { kind: 'risk', text, heading };
  if (SANCTIONS_SCREENING.test(text)) return { kind: 'sanctions', text, heading };
  return { kind: 'text', text, heading };
}

/** The report's lines, classified; an empty or blank report gives no lines ("No report available"). */
export function parseReport(report: string | null | undefined): ReportLine[] {
  if (!report || report.trim() === '') return [];
  const lines = report.replace(/\r\n?/g, '\n').split('\n').map(classifyReportLine);
  // Runs of blank lines collapse to one; leading and trailing blanks go.
  const out: ReportLine[] = [];
  for (const line of lines) {
    if (line.kind === 'blank' && (out.length === 0 || out[out.length - 1]!.kind === 'blank')) continue;
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1]!.kind === 'blank') out.pop();
  return out;
}
