import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statsSchema, type Stats, type StatsGranularity } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

export interface StatsFilters {
  granularity: StatsGranularity;
  /** YYYY-MM-DD; both null asks for the default range (last 30 days, or last 12 months). */
  from: string | null;
  to: string | null;
}

/** GET /api/admin/stats?from=&to=&granularity= */
export function getStats(filters: StatsFilters, signal?: AbortSignal): Promise<Stats> {
  return api.get('/admin/stats', { query: { granularity: filters.granularity, from: filters.from, to: filters.to }, schema: statsSchema, signal });
}

export const statsQueryKey = ['admin', 'stats'] as const;

export function statsQueryOptions(filters: StatsFilters) {
  return queryOptions({ queryKey: [...statsQueryKey, filters], queryFn: ({ signal }) => getStats(filters, signal) });
}

/** The stats of a range; the previous range stays on screen while the next one loads. */
export function useStats(filters: StatsFilters) {
  return useQuery({ ...statsQueryOptions(filters), placeholderData: keepPreviousData });
}
