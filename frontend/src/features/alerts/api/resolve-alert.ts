import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertSchema, type Alert, type ResolveAlertRequest } from '@walletscreen/contracts';
import { alertsQueryKey } from '../../../lib/get-open-alerts';
import { api } from '../../../lib/http-client';

/** POST /api/alerts/{id}/resolve with the note saying what was done. */
export function resolveAlert({ id, note }: { id: string; note: string }): Promise<Alert> {
  return api.post(`/alerts/${encodeURIComponent(id)}/resolve`, { note } satisfies ResolveAlertRequest, { schema: alertSchema });
}

export function useResolveAlert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resolveAlert, onSettled: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }) });
}
