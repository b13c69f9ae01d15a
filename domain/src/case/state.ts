/** A case's state, folded from its stream `case-<caseId>`. */
import type { CaseDecision, CaseStatus } from '@walletscreen/contracts';
import type { CaseActor, CaseEvent, CaseRisk, CaseSubject } from './events';

export type CaseState =
  | { status: 'none' }
  | {
      status: CaseStatus;
      caseId: string;
      subject: CaseSubject;
      ownerUserId: string;
      risk: CaseRisk;
      assignee: { userId: string; email: string } | null;
      decision: { decision: CaseDecision; reason: string; by: CaseActor; at: string } | null;
      /** Four eyes: the close requested and awaiting a second person. */
      pendingClose: { by: CaseActor; at: string } | null;
      notes: number;
    };

export const initialCaseState: CaseState = { status: 'none' };

export function evolveCase(state: CaseState, event: CaseEvent): CaseState {
  if (event.type === 'CaseOpened') {
    const d = event.data;
    return {
      status: 'open',
      caseId: d.caseId,
      subject: d.subject,
      ownerUserId: d.ownerUserId,
      risk: d.risk,
      assignee: null,
      decision: null,
      pendingClose: null,
      notes: 0,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'CaseAssigned':
      return { ...state, assignee: event.data.assignee };
    case 'CaseNoteAdded':
      return { ...state, notes: state.notes + 1 };
    case 'CaseEscalated':
      return { ...state, status: 'escalated' };
    case 'CaseDecisionRecorded':
      return { ...state, decision: { decision: event.data.decision, reason: event.data.reason, by: event.data.by, at: event.data.at }, pendingClose: null };
    case 'CaseCloseRequested':
      return { ...state, pendingClose: { by: event.data.by, at: event.data.at } };
    case 'CaseClosed':
      return { ...state, status: 'closed', pendingClose: null };
    case 'CaseReopened':
      return { ...state, status: 'open', decision: null, pendingClose: null };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
