/**
 * The History rows and details as the server sends them (spec §3 "History item"), typed by the
 * contracts: a customer's own checks, or for admins every user's with the user's e-mail.
 */
import type { HistoryDetail, HistoryItem } from '@walletscreen/contracts';

/** A row of either list; the admins' rows carry the e-mail of the user who ran the check. */
export type HistoryRow = HistoryItem & { user_email?: string };
/** The Details of either kind of check. */
export type HistoryRowDetail = HistoryDetail & { user_email?: string };

/** Pages have 10 items, for users and admins (spec §4, §9). */
export const HISTORY_PAGE_SIZE = 10;

/** The offset of the next page while the last one was full (a check added on the client may make it longer). */
export function nextPageOffset(lastPage: readonly unknown[], _pages: unknown, lastOffset: number): number | undefined {
  return lastPage.length >= HISTORY_PAGE_SIZE ? lastOffset + HISTORY_PAGE_SIZE : undefined;
}

/** The rows of the pages loaded so far, each check once (a check added on the client may come back in a later page). */
export function rowsOfPages<T extends { id: string }>(pages: readonly T[][] | undefined): T[] {
  const seen = new Set<string>();
  return (pages ?? []).flat().filter((row) => {
    if (seen.has(row.id)) return false;
    seen.add(row.id);
    return true;
  });
}
