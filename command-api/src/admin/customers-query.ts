import type { ReadStore } from '@walletscreen/platform';
import type { Customer } from '@walletscreen/contracts';

/** Collection the customers projection writes (projections/src/customers). */
const CUSTOMERS = 'customers';

/** Customers, newest first, optionally by a case-insensitive e-mail substring. */
export function listCustomers(readStore: ReadStore, query: { email?: string; limit: number; offset: number }): Promise<Customer[]> {
  return readStore.find<Customer>(CUSTOMERS, {
    where: { email: query.email ? { contains: query.email } : undefined },
    sort: [{ field: 'created_at', direction: 'desc' }],
    limit: query.limit,
    offset: query.offset,
  });
}

export async function anyAdmin(readStore: ReadStore): Promise<boolean> {
  return (await readStore.count(CUSTOMERS, { role: 'admin' })) > 0;
}
