/**
 * The audit log read model's queries: a page of the log, newest first; every entry after a
 * position, oldest first (downloads); the event types recorded so far. The API resolves a user
 * filter given as an e-mail into user ids (the customers read model) and shows each entry.
 */
import type { ReadStore } from '@walletscreen/platform';
import type { DocWhere } from '../collection';
import { audit, auditTypes, type AuditDoc } from './audit.projection';

export { audit, auditTypes, type AuditDoc };

/** The log's filters, parsed: each narrows the log when given. */
export interface AuditFilter {
  type?: string | undefined;
  stream?: string | undefined;
  /** The acting admin's e-mail (any case). */
  adminEmail?: string | undefined;
  /** The affected users (none matches nothing). */
  userIds?: readonly string[] | undefined;
  /** UTC days (YYYY-MM-DD), both included. */
  from?: string | undefined;
  to?: string | undefined;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

function auditWhere(f: AuditFilter): DocWhere<AuditDoc> {
  const where: DocWhere<AuditDoc> = {};
  if (f.type) where.type = f.type;
  if (f.stream) where.stream = f.stream;
  if (f.adminEmail) where.admin_email = f.adminEmail.toLowerCase();
  if (f.userIds) where.user_id = { in: f.userIds };
  if (f.from || f.to) where.at = { ...(f.from ? { gte: `${f.from}T00:00:00.000Z` } : {}), ...(f.to ? { lt: `${nextDay(f.to)}T00:00:00.000Z` } : {}) };
  return where;
}

/** One page of the log, newest first, with how many entries match. */
export async function findAuditEntries(
  store: ReadStore,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ items: AuditDoc[]; total: number }> {
  const where = auditWhere(filter);
  const [items, total] = await Promise.all([
    audit.find(store, { where, sort: [{ field: 'position', direction: 'desc' }], limit: page.limit, offset: page.offset }),
    audit.count(store, where),
  ]);
  return { items, total };
}

/** Up to `limit` matching entries after a position, oldest first (a keyset: appends meanwhile do not shift it). */
export const findAuditEntriesAfter = (store: ReadStore, filter: AuditFilter, after: number, limit: number): Promise<AuditDoc[]> =>
  audit.find(store, { where: { ...auditWhere(filter), position: { gt: after } }, sort: [{ field: 'position', direction: 'asc' }], limit });

/** The event types recorded so far, in order. */
export async function auditEventTypes(store: ReadStore): Promise<string[]> {
  return (await auditTypes.find(store)).map((t) => t.key).sort();
}
