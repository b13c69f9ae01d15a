/**
 * The checks read model's queries: History (one user's, some users', everyone's), one check, the
 * checks still running, a wallet's checks, a batch's; and the pending charges' (the charges whose
 * check never started). The API parses its filters into `HistoryFilter` and shapes the rows.
 */
import type { Network } from '@walletscreen/contracts';
import type { FieldCondition, ReadStore } from '@walletscreen/platform';
import { checks, type CheckDoc } from './checks.projection';
import { pendingCharges, type PendingChargeDoc } from './pending-charges.projection';

export { checks, pendingCharges, type CheckDoc, type PendingChargeDoc };

/** History's filters, parsed: a substring of the address, a risk level as labelled, whole days (YYYY-MM-DD, inclusive). */
export interface HistoryFilter {
  address?: string | undefined;
  risk_level?: string | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
}

export interface HistoryPage extends HistoryFilter {
  limit?: number;
  offset?: number;
}

/** The created_at condition of the date filters, and of an export's page boundary. */
function createdAt(filter: HistoryFilter, atMost: string | undefined): FieldCondition | undefined {
  const to = filter.date_to ? `${filter.date_to}T23:59:59.999Z` : undefined;
  const lte = atMost !== undefined && (to === undefined || atMost < to) ? atMost : to;
  if (!filter.date_from && lte === undefined) return undefined;
  return { ...(filter.date_from ? { gte: `${filter.date_from}T00:00:00.000Z` } : {}), ...(lte !== undefined ? { lte } : {}) };
}

/**
 * Checks, newest first, filtered by the store so matches beyond the loaded page are found; of one
 * user, of some users (`{ in: ids }`), or of everyone (admins). Completed ones unless `status`
 * says otherwise (the public API lists every status and looks for a reference).
 */
export function findHistory(
  store: ReadStore,
  page: HistoryPage,
  userId?: string | { in: readonly string[] },
  options: { status?: 'running' | 'completed' | 'failed' | 'all'; reference?: string; createdAtMost?: string } = {},
): Promise<CheckDoc[]> {
  return checks.find(store, {
    where: {
      status: options.status === 'all' ? undefined : (options.status ?? 'completed'),
      user_id: userId,
      reference: options.reference,
      wallet_address: page.address ? { contains: page.address } : undefined,
      risk_level: page.risk_level || undefined,
      created_at: createdAt(page, options.createdAtMost),
    },
    sort: [{ field: 'created_at', direction: 'desc' }],
    limit: page.limit,
    offset: page.offset,
  });
}

export const findCheck = (store: ReadStore, id: string): Promise<CheckDoc | null> => checks.get(store, id);

export const findChecks = (store: ReadStore, ids: readonly string[]): Promise<Map<string, CheckDoc>> => checks.getMany(store, ids);

/** A user's checks still running that were started from a session (not a batch's, not an API key's), newest first. */
export function findRunningChecks(store: ReadStore, userId: string, limit: number): Promise<CheckDoc[]> {
  return checks.find(store, {
    where: { user_id: userId, status: 'running', batch_id: null, api_key_id: null },
    sort: [{ field: 'created_at', direction: 'desc' }],
    limit,
  });
}

/** Checks still running, for the analysis worker to resume at start. */
export async function runningCheckIds(store: ReadStore): Promise<string[]> {
  return (await checks.find(store, { where: { status: 'running' } })).map((d) => d.id);
}

/** A batch's checks in one status (running, completed, failed). */
export const findBatchChecks = (store: ReadStore, batchId: string, status: CheckDoc['status']): Promise<CheckDoc[]> =>
  checks.find(store, { where: { batch_id: batchId, status } });

/** How many of a batch's checks are in one status (its counts while it runs). */
export const countBatchChecks = (store: ReadStore, batchId: string, status: CheckDoc['status']): Promise<number> =>
  checks.count(store, { batch_id: batchId, status });

/** A user's latest completed check of a wallet (a new watch's baseline), or null. */
export async function latestCompletedCheck(store: ReadStore, userId: string, address: string, network: Network): Promise<CheckDoc | null> {
  const [latest] = await checks.find(store, {
    where: { user_id: userId, wallet_address: address, network, status: 'completed' },
    sort: [{ field: 'created_at', direction: 'desc' }],
    limit: 1,
  });
  return latest ?? null;
}

/** Every user's checks of one wallet, newest first, a page at a time, with how many there are. */
export async function findWalletChecks(
  store: ReadStore,
  wallet: { address: string; network: string },
  page: { limit: number; offset: number },
): Promise<{ items: CheckDoc[]; total: number }> {
  const where = { wallet_address: wallet.address, network: wallet.network };
  const [items, total] = await Promise.all([
    checks.find(store, { where, sort: [{ field: 'created_at', direction: 'desc' }], limit: page.limit, offset: page.offset }),
    checks.count(store, where),
  ]);
  return { items, total };
}

/** Charges older than `before` whose check never started, oldest first, up to `limit` (the charge sweeper's). */
export const findStaleCharges = (store: ReadStore, before: string, limit: number): Promise<PendingChargeDoc[]> =>
  pendingCharges.find(store, { where: { charged_at: { lt: before } }, sort: [{ field: 'charged_at', direction: 'asc' }], limit });
