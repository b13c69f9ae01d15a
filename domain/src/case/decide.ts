/**
 * Case commands decided over one case's state. Pure: ids, the time and the four-eyes policy come
 * in on the command.
 * - only the customer whose check it is, or an administrator, may act on a case: to anyone else it
 *   does not exist (NotFound);
 * - opening a case that is open already records nothing (the same check or alert has one case);
 * - notes, assignment, escalation and decisions only while the case is not closed;
 * - a decision and an escalation need a reason (trimmed, at most CASE_LIMITS.reasonMax characters);
 * - closing needs a decision; when four eyes applies, the first close is a request and the case
 *   stays open until a person other than the requester and the decider closes it; a new decision
 *   cancels a pending request;
 * - only a closed case can be reopened, with a reason; it needs a new decision to close again.
 */
import { CASE_LIMITS, caseMessages, fourEyesApplies, type CaseDecision, type FourEyesPolicy } from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import { Conflict, Invalid, NotFound } from '../errors';
import { caseEvents, type CaseActor, type CaseEvent, type CaseOpened } from './events';
import { evolveCase, initialCaseState, type CaseState } from './state';

export type CaseCommand =
  | { type: 'OpenCase'; data: Omit<CaseOpened, 'at' | 'userId'>; metadata: CommandMetadata }
  | { type: 'AssignCase'; data: { assignee: CaseActor | null; by: CaseActor }; metadata: CommandMetadata }
  | { type: 'AddCaseNote'; data: { noteId: string; text: string; by: CaseActor }; metadata: CommandMetadata }
  | { type: 'EscalateCase'; data: { reason: string; by: CaseActor }; metadata: CommandMetadata }
  | { type: 'RecordCaseDecision'; data: { decision: CaseDecision; reason: string; by: CaseActor }; metadata: CommandMetadata }
  | { type: 'CloseCase'; data: { by: CaseActor; fourEyes: FourEyesPolicy }; metadata: CommandMetadata }
  | { type: 'ReopenCase'; data: { reason: string; by: CaseActor }; metadata: CommandMetadata };

type Opened = Exclude<CaseState, { status: 'none' }>;

const mayAct = (state: Opened, by: CaseActor) => by.role === 'admin' || by.userId === state.ownerUserId;

/** The case as `by` may see it: another customer's case, or none, is not found. */
function visible(state: CaseState, by: CaseActor): Opened {
  if (state.status === 'none' || !mayAct(state, by)) throw new NotFound(caseMessages.notFound);
  return state;
}

function notClosed(state: CaseState, by: CaseActor): Opened {
  const s = visible(state, by);
  if (s.status === 'closed') throw new Conflict(caseMessages.closed);
  return s;
}

function text(value: string, max: number, required: string, tooLong: string, field: string): string {
  const t = value.trim();
  if (t === '') throw new Invalid(required, { [field]: required });
  if (t.length > max) throw new Invalid(tooLong, { [field]: tooLong });
  return t;
}
const reasonOf = (value: string) => text(value, CASE_LIMITS.reasonMax, caseMessages.reasonRequired, caseMessages.reasonTooLong, 'reason');

export function decideCase(command: CaseCommand, state: CaseState): CaseEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'OpenCase': {
      const d = command.data;
      if (d.openedBy.role !== 'admin' && d.openedBy.userId !== d.ownerUserId) throw new NotFound(caseMessages.checkNotFound);
      if (state.status !== 'none') return [];
      return [{ type: 'CaseOpened', data: { ...d, userId: d.ownerUserId, at } }];
    }
    case 'AssignCase': {
      const { assignee, by } = command.data;
      const s = notClosed(state, by);
      if (assignee && assignee.role !== 'admin' && assignee.userId !== s.ownerUserId)
        throw new Invalid(caseMessages.assigneeNotAllowed, { assignee_email: caseMessages.assigneeNotAllowed });
      if ((s.assignee?.userId ?? null) === (assignee?.userId ?? null)) return [];
      return [
        {
          type: 'CaseAssigned',
          data: { caseId: s.caseId, userId: s.ownerUserId, assignee: assignee ? { userId: assignee.userId, email: assignee.email } : null, by, at },
        },
      ];
    }
    case 'AddCaseNote': {
      const { by, noteId } = command.data;
      const s = notClosed(state, by);
      const note = text(command.data.text, CASE_LIMITS.noteMax, caseMessages.noteRequired, caseMessages.noteTooLong, 'text');
      return [{ type: 'CaseNoteAdded', data: { caseId: s.caseId, userId: s.ownerUserId, noteId, text: note, by, at } }];
    }
    case 'EscalateCase': {
      const { by } = command.data;
      const s = notClosed(state, by);
      const reason = reasonOf(command.data.reason);
      if (s.status === 'escalated') throw new Conflict(caseMessages.alreadyEscalated);
      return [{ type: 'CaseEscalated', data: { caseId: s.caseId, userId: s.ownerUserId, reason, by, at } }];
    }
    case 'RecordCaseDecision': {
      const { by, decision } = command.data;
      const s = notClosed(state, by);
      const reason = reasonOf(command.data.reason);
      return [
        {
          type: 'CaseDecisionRecorded',
          data: { caseId: s.caseId, userId: s.ownerUserId, decision, reason, by, ...(s.pendingClose ? { cancelledCloseRequest: s.pendingClose } : {}), at },
        },
      ];
    }
    case 'CloseCase': {
      const { by, fourEyes } = command.data;
      const s = notClosed(state, by);
      if (!s.decision) throw new Conflict(caseMessages.decisionRequired);
      if (!fourEyesApplies(fourEyes, s.risk)) return [{ type: 'CaseClosed', data: { caseId: s.caseId, userId: s.ownerUserId, by, at } }];
      if (!s.pendingClose) return [{ type: 'CaseCloseRequested', data: { caseId: s.caseId, userId: s.ownerUserId, by, at } }];
      if (by.userId === s.pendingClose.by.userId) throw new Conflict(caseMessages.awaitingSecondPerson);
      if (by.userId === s.decision.by.userId) throw new Conflict(caseMessages.deciderCannotApprove);
      return [{ type: 'CaseClosed', data: { caseId: s.caseId, userId: s.ownerUserId, by: s.pendingClose.by, approvedBy: by, at } }];
    }
    case 'ReopenCase': {
      const { by } = command.data;
      const s = visible(state, by);
      const reason = reasonOf(command.data.reason);
      if (s.status !== 'closed') throw new Conflict(caseMessages.notClosed);
      return [{ type: 'CaseReopened', data: { caseId: s.caseId, userId: s.ownerUserId, reason, by, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const caseDecider: Decider<CaseState, CaseCommand, CaseEvent> = {
  initialState: initialCaseState,
  evolve: evolveCase,
  decide: decideCase,
  types: caseEvents.typeSet,
};
