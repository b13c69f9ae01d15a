import { CASE_LIMITS, caseMessages, fourEyesApplies, type FourEyesPolicy } from '@walletscreen/contracts';
import { Conflict, Invalid, NotFound } from '../errors';
import { deciderSpec } from '../../testing/decider-spec';
import { caseDecider, type CaseCommand } from './decide';
import type { CaseActor, CaseEvent, CaseRisk } from './events';
import { evolveCase, initialCaseState } from './state';

const given = deciderSpec(caseDecider);
const now = '2026-11-25T10:00:00.000Z';
const later = '2026-11-25T11:00:00.000Z';
const caseId = '00000000-0000-4000-8000-00000000ca5e';
const checkId = '00000000-0000-4000-8000-000000000c01';
const owner: CaseActor = { userId: 'u-owner', email: 'officer@exchange.example', role: 'user' };
const stranger: CaseActor = { userId: 'u-other', email: 'other@bank.example', role: 'user' };
const admin: CaseActor = { userId: 'u-admin', email: 'admin@walletscreen.example', role: 'admin' };
const userId = owner.userId;
const admin2: CaseActor = { userId: 'u-admin-2', email: 'second@walletscreen.example', role: 'admin' };
const high: CaseRisk = { level: 'High Risk', amlStatus: 'Non-compliant', score: 92 };
const low: CaseRisk = { level: 'Low Risk', amlStatus: 'Compliant', score: 8 };

const openData = (risk: CaseRisk = high, by: CaseActor = owner) => ({
  caseId,
  subject: { kind: 'check' as const, checkId },
  ownerUserId: owner.userId,
  ownerEmail: owner.email,
  address: 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m',
  network: 'bitcoin' as const,
  risk,
  openedBy: by,
});
const open = (risk: CaseRisk = high, by: CaseActor = owner): CaseCommand => ({ type: 'OpenCase', data: openData(risk, by), metadata: { now } });
const opened = (risk: CaseRisk = high, by: CaseActor = owner): CaseEvent => ({ type: 'CaseOpened', data: { ...openData(risk, by), userId, at: now } });

const note = (by: CaseActor, text = 'Called the customer'): CaseCommand => ({
  type: 'AddCaseNote',
  data: { noteId: 'n-1', text, by },
  metadata: { now: later },
});
const decide = (by: CaseActor, reason = 'Funds traced to a sanctioned exchange', decision: 'approve' | 'reject' | 'report' = 'report'): CaseCommand => ({
  type: 'RecordCaseDecision',
  data: { decision, reason, by },
  metadata: { now: later },
});
const decided = (by: CaseActor, decision: 'approve' | 'reject' | 'report' = 'report'): CaseEvent => ({
  type: 'CaseDecisionRecorded',
  data: { caseId, userId, decision, reason: 'Funds traced to a sanctioned exchange', by, at: later },
});
const close = (by: CaseActor, fourEyes: FourEyesPolicy = 'high-risk'): CaseCommand => ({ type: 'CloseCase', data: { by, fourEyes }, metadata: { now: later } });
const closeRequested = (by: CaseActor): CaseEvent => ({ type: 'CaseCloseRequested', data: { caseId, userId, by, at: later } });
const closed = (by: CaseActor, approvedBy?: CaseActor): CaseEvent => ({
  type: 'CaseClosed',
  data: { caseId, userId, by, ...(approvedBy ? { approvedBy } : {}), at: later },
});
const reopen = (by: CaseActor, reason = 'New evidence from the bank'): CaseCommand => ({ type: 'ReopenCase', data: { reason, by }, metadata: { now: later } });
const reopened = (by: CaseActor): CaseEvent => ({ type: 'CaseReopened', data: { caseId, userId, reason: 'New evidence from the bank', by, at: later } });

describe('OpenCase', () => {
  it('records the subject, the owner, the check’s verdict and who opened it', () => given([]).when(open()).then([opened()]));
  it('records nothing for a case opened already (one case per check or alert)', () => given([opened()]).when(open()).then([]));
  it('lets an administrator open a case on any customer’s check', () =>
    given([])
      .when(open(high, admin))
      .then([opened(high, admin)]));
  it('refuses another customer’s check as not found', () => given([]).when(open(high, stranger)).thenThrows(NotFound, caseMessages.checkNotFound));
});

describe('who may act', () => {
  it('is the owner or an administrator; to anyone else the case does not exist', () => {
    given([opened()])
      .when(note(owner))
      .then([{ type: 'CaseNoteAdded', data: { caseId, userId, noteId: 'n-1', text: 'Called the customer', by: owner, at: later } }]);
    given([opened()])
      .when(note(admin))
      .then([{ type: 'CaseNoteAdded', data: { caseId, userId, noteId: 'n-1', text: 'Called the customer', by: admin, at: later } }]);
    for (const command of [
      note(stranger),
      decide(stranger),
      close(stranger),
      reopen(stranger),
      { type: 'EscalateCase', data: { reason: 'x', by: stranger }, metadata: { now } } as CaseCommand,
    ]) {
      given([opened()]).when(command).thenThrows(NotFound, caseMessages.notFound);
    }
  });
  it('finds no case that was never opened', () => given([]).when(note(owner)).thenThrows(NotFound));
});

