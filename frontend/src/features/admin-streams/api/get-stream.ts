import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { streamViewSchema, type StreamView } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { streamsQueryKey } from '../../../lib/query-keys';

/** GET /api/admin/streams/:streamId?position=N: the events up to global position N and the state folded from them (all of them without N). */
export function getStream(streamId: string, position: number | null, signal?: AbortSignal): Promise<StreamView> {
  return api.get(`/admin/streams/${encodeURIComponent(streamId)}`, { query: { position: position ?? undefined }, schema: streamViewSchema, signal });
}

export function streamQueryOptions(streamId: string, position: number | null) {
  return queryOptions({ queryKey: [...streamsQueryKey, 'stream', streamId, position], queryFn: ({ signal }) => getStream(streamId, position, signal) });
}

/** The whole stream (its stops) when position is null; the state as of a position otherwise. */
export function useStream(streamId: string, position: number | null, enabled = true) {
  return useQuery({ ...streamQueryOptions(streamId, position), enabled, placeholderData: keepPreviousData });
}
