import { caseDetailSchema, type CaseDetail } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import type { CasesArea } from '../case-filters';
import { useCaseMutation } from './case-mutation';

/** POST /api/cases/{id}/close: closes a decided case, or under four eyes requests the close (first person) or approves it (a second person). */
export function closeCase(caseId: string): Promise<CaseDetail> {
  return api.post(`/cases/${encodeURIComponent(caseId)}/close`, undefined, { schema: caseDetailSchema });
}

export function useCloseCase(area: CasesArea, caseId: string) {
  return useCaseMutation(area, caseId, (id: string, _nothing: void) => closeCase(id));
}
