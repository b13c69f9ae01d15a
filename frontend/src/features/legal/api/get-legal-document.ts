import { queryOptions, useQuery } from '@tanstack/react-query';
import { legalDocumentSchema, type LegalDocument, type LegalDocumentId } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** GET /api/legal/{document}: the Terms of Service or the Privacy notice (public, no token sent). */
export function getLegalDocument(id: LegalDocumentId, signal?: AbortSignal): Promise<LegalDocument> {
  return api.get(`/legal/${id}`, { schema: legalDocumentSchema, signal, auth: false });
}

export function legalDocumentQueryOptions(id: LegalDocumentId) {
  return queryOptions({ queryKey: ['legal', id] as const, queryFn: ({ signal }) => getLegalDocument(id, signal), staleTime: Infinity });
}

export function useLegalDocument(id: LegalDocumentId) {
  return useQuery(legalDocumentQueryOptions(id));
}
