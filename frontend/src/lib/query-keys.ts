/**
 * Query keys shared across features: the history feature owns the history queries, the wallet
 * checker puts a settled check into them and cases refresh them; the admin's refund of a check
 * refreshes what shows a customer's balance (features do not import each other, so the keys live
 * here).
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

/** Every Customers query (the admin's list, with each customer's balance): the admin-customers feature owns them. */
export const customersQueryKey = ['admin', 'customers'] as const;

/** Every stream-browser query (a user's stream folds to their balance): the admin-streams feature owns them. */
export const streamsQueryKey = ['admin', 'streams'] as const;

/** Every audit-log query (the log, a balance's history): the admin-audit feature owns them. */
export const auditQueryKey = ['admin', 'audit'] as const;
