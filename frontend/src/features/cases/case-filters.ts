/**
 * The Cases screens' filters and how they go to the server (GET /api/cases and /api/admin/cases):
 * "all" and blank filters are left out, texts are trimmed, the owner's e-mail only in the admin
 * area, and the page as limit and offset.
 */
import type { CaseDecision, CaseStatus, RiskLevelLabel } from '@walletscreen/contracts';

/** Which Cases screen: the customer's own cases, or every customer's (admins and auditors). */
export type CasesArea = 'user' | 'admin';

export const CASES_PAGE_SIZE = 20;

export interface CaseFilters {
  status: CaseStatus | 'all';
  decision: CaseDecision | 'none' | 'all';
  riskLevel: RiskLevelLabel | '';
  /** The assignee's e-mail (exact, any case), "none" for unassigned cases, or blank for any. */
  assignee: string;
  /** A part of the wallet address. */
  address: string;
  /** A part of the owner's e-mail (admin area only). */
  owner: string;
}

export const emptyCaseFilters: CaseFilters = { status: 'all', decision: 'all', riskLevel: '', assignee: '', address: '', owner: '' };

/** The query string of one page of cases under these filters (page counts from 1). */
export function casesQuery(area: CasesArea, filters: CaseFilters, page: number): Record<string, string | number | undefined> {
  const text = (value: string) => value.trim() || undefined;
  return {
    limit: CASES_PAGE_SIZE,
    offset: (Math.max(1, page) - 1) * CASES_PAGE_SIZE,
    status: filters.status === 'all' ? undefined : filters.status,
    decision: filters.decision === 'all' ? undefined : filters.decision,
    risk_level: filters.riskLevel || undefined,
    assignee: text(filters.assignee),
    q: text(filters.address),
    owner: area === 'admin' ? text(filters.owner) : undefined,
  };
}

/** How many pages `total` cases make (at least one, so the pager never reads "page 1 of 0"). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / CASES_PAGE_SIZE));
}

/** Whether any filter narrows the list (the empty state then says so, not "no cases yet"). */
export function isFiltered(filters: CaseFilters): boolean {
  return (Object.keys(emptyCaseFilters) as Array<keyof CaseFilters>).some((key) => filters[key].trim() !== emptyCaseFilters[key]);
}
