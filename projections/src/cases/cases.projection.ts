import type { CaseSummary } from '@walletscreen/contracts';
import type { CaseEvent } from '@walletscreen/domain/case/events';
import { caseSummaryFold } from '@walletscreen/domain/case/summary';
import type { RecordedEvent } from '@walletscreen/platform';
import { collection } from '../collection';
import type { Projection } from '../projection';

/** The case as the API shows it, with the top-level fields its filters query. */
export interface CaseDoc extends CaseSummary {
  check_id: string;
  risk_level: string;
  /** The decision in force, or `none`. */
  decision_kind: string;
  /** The assignee's e-mail in lower case, or `none`. */
  assignee_email: string;
}

/** The cases read model: one document per case, for the Cases screen's lists and a check's details. */
export const cases = collection<CaseDoc>('cases');

export const casesProjection: Projection<CaseDoc> = {
  name: 'cases-v1',
  collection: cases.name,
  handles: ['CaseOpened', 'CaseAssigned', 'CaseNoteAdded', 'CaseEscalated', 'CaseDecisionRecorded', 'CaseCloseRequested', 'CaseClosed', 'CaseReopened'],
  keyOf: (event: RecordedEvent) => (event.data as CaseEvent['data']).caseId ?? null,
  fold(doc, recorded) {
    const summary = caseSummaryFold(doc, { type: recorded.type, data: recorded.data } as CaseEvent);
    if (!summary) return null;
    return {
      ...summary,
      check_id: summary.subject.check_id,
      risk_level: summary.risk.level,
      decision_kind: summary.decision?.decision ?? 'none',
      assignee_email: summary.assignee?.email.toLowerCase() ?? 'none',
    };
  },
  indexes: [['owner_user_id', 'updated_at'], ['owner_user_id', 'status', 'updated_at'], ['status', 'updated_at'], ['updated_at'], ['check_id']],
};
