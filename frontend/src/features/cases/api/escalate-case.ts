import { caseDetailSchema, type CaseDetail, type EscalateCaseRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import type { CasesArea } from '../case-filters';
import { useCaseMutation } from './case-mutation';

/** POST /api/cases/{id}/escalate with the reason. */
export function escalateCase(caseId: string, reason: string): Promise<CaseDetail> {
  return api.post(`/cases/${encodeURIComponent(caseId)}/escalate`, { reason } satisfies EscalateCaseRequest, { schema: caseDetailSchema });
}

export function useEscalateCase(area: CasesArea, caseId: string) {
  return useCaseMutation(area, caseId, escalateCase);
}