describe('AddCaseNote', () => {
  it('keeps the note trimmed', () =>
    given([opened()])
      .when(note(owner, '  Called the customer \n'))
      .then([{ type: 'CaseNoteAdded', data: { caseId, userId, noteId: 'n-1', text: 'Called the customer', by: owner, at: later } }]));
  it('refuses an empty or too long note', () => {
    given([opened()]).when(note(owner, '   ')).thenThrows(Invalid, caseMessages.noteRequired);
    given([opened()])
      .when(note(owner, 'x'.repeat(CASE_LIMITS.noteMax + 1)))
      .thenThrows(Invalid, caseMessages.noteTooLong);
  });
  it('is refused on a closed case', () =>
    given([opened(low), decided(owner), closed(owner)])
      .when(note(owner))
      .thenThrows(Conflict, caseMessages.closed));
});

describe('AssignCase', () => {
  const assign = (assignee: CaseActor | null, by: CaseActor = owner): CaseCommand => ({ type: 'AssignCase', data: { assignee, by }, metadata: { now: later } });
  const assigned = (assignee: CaseActor | null, by: CaseActor = owner): CaseEvent => ({
    type: 'CaseAssigned',
    data: { caseId, userId, assignee: assignee ? { userId: assignee.userId, email: assignee.email } : null, by, at: later },
  });
  it('assigns to an administrator or the owner, and unassigns', () => {
    given([opened()])
      .when(assign(admin))
      .then([assigned(admin)]);
    given([opened()])
      .when(assign(owner, admin))
      .then([assigned(owner, admin)]);
    given([opened(), assigned(admin)])
      .when(assign(null))
      .then([assigned(null)]);
  });
  it('records nothing when the assignee does not change', () =>
    given([opened(), assigned(admin)])
      .when(assign(admin))
      .then([]));
  it('refuses another customer as assignee', () => given([opened()]).when(assign(stranger)).thenThrows(Invalid, caseMessages.assigneeNotAllowed));
  it('is refused on a closed case', () =>
    given([opened(low), decided(owner), closed(owner)])
      .when(assign(admin))
      .thenThrows(Conflict, caseMessages.closed));
});

describe('EscalateCase', () => {
  const escalate = (reason: string): CaseCommand => ({ type: 'EscalateCase', data: { reason, by: owner }, metadata: { now: later } });
  const escalated: CaseEvent = { type: 'CaseEscalated', data: { caseId, userId, reason: 'Needs the MLRO', by: owner, at: later } };
  it('records the reason', () => given([opened()]).when(escalate(' Needs the MLRO ')).then([escalated]));
  it('needs a reason', () => given([opened()]).when(escalate(' ')).thenThrows(Invalid, caseMessages.reasonRequired));
  it('is refused when escalated already, or closed', () => {
    given([opened(), escalated]).when(escalate('Again')).thenThrows(Conflict, caseMessages.alreadyEscalated);
    given([opened(low), decided(owner), closed(owner)])
      .when(escalate('Late'))
      .thenThrows(Conflict, caseMessages.closed);
  });
  it('can still be decided and closed once escalated', () =>
    given([opened(low), escalated, decided(owner)])
      .when(close(owner))
      .then([closed(owner)]));
});

describe('RecordCaseDecision', () => {
  it('records the decision, its trimmed reason and who decided', () =>
    given([opened()])
      .when(decide(owner, '  Funds traced to a sanctioned exchange  '))
      .then([decided(owner)]));
  it('needs a reason, of limited length', () => {
    given([opened()]).when(decide(owner, '')).thenThrows(Invalid, caseMessages.reasonRequired);
    given([opened()]).when(decide(owner, '\n\t ')).thenThrows(Invalid, caseMessages.reasonRequired);
    given([opened()])
      .when(decide(owner, 'x'.repeat(CASE_LIMITS.reasonMax + 1)))
      .thenThrows(Invalid, caseMessages.reasonTooLong);
  });
  it('replaces an earlier decision', () =>
    given([opened(), decided(owner, 'approve')])
      .when(decide(owner))
      .then([decided(owner)]));
  it('cancels a pending close request, saying so', () =>
    given([opened(), decided(owner, 'approve'), closeRequested(owner)])
      .when(decide(owner))
      .then([{ type: 'CaseDecisionRecorded', data: { ...(decided(owner).data as object), cancelledCloseRequest: { by: owner, at: later } } } as CaseEvent]));
  it('is refused on a closed case', () =>
    given([opened(low), decided(owner), closed(owner)])
      .when(decide(owner))
      .thenThrows(Conflict, caseMessages.closed));
});

