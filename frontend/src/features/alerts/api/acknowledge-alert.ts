import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertSchema, type Alert } from '@walletscreen/contracts';
import { alertsQueryKey } from '../../../lib/get-open-alerts';
import { api } from '../../../lib/http-client';

/** POST /api/alerts/{id}/acknowledge. */
export function acknowledgeAlert(id: string): Promise<Alert> {
  return api.post(`/alerts/${encodeURIComponent(id)}/acknowledge`, undefined, { schema: alertSchema });
}

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acknowledgeAlert, onSettled: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }) });
}
