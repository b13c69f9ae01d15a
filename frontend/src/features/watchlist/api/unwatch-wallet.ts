import { useMutation, useQueryClient } from '@tanstack/react-query';
import { watchSchema, type Watch } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { watchlistQueryKey } from './get-watchlist';

/** DELETE /api/watchlist/{id}: no more re-screens or alerts for the wallet. */
export function unwatchWallet(id: string): Promise<Watch> {
  return api.request('DELETE', `/watchlist/${encodeURIComponent(id)}`, { schema: watchSchema });
}

export function useUnwatchWallet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unwatchWallet, onSettled: () => queryClient.invalidateQueries({ queryKey: watchlistQueryKey }) });
}
