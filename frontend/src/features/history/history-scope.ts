/**
 * One History for customers and admins. Which checks it lists, and what it shows of them, follows
 * the role the server gave at sign-in: a customer's own checks, or for admins and auditors every
 * user's with the user's e-mail (column, Details and filter) and a link to each check's evidence.
 * The server decides what each call may read; this only picks the calls and the columns.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { HistoryArea } from '../../lib/query-keys';
import { ADMIN_AREA_ROLES } from '../../lib/session';
import { adminHistoryQueryOptions } from './api/get-admin-history';
import { adminHistoryItemQueryOptions } from './api/get-admin-history-item';
import { historyQueryOptions } from './api/get-history';
import { historyItemQueryOptions } from './api/get-history-item';
import type { HistoryFilters } from './history-filters';

export interface HistoryScope {
  area: HistoryArea;
  title: string;
  description: string;
  /** Export CSV: the server's path and what the file is called (walletscreen-<name>-<day>.csv). */
  exportPath: string;
  exportName: string;
  /** Every user's checks: the e-mail column, Details field and filter. */
  byUser: boolean;
  /** Where a check's case opens. */
  casePath: (caseId: string) => string;
  /** Whether a case may be opened from the Details (an auditor reads only). */
  canOpenCases: boolean;
  /** The Details link to the check's recorded evidence and its replay. */
  evidenceLinks: boolean;
  /** Where the check's evidence bundle is downloaded from (under /api). */
  evidencePath: (checkId: string) => string;
}

const customerScope: HistoryScope = {
  area: 'user',
  title: 'Wallet Checks History',
  description: 'Every wallet you have checked, newest first.',
  exportPath: '/transactions/history.csv',
  exportName: 'history',
  byUser: false,
  casePath: (id) => `/dashboard/cases/${id}`,
  canOpenCases: true,
  evidenceLinks: false,
  evidencePath: (id) => `/transactions/checks/${encodeURIComponent(id)}/evidence`,
};

const adminScope: HistoryScope = {
  area: 'admin',
  title: 'Admin: Wallet Checks History',
  description: "Every customer's checks, newest first.",
  exportPath: '/admin/transactions.csv',
  exportName: 'all-checks',
  byUser: true,
  casePath: (id) => `/admin/cases/${id}`,
  canOpenCases: true,
  evidenceLinks: true,
  evidencePath: (id) => `/admin/checks/${encodeURIComponent(id)}/evidence`,
};

/** The History a role sees: admins and auditors (read-only) every user's checks, anyone else their own. */
export function historyScopeOf(role: string | null): HistoryScope {
  if (!ADMIN_AREA_ROLES.includes(role ?? '')) return customerScope;
  return role === 'auditor' ? { ...adminScope, canOpenCases: false } : adminScope;
}

/** The pages of History loaded so far for these filters, from the scope's endpoint. */
export function useHistory(scope: HistoryScope, filters: HistoryFilters) {
  return useInfiniteQuery(scope.area === 'admin' ? adminHistoryQueryOptions(filters) : historyQueryOptions(filters));
}

/** The Details of the check that was opened, from the scope's endpoint; nothing is fetched while none is. */
export function useHistoryItem(scope: HistoryScope, id: string | null) {
  const options = scope.area === 'admin' ? adminHistoryItemQueryOptions(id ?? '') : historyItemQueryOptions(id ?? '');
  return useQuery({ ...options, enabled: id !== null });
}
