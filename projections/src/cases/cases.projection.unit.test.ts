import type { CaseActor } from '@walletscreen/domain/case/events';
import type { RecordedEvent } from '@walletscreen/platform';
import { casesProjection, type CaseDoc } from './cases.projection';

let position = 0;
const event = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${++position}`,
  type,
  data,
  metadata: {},
  streamId: `case-${String(data.caseId)}`,
  revision: 0,
  position,
  recordedAt: '',
});

/** Folds events in order as the runner does, into a map of documents. */
function foldAll(events: RecordedEvent[]): Map<string, CaseDoc> {
  const docs = new Map<string, CaseDoc>();
  for (const e of events) {
    if (!casesProjection.handles.includes(e.type)) continue;
    const key = casesProjection.keyOf(e);
    if (key === null) continue;
    const next = casesProjection.fold(docs.get(key) ?? null, e);
    if (next) docs.set(key, next);
    else docs.delete(key);
  }
  return docs;
}

const owner: CaseActor = { userId: 'u-1', email: 'officer@exchange.example', role: 'user' };
const admin: CaseActor = { userId: 'u-admin', email: 'Admin@WalletScreen.example', role: 'admin' };
const view = (a: CaseActor) => ({ user_id: a.userId, email: a.email, role: a.role });
const caseId = 'k-1';
const t = (minute: number) => `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`;
const opened = event('CaseOpened', {
  caseId,
  subject: { kind: 'alert', alertId: 'a-1', checkId: 'c-1' },
  ownerUserId: owner.userId,
  ownerEmail: owner.email,
  address: 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m',
  network: 'bitcoin',
  risk: { level: 'High Risk', amlStatus: 'Non-compliant', score: 95 },
  openedBy: owner,
  at: t(0),
});

describe('cases projection', () => {
  it('opens a case with its subject, owner, verdict and the fields its filters query', () => {
    expect(foldAll([opened]).get(caseId)).toEqual({
      id: caseId,
      status: 'open',
      subject: { kind: 'alert', check_id: 'c-1', alert_id: 'a-1' },
      owner_user_id: owner.userId,
      owner_email: owner.email,
      address: 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m',
      network: 'bitcoin',
      risk: { level: 'High Risk', aml_status: 'Non-compliant', score: 95 },
      assignee: null,
      decision: null,
      notes_count: 0,
      escalation: null,
      pending_close: null,
      closed: null,
      opened_by: view(owner),
      opened_at: t(0),
      updated_at: t(0),
      check_id: 'c-1',
      risk_level: 'High Risk',
      decision_kind: 'none',
      assignee_email: 'none',
    });
  });

  it('follows assignment, notes, escalation, a decision, a four-eyes close and a reopening', () => {
    const events = [
      opened,
      event('CaseAssigned', { caseId, assignee: { userId: admin.userId, email: admin.email }, by: owner, at: t(1) }),
      event('CaseNoteAdded', { caseId, noteId: 'n-1', text: 'Asked for documents', by: owner, at: t(2) }),
      event('CaseNoteAdded', { caseId, noteId: 'n-2', text: 'Documents received', by: owner, at: t(3) }),
      event('CaseEscalated', { caseId, reason: 'MLRO review', by: owner, at: t(4) }),
      event('CaseDecisionRecorded', { caseId, decision: 'report', reason: 'Sanctioned counterparty', by: owner, at: t(5) }),
      event('CaseCloseRequested', { caseId, by: owner, at: t(6) }),
    ];
    const pending = foldAll(events).get(caseId)!;
    expect(pending).toMatchObject({
      status: 'escalated',
      assignee: { user_id: admin.userId, email: admin.email },
      assignee_email: 'admin@walletscreen.example',
      notes_count: 2,
      escalation: { reason: 'MLRO review', by: view(owner), at: t(4) },
      decision: { decision: 'report', reason: 'Sanctioned counterparty', by: view(owner), at: t(5) },
      decision_kind: 'report',
      pending_close: { by: view(owner), at: t(6) },
      closed: null,
      updated_at: t(6),
    });

    const closed = foldAll([...events, event('CaseClosed', { caseId, by: owner, approvedBy: admin, at: t(7) })]).get(caseId)!;
    expect(closed).toMatchObject({
      status: 'closed',
      pending_close: null,
      closed: { by: view(owner), approved_by: view(admin), at: t(7) },
      decision_kind: 'report',
    });

    const reopened = foldAll([
      ...events,
      event('CaseClosed', { caseId, by: owner, approvedBy: admin, at: t(7) }),
      event('CaseReopened', { caseId, reason: 'New evidence', by: admin, at: t(8) }),
    ]).get(caseId)!;
    expect(reopened).toMatchObject({
      status: 'open',
      decision: null,
      decision_kind: 'none',
      closed: null,
      pending_close: null,
      notes_count: 2,
      updated_at: t(8),
    });
  });

  it('clears a pending close when a new decision is recorded', () => {
    const docs = foldAll([
      opened,
      event('CaseDecisionRecorded', { caseId, decision: 'approve', reason: 'ok', by: owner, at: t(1) }),
      event('CaseCloseRequested', { caseId, by: owner, at: t(2) }),
      event('CaseDecisionRecorded', { caseId, decision: 'reject', reason: 'Not ok after all', by: owner, at: t(3) }),
    ]);
    expect(docs.get(caseId)).toMatchObject({ pending_close: null, decision_kind: 'reject', status: 'open' });
  });

  it('ignores events of a case it never saw opened, and a second opening', () => {
    expect(foldAll([event('CaseNoteAdded', { caseId: 'k-2', noteId: 'n', text: 'x', by: owner, at: t(1) })]).size).toBe(0);
    const twice = foldAll([opened, event('CaseOpened', { ...(opened.data as object), openedBy: admin, at: t(9) })]).get(caseId)!;
    expect(twice).toMatchObject({ opened_by: view(owner), opened_at: t(0) });
  });
});
