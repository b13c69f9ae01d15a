/**
 * What the API shows of a case (its summary), folded from the case's events: the same fold serves
 * the cases read model and the case's own page, which reads the stream.
 */
import type { CaseActorView, CaseSummary } from '@walletscreen/contracts';
import type { CaseActor, CaseEvent } from './events';

export const actorView = (a: CaseActor): CaseActorView => ({ user_id: a.userId, email: a.email, role: a.role });

export function caseSummaryFold(doc: CaseSummary | null, event: CaseEvent): CaseSummary | null {
  if (event.type === 'CaseOpened') {
    const d = event.data;
    if (doc) return doc;
    return {
      id: d.caseId,
      status: 'open',
      subject: { kind: d.subject.kind, check_id: d.subject.checkId, alert_id: d.subject.kind === 'alert' ? d.subject.alertId : null },
      owner_user_id: d.ownerUserId,
      owner_email: d.ownerEmail,
      address: d.address,
      network: d.network,
      risk: { level: d.risk.level, aml_status: d.risk.amlStatus, score: d.risk.score },
      assignee: null,
      decision: null,
      notes_count: 0,
      escalation: null,
      pending_close: null,
      closed: null,
      opened_by: actorView(d.openedBy),
      opened_at: d.at,
      updated_at: d.at,
    };
  }
  if (!doc) return doc;
  const updated = { ...doc, updated_at: event.data.at };
  switch (event.type) {
    case 'CaseAssigned':
      return { ...updated, assignee: event.data.assignee ? { user_id: event.data.assignee.userId, email: event.data.assignee.email } : null };
    case 'CaseNoteAdded':
      return { ...updated, notes_count: doc.notes_count + 1 };
    case 'CaseEscalated':
      return { ...updated, status: 'escalated', escalation: { reason: event.data.reason, by: actorView(event.data.by), at: event.data.at } };
    case 'CaseDecisionRecorded':
      return {
        ...updated,
        decision: { decision: event.data.decision, reason: event.data.reason, by: actorView(event.data.by), at: event.data.at },
        pending_close: null,
      };
    case 'CaseCloseRequested':
      return { ...updated, pending_close: { by: actorView(event.data.by), at: event.data.at } };
    case 'CaseClosed':
      return {
        ...updated,
        status: 'closed',
        pending_close: null,
        closed: { by: actorView(event.data.by), approved_by: event.data.approvedBy ? actorView(event.data.approvedBy) : null, at: event.data.at },
      };
    case 'CaseReopened':
      return { ...updated, status: 'open', decision: null, pending_close: null, closed: null, escalation: null };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
