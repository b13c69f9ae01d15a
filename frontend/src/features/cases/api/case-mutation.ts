import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseDetail } from '@walletscreen/contracts';
import { ApiError } from '../../../lib/api-client';
import { casesQueryKey, historyQueryKey } from '../../../lib/query-keys';
import type { CasesArea } from '../case-filters';
import { caseQueryKey } from './get-case';

/**
 * A case action's mutation: every action answers with the case as it now is, which replaces the
 * case on screen at once; the lists, the other area's copy and the checks' details (which show the
 * decision) are refetched. A 409 (someone else changed the case) refetches the case itself too.
 */
export function useCaseMutation<V>(area: CasesArea, caseId: string, action: (caseId: string, variables: V) => Promise<CaseDetail>) {
  const queryClient = useQueryClient();
  const thisCase = caseQueryKey(area, caseId);
  return useMutation({
    mutationFn: (variables: V) => action(caseId, variables),
    onSuccess: async (updated) => {
      queryClient.setQueryData(thisCase, updated);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: casesQueryKey, predicate: (q) => q.queryKey[1] !== area || q.queryKey[2] === 'list' }),
        queryClient.invalidateQueries({ queryKey: historyQueryKey }),
      ]);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: thisCase });
    },
  });
}
