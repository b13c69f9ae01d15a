/**
 * Cases: a check or an alert opened for review, on its own stream `case-<caseId>`. A case has a
 * status (open, escalated, closed), an assignee, notes, and a decision with its reason (approve,
 * reject, report); closing a case whose check was high risk needs a second person (four eyes,
 * `CASES_FOUR_EYES`). The API's vocabulary and bodies; the events, and the fold of them into what
 * the API shows, are the case aggregate's (domain/src/case).
 */
import { z } from 'zod';
import { networks } from '../addresses/parse';
import { classifyAmlStatus, classifyRiskLabel, riskLevelLabels } from '../checks/risk-label';
import { riskLevelFilter } from '../checks/risk-level-filter';
import { NOT_BLANK } from '../common/text';

export const caseStreamId = (caseId: string) => `case-${caseId}`;

export const caseStatuses = ['open', 'escalated', 'closed'] as const;
export type CaseStatus = (typeof caseStatuses)[number];
export const caseDecisions = ['approve', 'reject', 'report'] as const;
export type CaseDecision = (typeof caseDecisions)[number];

/** When closing a case needs a second person: `high-risk` (default), `all` cases, or never (`off`). */
export const fourEyesPolicies = ['high-risk', 'all', 'off'] as const;
export type FourEyesPolicy = (typeof fourEyesPolicies)[number];

export const CASE_LIMITS = { reasonMax: 2000, noteMax: 4000 } as const;

export const caseMessages = {
  notFound: 'No such case',
  checkNotFound: 'No such check',
  checkNotCompleted: 'Only a completed check can be opened as a case',
  alertNotFound: 'No such alert',
  subjectRequired: 'Send check_id or alert_id (one of them)',
  closed: 'This case is closed: reopen it first',
  notClosed: 'Only a closed case can be reopened',
  alreadyEscalated: 'This case is already escalated',
  reasonRequired: 'Give a reason',
  reasonTooLong: `A reason may have at most ${CASE_LIMITS.reasonMax} characters`,
  noteRequired: 'Write a note',
  noteTooLong: `A note may have at most ${CASE_LIMITS.noteMax} characters`,
  decisionRequired: 'Record a decision (approve, reject or report) with its reason before closing the case',
  assigneeNotFound: 'No such user',
  assigneeNotAllowed: 'A case can be assigned only to the customer whose check it is, or to an administrator',
  awaitingSecondPerson: 'You requested this close: a second person must approve it (four eyes)',
  deciderCannotApprove: 'You recorded the decision on this case: a second person must approve its close (four eyes)',
} as const;

/**
 * Whether closing a case needs a second person: every case (`all`), none (`off`), or (`high-risk`)
 * a case whose check was High Risk or Non-compliant, or Incomplete (a check that lacked evidence
 * cannot clear an address, so it is treated as at least high).
 */
