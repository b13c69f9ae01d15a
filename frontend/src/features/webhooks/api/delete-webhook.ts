import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http-client';
import { webhooksQueryKey } from './get-webhooks';

/** DELETE /api/webhooks/{id} → 204: nothing more is sent to it. */
export async function deleteWebhook(id: string): Promise<void> {
  await api.request('DELETE', `/webhooks/${encodeURIComponent(id)}`);
}

/** Deletes an endpoint, then reloads the list. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhook, onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }) });
}
