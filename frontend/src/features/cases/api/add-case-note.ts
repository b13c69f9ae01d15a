import { caseDetailSchema, type CaseDetail, type CaseNoteRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import type { CasesArea } from '../case-filters';
import { useCaseMutation } from './case-mutation';

/** POST /api/cases/{id}/notes with the note's text. */
export function addCaseNote(caseId: string, text: string): Promise<CaseDetail> {
  return api.post(`/cases/${encodeURIComponent(caseId)}/notes`, { text } satisfies CaseNoteRequest, { schema: caseDetailSchema });
}

export function useAddCaseNote(area: CasesArea, caseId: string) {
  return useCaseMutation(area, caseId, addCaseNote);
}