describe('CloseCase', () => {
  it('needs a decision', () =>
    given([opened(low)])
      .when(close(owner))
      .thenThrows(Conflict, caseMessages.decisionRequired));
  it('closes a low-risk case at once (four eyes for high risk only)', () =>
    given([opened(low), decided(owner)])
      .when(close(owner))
      .then([closed(owner)]));
  it('is refused on a closed case', () =>
    given([opened(low), decided(owner), closed(owner)])
      .when(close(owner))
      .thenThrows(Conflict, caseMessages.closed));

  describe('four eyes on a high-risk case', () => {
    it('records the first close as a request; the case stays open, awaiting a second person', () => {
      given([opened(), decided(owner)])
        .when(close(owner))
        .then([closeRequested(owner)]);
      expect([opened(), decided(owner), closeRequested(owner)].reduce(evolveCase, initialCaseState)).toMatchObject({
        status: 'open',
        pendingClose: { by: owner },
      });
    });
    it('refuses the person who requested the close', () =>
      given([opened(), decided(admin), closeRequested(owner)])
        .when(close(owner))
        .thenThrows(Conflict, caseMessages.awaitingSecondPerson));
    it('refuses the person who recorded the decision, even when someone else requested the close', () =>
      given([opened(), decided(owner), closeRequested(admin)])
        .when(close(owner))
        .thenThrows(Conflict, caseMessages.deciderCannotApprove));
    it('is closed by a different person, who is recorded as approving it', () =>
      given([opened(), decided(owner), closeRequested(owner)])
        .when(close(admin))
        .then([closed(owner, admin)]));
    it('needs a third person when the decider and the requester differ', () => {
      given([opened(), decided(owner), closeRequested(admin)])
        .when(close(admin))
        .thenThrows(Conflict, caseMessages.awaitingSecondPerson);
      given([opened(), decided(owner), closeRequested(admin)])
        .when(close(admin2))
        .then([closed(admin, admin2)]);
    });
    it('needs a new request after a new decision cancelled the pending one', () => {
      given([opened(), decided(owner), closeRequested(owner), decided(owner)])
        .when(close(admin))
        .then([closeRequested(admin)]);
    });
    it('applies to an escalated case too', () =>
      given([opened(), { type: 'CaseEscalated', data: { caseId, userId, reason: 'MLRO', by: owner, at: later } }, decided(owner)])
        .when(close(owner))
        .then([closeRequested(owner)]));
  });

  it('follows the configured policy: all cases, or none', () => {
    given([opened(low), decided(owner)])
      .when(close(owner, 'all'))
      .then([closeRequested(owner)]);
    given([opened(), decided(owner)])
      .when(close(owner, 'off'))
      .then([closed(owner)]);
  });
});

describe('ReopenCase', () => {
  it('reopens a closed case with a reason; its decision must be made again', () => {
    given([opened(low), decided(owner), closed(owner)])
      .when(reopen(admin))
      .then([reopened(admin)]);
    given([opened(low), decided(owner), closed(owner), reopened(admin)])
      .when(close(owner))
      .thenThrows(Conflict, caseMessages.decisionRequired);
  });
  it('needs a reason', () =>
    given([opened(low), decided(owner), closed(owner)])
      .when(reopen(owner, '  '))
      .thenThrows(Invalid, caseMessages.reasonRequired));
  it('is refused for a case that is not closed', () => {
    given([opened()]).when(reopen(owner)).thenThrows(Conflict, caseMessages.notClosed);
    given([opened(), decided(owner), closeRequested(owner)])
      .when(reopen(owner))
      .thenThrows(Conflict, caseMessages.notClosed);
  });
});

describe('fourEyesApplies', () => {
  it('under high-risk: High Risk, Non-compliant or Incomplete checks; not Low or Medium compliant ones', () => {
    expect(fourEyesApplies('high-risk', { level: 'High Risk', amlStatus: 'Requires further review' })).toBe(true);
    expect(fourEyesApplies('high-risk', { level: 'Medium Risk', amlStatus: 'Non-compliant' })).toBe(true);
    expect(fourEyesApplies('high-risk', { level: 'Incomplete', amlStatus: 'Incomplete — data unavailable' })).toBe(true);
    expect(fourEyesApplies('high-risk', { level: 'Medium Risk', amlStatus: 'Requires further review' })).toBe(false);
    expect(fourEyesApplies('high-risk', { level: 'Low Risk', amlStatus: 'Compliant' })).toBe(false);
  });
  it('under all and off: always and never', () => {
    expect(fourEyesApplies('all', { level: 'Low Risk', amlStatus: 'Compliant' })).toBe(true);
    expect(fourEyesApplies('off', { level: 'High Risk', amlStatus: 'Non-compliant' })).toBe(false);
  });
});