export function fourEyesApplies(policy: FourEyesPolicy, risk: { level: string; amlStatus: string }): boolean {
  switch (policy) {
    case 'off':
      return false;
    case 'all':
      return true;
    case 'high-risk': {
      const level = classifyRiskLabel(risk.level).level;
      const status = classifyAmlStatus(risk.amlStatus).kind;
      return level === 'high' || level === 'incomplete' || status === 'non-compliant' || status === 'incomplete';
    }
    default: {
      const _exhaustive: never = policy;
      return _exhaustive;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// API
// ---------------------------------------------------------------------------------------------

const actorSchema = z.object({ user_id: z.string(), email: z.string(), role: z.string() });
export type CaseActorView = z.infer<typeof actorSchema>;

/** A case as lists show it (and as the read model keeps it). */
export const caseSummarySchema = z.object({
  id: z.string(),
  status: z.enum(caseStatuses),
  subject: z.object({ kind: z.enum(['check', 'alert']), check_id: z.string(), alert_id: z.string().nullable() }),
  owner_user_id: z.string(),
  owner_email: z.string(),
  address: z.string(),
  network: z.enum(networks),
  risk: z.object({ level: z.string(), aml_status: z.string(), score: z.number().nullable() }),
  assignee: z.object({ user_id: z.string(), email: z.string() }).nullable(),
  decision: z
    .object({ decision: z.enum(caseDecisions), reason: z.string(), by: actorSchema, at: z.string() })
    .nullable()
    .meta({ description: 'The decision in force (cleared when the case is reopened)' }),
  notes_count: z.number(),
  escalation: z.object({ reason: z.string(), by: actorSchema, at: z.string() }).nullable(),
  pending_close: z.object({ by: actorSchema, at: z.string() }).nullable().meta({ description: 'Four eyes: a close requested and awaiting a second person' }),
  closed: z.object({ by: actorSchema, approved_by: actorSchema.nullable(), at: z.string() }).nullable(),
  opened_by: actorSchema,
  opened_at: z.string(),
  updated_at: z.string(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const caseNoteSchema = z.object({ id: z.string(), text: z.string(), by: actorSchema, at: z.string() });
export const caseHistoryEntrySchema = z.object({
  type: z.string(),
  /** The audit log's human name of the event. */
  name: z.string(),
  by: actorSchema,
  at: z.string(),
  /** What it recorded: the decision and reason, the assignee, the escalation's reason… */
  detail: z.string(),
});
export const caseDetailSchema = caseSummarySchema.extend({
  four_eyes: z.boolean().meta({ description: 'Whether closing needs a second person under the policy in force' }),
  notes: z.array(caseNoteSchema),
  history: z.array(caseHistoryEntrySchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const caseListSchema = z.object({ items: z.array(caseSummarySchema), total: z.number() });
export type CaseList = z.infer<typeof caseListSchema>;

/** The case of a check, as a check's details and the PDF show it. */
export const checkCaseSchema = z.object({
  id: z.string(),
  status: z.enum(caseStatuses),
  decision: z.enum(caseDecisions).nullable(),
  reason: z.string().nullable(),
  decided_by: z.string().nullable().meta({ description: 'E-mail of who recorded the decision' }),
  decided_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  close_approved_by: z.string().nullable().meta({ description: 'Four eyes: e-mail of the second person who approved the close' }),
  closed_at: z.string().nullable(),
});
export type CheckCase = z.infer<typeof checkCaseSchema>;

export function checkCaseOf(c: CaseSummary): CheckCase {
  return {
    id: c.id,
    status: c.status,
    decision: c.decision?.decision ?? null,
    reason: c.decision?.reason ?? null,
    decided_by: c.decision?.by.email ?? null,
    decided_at: c.decision?.at ?? null,
    closed_by: c.closed?.by.email ?? null,
    close_approved_by: c.closed?.approved_by?.email ?? null,
    closed_at: c.closed?.at ?? null,
  };
}

const reason = (required: string) =>
  z
    .string({ error: required })
    .regex(NOT_BLANK, { error: required })
    .trim()
    .min(1, { error: required })
    .max(CASE_LIMITS.reasonMax, { error: caseMessages.reasonTooLong });

export const openCaseRequestSchema = z
  .object({
    check_id: z.uuid({ error: 'check_id must be a check id' }).optional(),
    alert_id: z.uuid({ error: 'alert_id must be an alert id' }).optional(),
  })
  .refine((b) => (b.check_id === undefined) !== (b.alert_id === undefined), { error: caseMessages.subjectRequired, path: ['check_id'] })
  // The refinement above, as the document says it: exactly one of the two.
  .meta({ oneOf: [{ required: ['check_id'] }, { required: ['alert_id'] }] });
export const caseNoteRequestSchema = z.object({
  text: z
    .string({ error: caseMessages.noteRequired })
    .regex(NOT_BLANK, { error: caseMessages.noteRequired })
    .trim()
    .min(1, { error: caseMessages.noteRequired })
    .max(CASE_LIMITS.noteMax, { error: caseMessages.noteTooLong }),
});
export const assignCaseRequestSchema = z.object({
  assignee_email: z
    .email({ error: 'assignee_email must be an e-mail address, or null to unassign' })
    .nullable()
    .meta({ description: 'The owner of the check or an administrator; null unassigns' }),
});
export const escalateCaseRequestSchema = z.object({ reason: reason(caseMessages.reasonRequired) });
export const caseDecisionRequestSchema = z.object({
  decision: z.enum(caseDecisions, { error: `decision must be one of: ${caseDecisions.join(', ')}` }),
  reason: reason(caseMessages.reasonRequired),
});
export const reopenCaseRequestSchema = z.object({ reason: reason(caseMessages.reasonRequired) });
export type OpenCaseRequest = z.input<typeof openCaseRequestSchema>;
export type CaseNoteRequest = z.input<typeof caseNoteRequestSchema>;
export type AssignCaseRequest = z.input<typeof assignCaseRequestSchema>;
export type EscalateCaseRequest = z.input<typeof escalateCaseRequestSchema>;
export type CaseDecisionRequest = z.input<typeof caseDecisionRequestSchema>;
export type ReopenCaseRequest = z.input<typeof reopenCaseRequestSchema>;

const casesFilters = {
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
  status: z.enum([...caseStatuses, 'all'], { error: 'status must be open, escalated, closed or all' }).default('all'),
  decision: z.enum([...caseDecisions, 'none', 'all'], { error: 'decision must be approve, reject, report, none or all' }).default('all'),
  risk_level: riskLevelFilter().meta({ description: `${riskLevelLabels.join(', ')} or all (any case)` }),
  assignee: z.string().trim().max(254).optional().meta({ description: "The assignee's e-mail (exact, any case), or `none` for unassigned cases" }),
  q: z.string().trim().max(200).optional().meta({ description: 'Case-insensitive substring of the wallet address' }),
};
export const caseListQuerySchema = z.object(casesFilters);
export const adminCaseListQuerySchema = z.object({
  ...casesFilters,
  owner: z.string().trim().max(254).optional().meta({ description: "Case-insensitive substring of the owner's e-mail" }),
});
export type CaseListQuery = z.output<typeof adminCaseListQuerySchema>;
