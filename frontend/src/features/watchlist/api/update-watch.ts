import { useMutation, useQueryClient } from '@tanstack/react-query';
import { watchSchema, type UpdateWatchRequest, type Watch } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { watchlistQueryKey } from './get-watchlist';

/** PATCH /api/watchlist/{id}: reference, tags or re-screen interval. */
export function updateWatch(id: string, body: UpdateWatchRequest): Promise<Watch> {
  return api.request('PATCH', `/watchlist/${encodeURIComponent(id)}`, { body, schema: watchSchema });
}

export function useUpdateWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWatchRequest }) => updateWatch(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchlistQueryKey }),
  });
}
