import { queryOptions, useQuery } from '@tanstack/react-query';
import { feedsStatusResponseSchema, type FeedsStatusResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** GET /api/admin/feeds: every intelligence feed, on or off, its licence, version in force and last sync. */
export function getFeeds(signal?: AbortSignal): Promise<FeedsStatusResponse> {
  return api.get('/admin/feeds', { schema: feedsStatusResponseSchema, signal });
}

export const feedsQueryKey = ['admin', 'feeds'] as const;

export function feedsQueryOptions() {
  return queryOptions({ queryKey: feedsQueryKey, queryFn: ({ signal }) => getFeeds(signal) });
}

export function useFeeds() {
  return useQuery(feedsQueryOptions());
}
