import { caseDetailSchema, type CaseDetail, type CaseDecisionRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import type { CasesArea } from '../case-filters';
import { useCaseMutation } from './case-mutation';

/** POST /api/cases/{id}/decision: approve, reject or report, with its reason (a pending close is cancelled). */
export function recordCaseDecision(caseId: string, body: CaseDecisionRequest): Promise<CaseDetail> {
  return api.post(`/cases/${encodeURIComponent(caseId)}/decision`, body, { schema: caseDetailSchema });
}

export function useRecordCaseDecision(area: CasesArea, caseId: string) {
  return useCaseMutation(area, caseId, recordCaseDecision);
}
