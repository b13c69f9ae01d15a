import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseDetailSchema, type CaseDetail, type OpenCaseRequest } from '@walletscreen/contracts';
import { api } from './http-client';
import { casesQueryKey, historyQueryKey } from './query-keys';

/** What a case is opened on: a check or an alert. */
export type CaseSubjectRef = { check_id: string; alert_id?: undefined } | { alert_id: string; check_id?: undefined };

/**
 * POST /api/cases: opens a check or an alert as a case (201), or answers with the case opened on
 * it before (200). Shared by the checks' Details and the alerts, which then go to the case.
 */
export function openCase(subject: CaseSubjectRef): Promise<CaseDetail> {
  return api.post('/cases', subject satisfies OpenCaseRequest, { schema: caseDetailSchema });
}

export function useOpenCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openCase,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: casesQueryKey }), queryClient.invalidateQueries({ queryKey: historyQueryKey })]),
  });
}
