import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feedSyncResponseSchema, type FeedId, type FeedSyncResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { feedsQueryKey } from './get-feeds';

/** POST /api/admin/feeds/:id/sync: downloads and imports the feed now. */
export function syncFeed(id: FeedId): Promise<FeedSyncResponse> {
  return api.post(`/admin/feeds/${encodeURIComponent(id)}/sync`, undefined, { schema: feedSyncResponseSchema });
}

export function useSyncFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: syncFeed,
    // The attempt is in the sync log whatever its outcome.
    onSettled: () => client.invalidateQueries({ queryKey: feedsQueryKey }),
  });
}
