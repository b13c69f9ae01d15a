import type { AuditEntry, AuditFilters, AuditPage } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { findAuditEntries as findAuditDocs, findAuditEntriesAfter, type AuditDoc, type AuditFilter } from '@walletscreen/projections/audit/queries';
import { emailsOfUsers, findCustomerByEmail } from '@walletscreen/projections/customers/queries';

/** The ids of the users a `user` filter names: an e-mail (any case) or an id. */
async function userIds(readStore: ReadStore, user: string): Promise<string[]> {
  if (!user.includes('@')) return [user];
  const found = await findCustomerByEmail(readStore, user);
  return found ? [found.id] : [];
}

/** The read model's filter of the API's (a user named by e-mail looked up in the customers read model). */
async function auditFilter(readStore: ReadStore, f: AuditFilters): Promise<AuditFilter> {
  return { type: f.type, stream: f.stream, adminEmail: f.admin, userIds: f.user ? await userIds(readStore, f.user) : undefined, from: f.from, to: f.to };
}

/** Rows as the API shows them: the user's e-mail looked up from the customers read model. */
async function present(readStore: ReadStore, docs: AuditDoc[]): Promise<AuditEntry[]> {
  const missing = [...new Set(docs.filter((d) => d.user_id !== null && d.user_email === null).map((d) => d.user_id!))];
  const emails = await emailsOfUsers(readStore, missing);
  return docs.map((d) => ({
    position: d.position,
    at: d.at,
    type: d.type,
    stream: d.stream,
    user_id: d.user_id,
    user_email: d.user_email ?? (d.user_id === null ? null : (emails.get(d.user_id) ?? null)),
    admin_email: d.admin_email,
    data: d.data,
    hash: d.hash,
  }));
}

/** One page of the log, newest first. */
export async function findAuditEntries(readStore: ReadStore, query: AuditFilters & { limit: number; offset: number }): Promise<AuditPage> {
  const { items, total } = await findAuditDocs(readStore, await auditFilter(readStore, query), query);
  return { items: await present(readStore, items), total, limit: query.limit, offset: query.offset };
}

/** Every matching entry, oldest first, a page at a time (keyset on position: appends meanwhile do not shift it). */
export async function* streamAuditEntries(readStore: ReadStore, filters: AuditFilters, pageSize = 500): AsyncGenerator<AuditEntry> {
  const filter = await auditFilter(readStore, filters);
  for (let after = 0; ;) {
    const docs = await findAuditEntriesAfter(readStore, filter, after, pageSize);
    if (docs.length === 0) return;
    yield* await present(readStore, docs);
    after = docs[docs.length - 1]!.position;
  }
}
