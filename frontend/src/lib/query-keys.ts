/**
 * Query keys shared across features: the history feature owns the history queries, the wallet
 * checker refreshes them after a check (features do not import each other, so the root key lives here).
 */
export const historyQueryKey = ['history'] as const;

/**
 * Every cases query starts with this key: the cases feature owns them; opening a case from a
 * check's Details or an alert refreshes them.
 */
export const casesQueryKey = ['cases'] as const;
