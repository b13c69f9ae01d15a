/** GET /api/billing/get-plans: shared by Top Up (the plans) and the landing page (the price it advertises). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { plansSchema, type Plan } from '@walletscreen/contracts';
import { api } from './http-client';

/** GET /api/billing/get-plans: public, no token sent. */
export function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return api.get('/billing/get-plans', { schema: plansSchema, signal, auth: false });
}

export const plansQueryKey = ['billing', 'plans'] as const;

export function plansQueryOptions() {
  return queryOptions({ queryKey: plansQueryKey, queryFn: ({ signal }) => getPlans(signal), staleTime: 5 * 60_000 });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
