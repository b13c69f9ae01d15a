/**
 * The monitoring read models' queries: a user's watchlist (a page, one watch, how many are
 * active), the watches due for a re-screen and every active one (the background work's), and a
 * user's alerts (a page, one alert, the open ones).
 */
import type { AlertStatus } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { alerts, watchlist, type AlertDoc, type WatchDoc } from './watchlist.projection';

export { alerts, watchlist, type AlertDoc, type WatchDoc };

interface Page {
  limit: number;
  offset: number;
}

export const findWatch = (store: ReadStore, id: string): Promise<WatchDoc | null> => watchlist.get(store, id);

export const findWatches = (store: ReadStore, ids: readonly string[]): Promise<Map<string, WatchDoc>> => watchlist.getMany(store, ids);

export const countActiveWatches = (store: ReadStore, userId: string): Promise<number> => watchlist.count(store, { user_id: userId, status: 'active' });

/** A user's watches, newest first, in one status or all, optionally those whose address contains `search`; with how many match. */
export async function findUserWatches(
  store: ReadStore,
  userId: string,
  query: Page & { status: WatchDoc['status'] | 'all'; search?: string | undefined },
): Promise<{ items: WatchDoc[]; total: number }> {
  const where = { user_id: userId, status: query.status === 'all' ? undefined : query.status, address: query.search ? { contains: query.search } : undefined };
  const [items, total] = await Promise.all([
    watchlist.find(store, { where, sort: [{ field: 'watched_at', direction: 'desc' }], limit: query.limit, offset: query.offset }),
    watchlist.count(store, where),
  ]);
  return { items, total };
}

/** Active watches whose re-screen is due at `now` (ISO), the longest due first. */
export const findDueWatches = (store: ReadStore, now: string, page: Page): Promise<WatchDoc[]> =>
  watchlist.find(store, {
    where: { status: 'active', next_rescreen_at: { lte: now } },
    sort: [{ field: 'next_rescreen_at', direction: 'asc' }],
    limit: page.limit,
    offset: page.offset,
  });

/** Every active watch, oldest first, a page at a time. */
export const findActiveWatches = (store: ReadStore, page: Page): Promise<WatchDoc[]> =>
  watchlist.find(store, { where: { status: 'active' }, sort: [{ field: 'watched_at', direction: 'asc' }], limit: page.limit, offset: page.offset });

export const findAlert = (store: ReadStore, id: string): Promise<AlertDoc | null> => alerts.get(store, id);

/** A user's alerts, newest first, in one status or all, optionally of one watch; with how many match. */
export async function findUserAlerts(
  store: ReadStore,
  userId: string,
  query: Page & { status?: AlertStatus | 'all' | undefined; watchId?: string | undefined },
): Promise<{ items: AlertDoc[]; total: number }> {
  const where = { user_id: userId, status: query.status === 'all' ? undefined : query.status, watch_id: query.watchId || undefined };
  const [items, total] = await Promise.all([
    alerts.find(store, { where, sort: [{ field: 'raised_at', direction: 'desc' }], limit: query.limit, offset: query.offset }),
    alerts.count(store, where),
  ]);
  return { items, total };
}

/** How many of a user's alerts are open. */
export const countOpenAlerts = (store: ReadStore, userId: string): Promise<number> => alerts.count(store, { user_id: userId, status: 'open' });

/** How many alerts of a watch are open. */
export const countOpenAlertsOfWatch = (store: ReadStore, watchId: string): Promise<number> => alerts.count(store, { watch_id: watchId, status: 'open' });

/** A user's open alerts, counted by watch. */
export async function openAlertsByWatch(store: ReadStore, userId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const a of await alerts.find(store, { where: { user_id: userId, status: 'open' } })) counts.set(a.watch_id, (counts.get(a.watch_id) ?? 0) + 1);
  return counts;
}
