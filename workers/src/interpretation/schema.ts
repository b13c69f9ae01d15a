/**
 * The reply the language model must give, and the checks it must pass before it is used: valid
 * JSON, the zod schema, and no statement of a risk score, level or status other than the computed
 * one. Any failure is reported as a plain sentence and the rule-based writer is used instead.
 */
import { z } from 'zod';
import { INCOMPLETE_RISK_LEVEL } from '@walletscreen/contracts';
import type { RiskAssessment } from '../checks/risk-model';

export const narrativeReplySchema = z.object({
  summary: z.string().trim().min(1).max(1200),
  recommendations: z.array(z.string().trim().min(1).max(300)).min(1).max(5),
});
export type NarrativeReply = z.infer<typeof narrativeReplySchema>;

/** The name of the structured-output format sent with the request. */
export const narrativeReplyFormatName = 'aml_report_narrative';

// Words that may sit between "score"/"level"/"status" and the value it states ("the score is 40",
// "risk level: High", "scored at 40"). Anything else between them ("score is driven by 2 ...") is
// not a statement of the value.
const LINK = String.raw`(?:\s+|\s*[:=(–-]\s*|\b(?:of|is|was|at|stands|remains|equals|totals|reaches|reached|comes|to|a|an|the|overall|computed|calculated|final|assessed|set|as|just|only)\b)*`;
const KIND = String.raw`(?:counterpart|address|wallet|entit|categor|exposure|source|transaction|part|jurisdiction|exchange|service|mixer|fund|activit|flow|interaction|contact)`;

const scorePatterns = [
  new RegExp(String.raw`\bscor(?:e|es|ed|ing)\b${LINK}(\d{1,3}(?:\.\d+)?)(?!\s*%|\.\d|\d)`, 'gi'),
  new RegExp(String.raw`(?<![\d.])(\d{1,3}(?:\.\d+)?)\s*(?:\/|out\s+of)\s*100\b`, 'gi'),
];
const levelPatterns = [
  new RegExp(String.raw`\brisk\s+(?:level|rating|classification)\b${LINK}(low|medium|high)\b`, 'gi'),
  new RegExp(String.raw`\b(low|medium|high)[\s-]+risk\s+(?:level|rating|classification)\b`, 'gi'),
  new RegExp(String.raw`\((low|medium|high)\s+risk\)`, 'gi'),
  new RegExp(
    String.raw`\b(?:classified|rated|assessed|graded|categori[sz]ed|deemed|considered)\s+(?:as\s+)?(?:an?\s+)?(?:overall\s+)?(low|medium|high)[\s-]+risk\b(?!\s*${KIND})`,
    'gi',
  ),
  new RegExp(String.raw`\b(?:the\s+)?(?:wallet|address)\s+(?:is|was|remains)\s+(?:an?\s+)?(?:overall\s+)?(low|medium|high)[\s-]+risk\b`, 'gi'),
];
const statusPatterns = [new RegExp(String.raw`\b(?:aml|compliance)\s+status\b${LINK}(non-compliant|compliant|requires\s+further\s+review)`, 'gi')];

const normalize = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');

/**
 * The first statement in `text` of a score, level or status other than the computed one, as a
 * plain sentence; null when the text only restates the computed values (or none of them).
 */
export function findContradiction(text: string, assessment: Pick<RiskAssessment, 'score' | 'level' | 'status'>): string | null {
  // An incomplete check has no score to state: its points are only a lower bound.
  const incomplete = assessment.level === INCOMPLETE_RISK_LEVEL;
  for (const pattern of scorePatterns) {
    for (const match of text.matchAll(pattern)) {
      const stated = Number(match[1]);
      if (incomplete) return `it states a risk score of ${match[1]} for an incomplete check, which has none`;
      if (stated !== assessment.score) return `it states a risk score of ${match[1]}, not the computed ${assessment.score}`;
    }
  }
  const level = normalize(assessment.level.split(' ')[0] ?? '');
  for (const pattern of levelPatterns) {
    for (const match of text.matchAll(pattern)) {
      const stated = normalize(match[1] ?? '');
      if (stated !== level) return `it states the risk level ${stated}, not the computed ${assessment.level}`;
    }
  }
  const status = normalize(assessment.status);
  for (const pattern of statusPatterns) {
    for (const match of text.matchAll(pattern)) {
      const stated = normalize(match[1] ?? '');
      if (stated !== status) return `it states the AML status ${stated}, not the computed ${assessment.status}`;
    }
  }
  return null;
}

export type ParsedReply = { ok: true; reply: NarrativeReply } | { ok: false; problem: string };

/** Some OpenAI-compatible servers wrap JSON in a markdown fence even in structured-output mode. */
function unfence(content: string): string {
  const m = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(content);
  return m ? m[1]! : content;
}

/** Parses and checks the model's message content against the schema and the computed assessment. */
export function parseNarrativeReply(content: string, assessment: Pick<RiskAssessment, 'score' | 'level' | 'status'>): ParsedReply {
  let json: unknown;
  try {
    json = JSON.parse(unfence(content));
  } catch {
    return { ok: false, problem: 'its reply was not valid JSON' };
  }
  const parsed = narrativeReplySchema.safeParse(json);
  if (!parsed.success) {
    const where = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || 'reply'))].slice(0, 3).join(', ');
    return { ok: false, problem: `its reply did not match the expected shape (${where})` };
  }
  for (const text of [parsed.data.summary, ...parsed.data.recommendations]) {
    const contradiction = findContradiction(text, assessment);
    if (contradiction) return { ok: false, problem: `its reply contradicts the computed assessment: ${contradiction}` };
  }
  return { ok: true, reply: parsed.data };
}
