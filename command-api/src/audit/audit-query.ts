import type { AuditEntry, AuditFilters, AuditPage } from '@walletscreen/contracts';
import type { ReadStore, Where } from '@walletscreen/platform';
import { emailsOfUsers, findCustomerByEmail } from '@walletscreen/projections/customers/queries';

/** Collections the audit projection writes (projections/src/audit). */
const AUDIT = 'audit';
const AUDIT_TYPES = 'audit_types';

type AuditDoc = AuditEntry & { id: string; admin_id: string | null };

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

/** The ids of the users a `user` filter names: an e-mail (any case) or an id. */
async function userIds(readStore: ReadStore, user: string): Promise<string[]> {
  if (!user.includes('@')) return [user];
  const found = await findCustomerByEmail(readStore, user);
  return found ? [found.id] : [];
}

/** The read-store condition of the filters (dates are UTC days, both ends included). */
export async function auditWhere(readStore: ReadStore, f: AuditFilters): Promise<Where> {
  const where: Where = {};
  if (f.type) where.type = f.type;
  if (f.stream) where.stream = f.stream;
  if (f.admin) where.admin_email = f.admin.toLowerCase();
  if (f.user) where.user_id = { in: await userIds(readStore, f.user) };
  if (f.from || f.to) where.at = { ...(f.from ? { gte: `${f.from}T00:00:00.000Z` } : {}), ...(f.to ? { lt: `${nextDay(f.to)}T00:00:00.000Z` } : {}) };
  return where;
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
  const where = await auditWhere(readStore, query);
  const [docs, total] = await Promise.all([
    readStore.find<AuditDoc>(AUDIT, { where, sort: [{ field: 'position', direction: 'desc' }], limit: query.limit, offset: query.offset }),
    readStore.count(AUDIT, where),
  ]);
  return { items: await present(readStore, docs), total, limit: query.limit, offset: query.offset };
}

/** Every matching entry, oldest first, a page at a time (keyset on position: appends meanwhile do not shift it). */
export async function* streamAuditEntries(readStore: ReadStore, filters: AuditFilters, pageSize = 500): AsyncGenerator<AuditEntry> {
  const where = await auditWhere(readStore, filters);
  for (let after = 0; ; ) {
    const docs = await readStore.find<AuditDoc>(AUDIT, { where: { ...where, position: { gt: after } }, sort: [{ field: 'position', direction: 'asc' }], limit: pageSize });
    if (docs.length === 0) return;
    yield* await present(readStore, docs);
    after = docs[docs.length - 1]!.position;
  }
}

/** The event types recorded so far, for the type filter. */
export async function auditTypes(readStore: ReadStore): Promise<string[]> {
  return (await readStore.find<{ key: string }>(AUDIT_TYPES, {})).map((t) => t.key).sort();
}
