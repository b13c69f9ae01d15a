/**
 * A case's events, on its own stream `case-<caseId>`: a check or an alert opened for review, its
 * assignee, notes, escalation, decision and close (with four eyes, a request and a second person's
 * approval). Every event's data carries the case id, the customer it belongs to (`userId`, under
 * whom the audit log files it) and the moment it happened (`at`).
 */
import { z } from 'zod';
import { caseDecisions, networks } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';

export { caseStreamId } from '@walletscreen/contracts';

/** Who did something on a case. */
export const caseActorSchema = z.object({ userId: z.string(), email: z.string(), role: z.enum(['user', 'admin']) });
export type CaseActor = z.infer<typeof caseActorSchema>;

export const caseSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('check'), checkId: z.string() }),
  z.object({ kind: z.literal('alert'), alertId: z.string(), checkId: z.string() }),
]);
export type CaseSubject = z.infer<typeof caseSubjectSchema>;

/** The verdict of the case's check when the case was opened. */
export const caseRiskSchema = z.object({ level: z.string(), amlStatus: z.string(), score: z.number().nullable() });
export type CaseRisk = z.infer<typeof caseRiskSchema>;

const onCase = { caseId: z.string(), userId: z.string(), at: z.string() };

export const caseOpenedSchema = z.object({
  ...onCase,
  subject: caseSubjectSchema,
  /** The customer whose check it is, and their e-mail when the case was opened. */
  ownerUserId: z.string(),
  ownerEmail: z.string(),
  /** The check's wallet. */
  address: z.string(),
  network: z.enum(networks),
  risk: caseRiskSchema,
  openedBy: caseActorSchema,
});
export type CaseOpened = z.infer<typeof caseOpenedSchema>;

export const caseEvents = eventUnion([
  eventSchema('CaseOpened', caseOpenedSchema),
  /** `assignee` null: unassigned. */
  eventSchema('CaseAssigned', z.object({ ...onCase, assignee: z.object({ userId: z.string(), email: z.string() }).nullable(), by: caseActorSchema })),
  eventSchema('CaseNoteAdded', z.object({ ...onCase, noteId: z.string(), text: z.string(), by: caseActorSchema })),
  eventSchema('CaseEscalated', z.object({ ...onCase, reason: z.string(), by: caseActorSchema })),
  eventSchema(
    'CaseDecisionRecorded',
    z.object({
      ...onCase,
      decision: z.enum(caseDecisions),
      reason: z.string(),
      by: caseActorSchema,
      /** The close request this decision cancelled (a new decision needs a new close). */
      cancelledCloseRequest: z.object({ by: caseActorSchema, at: z.string() }).optional(),
    }),
  ),
  /** Four eyes: the first person asked to close; the case stays open until a second person approves. */
  eventSchema('CaseCloseRequested', z.object({ ...onCase, by: caseActorSchema })),
  /** `by`: who closed it (with four eyes, who requested the close); `approvedBy`: the second person, whose command closed it. */
  eventSchema('CaseClosed', z.object({ ...onCase, by: caseActorSchema, approvedBy: caseActorSchema.optional() })),
  eventSchema('CaseReopened', z.object({ ...onCase, reason: z.string(), by: caseActorSchema })),
]);
export type CaseEvent = z.infer<typeof caseEvents.schema>;
export const caseEventTypes = caseEvents.types;
