import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { streamListSchema, type StreamList } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { streamsQueryKey } from '../../../lib/query-keys';

export const STREAMS_PAGE_SIZE = 50;

/** GET /api/admin/streams?prefix=&after=&limit=: stream ids ascending, and the kinds the browser folds. */
export function getStreams(prefix: string, after: string | null, signal?: AbortSignal): Promise<StreamList> {
  return api.get('/admin/streams', {
    query: { prefix: prefix || undefined, after: after ?? undefined, limit: STREAMS_PAGE_SIZE },
    schema: streamListSchema,
    signal,
  });
}

/** The pages of stream ids loaded so far for one prefix; the next page starts after the last id. */
export function streamsQueryOptions(prefix: string) {
  return infiniteQueryOptions({
    queryKey: [...streamsQueryKey, 'list', prefix],
    queryFn: ({ pageParam, signal }) => getStreams(prefix, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: StreamList) => last.next_after ?? undefined,
  });
}

export function useStreams(prefix: string) {
  return useInfiniteQuery({ ...streamsQueryOptions(prefix), placeholderData: keepPreviousData });
}
