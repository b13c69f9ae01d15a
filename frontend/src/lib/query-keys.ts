/**
 * Query keys shared across features: the history feature owns the history queries, the wallet
 * checker puts a settled check into them and cases refresh them (features do not import each
 * other, so the keys live here).
 */
export const historyQueryKey = ['history'] as const;

/** Whose checks a History query holds: the customer's own (`user`) or every user's (`admin`). */
export type HistoryArea = 'user' | 'admin';

/** The pages of History loaded for one set of filters. */
export const historyListQueryKey = (area: HistoryArea, filters: object) => [...historyQueryKey, area, 'list', filters] as const;

/** One check's Details. */
export const historyItemQueryKey = (area: HistoryArea, id: string) => [...historyQueryKey, area, 'detail', id] as const;

/**
 * Every cases query starts with this key: the cases feature owns them; opening a case from a
 * check's Details or an alert refreshes them.
 */
export const casesQueryKey = ['cases'] as const;
