/**
 * The customers read model's queries: the admin Customers list, whether an admin exists, and the
 * e-mails of users, which the other read models name by id only (a user's e-mail never changes: it
 * names the account). E-mails are stored lower-case, as the API takes them (contracts' emailSchema).
 */
import type { ReadStore } from '@walletscreen/platform';
import type { Customer } from '@walletscreen/contracts';
import { customerOf, customers, type CustomerDoc } from './customers.projection';

export { customers, type CustomerDoc };

/** Customers, newest first, optionally those whose e-mail contains `email` (case-insensitive). */
export async function findCustomers(store: ReadStore, query: { email?: string | undefined; limit: number; offset: number }): Promise<Customer[]> {
  const found = await customers.find(store, {
    where: { email: query.email ? { contains: query.email } : undefined },
    sort: [{ field: 'created_at', direction: 'desc' }],
    limit: query.limit,
    offset: query.offset,
  });
  return found.map(customerOf);
}

export async function anyAdmin(store: ReadStore): Promise<boolean> {
  return (await customers.count(store, { role: 'admin' })) > 0;
}

/** The ids of the accounts the read model shows as admins: what the admin roster is seeded from (admin-roster/events.ts). */
export async function adminIdsOnRecord(store: ReadStore): Promise<string[]> {
  return (await customers.find(store, { where: { role: 'admin' }, sort: [{ field: 'created_at', direction: 'asc' }], limit: 10_000 })).map((c) => c.id);
}

/** The customer registered with this e-mail (any case), or null. */
export async function findCustomerByEmail(store: ReadStore, email: string): Promise<CustomerDoc | null> {
  const [found] = await customers.find(store, { where: { email: email.trim().toLowerCase() }, limit: 1 });
  return found ?? null;
}

/** The ids of up to `limit` customers whose e-mail contains `text` (case-insensitive), for the e-mail filters of other lists. */
export async function customerIdsByEmail(store: ReadStore, text: string, limit: number): Promise<string[]> {
  return (await customers.find(store, { where: { email: { contains: text } }, limit })).map((c) => c.id);
}

/** The e-mails of these users, by id (a user not in the read model is left out). */
export async function emailsOfUsers(store: ReadStore, userIds: Iterable<string>): Promise<Map<string, string>> {
  const found = await customers.getMany(store, [...new Set(userIds)]);
  return new Map([...found].map(([id, c]) => [id, c.email]));
}

/** A user's e-mail, or null when the read model does not know them. */
export async function emailOfUser(store: ReadStore, userId: string): Promise<string | null> {
  return (await customers.get(store, userId))?.email ?? null;
}
