import { caseDetailSchema, type CaseDetail, type ReopenCaseRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import type { CasesArea } from '../case-filters';
import { useCaseMutation } from './case-mutation';

/** POST /api/cases/{id}/reopen with the reason; the case then needs a new decision. */
export function reopenCase(caseId: string, reason: string): Promise<CaseDetail> {
  return api.post(`/cases/${encodeURIComponent(caseId)}/reopen`, { reason } satisfies ReopenCaseRequest, { schema: caseDetailSchema });
}

export function useReopenCase(area: CasesArea, caseId: string) {
  return useCaseMutation(area, caseId, reopenCase);
}
