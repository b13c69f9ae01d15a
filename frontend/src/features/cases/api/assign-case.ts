import { caseDetailSchema, type CaseDetail, type AssignCaseRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import type { CasesArea } from '../case-filters';
import { useCaseMutation } from './case-mutation';

/** POST /api/cases/{id}/assign: to the owner of the check or an administrator, by e-mail; null unassigns. */
export function assignCase(caseId: string, assigneeEmail: string | null): Promise<CaseDetail> {
  return api.post(`/cases/${encodeURIComponent(caseId)}/assign`, { assignee_email: assigneeEmail } satisfies AssignCaseRequest, { schema: caseDetailSchema });
}

export function useAssignCase(area: CasesArea, caseId: string) {
  return useCaseMutation(area, caseId, assignCase);
}
