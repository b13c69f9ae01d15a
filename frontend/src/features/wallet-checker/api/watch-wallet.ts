import { useMutation, useQueryClient } from '@tanstack/react-query';
import { watchResultSchema, type WatchItem, type WatchResult, type WatchRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** POST /api/watchlist: watch the wallet of a result (its check is the verdict the next re-screen is compared with). */
export function watchWallet(item: WatchItem): Promise<WatchResult> {
  return api.post('/watchlist', item satisfies WatchRequest, { schema: watchResultSchema });
}

export function useWatchWallet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: watchWallet, onSettled: () => queryClient.invalidateQueries({ queryKey: ['watchlist'] }) });
}
