/**
 * Every user's completed checks for the admin History, with the e-mail of the user who ran each.
 * The e-mail comes from the customers read model (a user's e-mail never changes: it names the
 * account), joined by user id; the e-mail filter is a case-insensitive substring, applied by the
 * server before paging.
 */
import { z } from 'zod';
import type { ReadStore } from '@walletscreen/platform';
import { findCheckCase } from '../shared/check-case';
import { historyDetail, historyFilterSchema, historyItem, historyQuerySchema, type HistoryQuery } from '../shared/check-history';
import { findCheck, findHistory, type CheckDoc } from '@walletscreen/projections/checks/queries';
import { customerIdsByEmail, emailsOfUsers } from '@walletscreen/projections/customers/queries';

/** Up to this many matching customers the filter is one query; a broader filter scans the checks. */
const IN_LIMIT = 500;
const SCAN_BATCH = 500;

export const adminHistoryQuerySchema = historyQuerySchema.safeExtend({
  email: z
    .string()
    .trim()
    .max(254, { error: 'The e-mail filter may have at most 254 characters' })
    .optional()
    .meta({ description: "Case-insensitive substring of the user's e-mail" }),
});
export type AdminHistoryQuery = z.output<typeof adminHistoryQuerySchema>;
/** The admin History's filters, for the whole-History export. */
export const adminHistoryFilterSchema = historyFilterSchema.safeExtend({ email: adminHistoryQuerySchema.shape.email });

const emailsOf = (readStore: ReadStore, docs: CheckDoc[]) =>
  emailsOfUsers(
    readStore,
    docs.map((d) => d.user_id),
  );

/** Completed checks of every user, newest first, each with `user_email`. */
export async function findAdminHistory(readStore: ReadStore, query: AdminHistoryQuery) {
  const { email, ...rest } = query;
  const history: HistoryQuery = rest;
  const needle = email?.toLowerCase();
  let docs: CheckDoc[];
  if (!needle) {
    docs = await findHistory(readStore, history);
  } else {
    const owners = await customerIdsByEmail(readStore, needle, IN_LIMIT + 1);
    if (owners.length === 0) return [];
    if (owners.length <= IN_LIMIT) {
      docs = await findHistory(readStore, history, { in: owners });
    } else {
      docs = await scan(readStore, history, needle);
    }
  }
  const emails = await emailsOf(readStore, docs);
  return docs.map((doc) => ({ ...historyItem(doc), user_email: emails.get(doc.user_id) ?? '' }));
}

/** A filter most customers match: page through the checks and keep those of matching users. */
async function scan(readStore: ReadStore, query: HistoryQuery, needle: string): Promise<CheckDoc[]> {
  const kept: CheckDoc[] = [];
  let skip = query.offset;
  for (let offset = 0; ; offset += SCAN_BATCH) {
    const batch = await findHistory(readStore, { ...query, limit: SCAN_BATCH, offset });
    const emails = await emailsOf(readStore, batch);
    for (const doc of batch) {
      if (!(emails.get(doc.user_id) ?? '').toLowerCase().includes(needle)) continue;
      if (skip > 0) skip--;
      else kept.push(doc);
      if (kept.length === query.limit) return kept;
    }
    if (batch.length < SCAN_BATCH) return kept;
  }
}

/** One completed check of any user, with their e-mail; null when there is none. */
export async function findAdminCheck(readStore: ReadStore, id: string) {
  const doc = await findCheck(readStore, id);
  if (!doc || doc.status !== 'completed') return null;
  const [emails, checkCase] = await Promise.all([emailsOf(readStore, [doc]), findCheckCase(readStore, doc.id)]);
  return { ...historyDetail(doc), user_email: emails.get(doc.user_id) ?? '', ...(checkCase ? { case: checkCase } : {}) };
}
