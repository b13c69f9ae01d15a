import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customerSchema, type Customer } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { customersQueryKey } from '../../../lib/query-keys';

export interface CustomersQuery {
  /** Case-insensitive e-mail substring; empty lists everyone. */
  email: string;
  limit: number;
  offset: number;
}

const customersSchema = customerSchema.array();

/** GET /api/admin/customers?email=&limit=&offset= */
export function getCustomers(query: CustomersQuery, signal?: AbortSignal): Promise<Customer[]> {
  return api.get('/admin/customers', {
    query: { email: query.email.trim() || undefined, limit: query.limit, offset: query.offset },
    schema: customersSchema,
    signal,
  });
}

export function customersQueryOptions(query: CustomersQuery) {
  return queryOptions({
    queryKey: [...customersQueryKey, query],
    queryFn: ({ signal }) => getCustomers(query, signal),
  });
}

/** The customers page; the previous page stays on screen while the next one loads. */
export function useCustomers(query: CustomersQuery) {
  return useQuery({ ...customersQueryOptions(query), placeholderData: keepPreviousData });
}
