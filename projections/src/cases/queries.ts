/** The cases read model's queries: the Cases screen's lists (a user's, everyone's) and the cases of a check. */
import type { ReadStore } from '@walletscreen/platform';
import { cases, type CaseDoc } from './cases.projection';

export { cases, type CaseDoc };

/** The Cases screen's filters, parsed: each narrows the list when given. */
export interface CaseFilter {
  ownerUserId?: string | undefined;
  status?: CaseDoc['status'] | undefined;
  /** The decision in force, or `none`. */
  decision?: string | undefined;
  /** The risk level as labelled. */
  riskLevel?: string | undefined;
  /** The assignee's e-mail (any case), or `none`. */
  assigneeEmail?: string | undefined;
  /** Case-insensitive substrings of the wallet's address and of the owner's e-mail. */
  address?: string | undefined;
  ownerEmail?: string | undefined;
}

/** Cases, the last changed first, a page at a time, with how many match. */
export async function findCases(store: ReadStore, filter: CaseFilter, page: { limit: number; offset: number }): Promise<{ items: CaseDoc[]; total: number }> {
  const where = {
    owner_user_id: filter.ownerUserId,
    status: filter.status,
    decision_kind: filter.decision,
    risk_level: filter.riskLevel,
    assignee_email: filter.assigneeEmail ? filter.assigneeEmail.toLowerCase() : undefined,
    address: filter.address ? { contains: filter.address } : undefined,
    owner_email: filter.ownerEmail ? { contains: filter.ownerEmail } : undefined,
  };
  const [items, total] = await Promise.all([
    cases.find(store, { where, sort: [{ field: 'updated_at', direction: 'desc' }], limit: page.limit, offset: page.offset }),
    cases.count(store, where),
  ]);
  return { items, total };
}

/** The cases opened on a check or on its alerts (up to 50), the last changed first. */
export const findCasesOfCheck = (store: ReadStore, checkId: string): Promise<CaseDoc[]> =>
  cases.find(store, { where: { check_id: checkId }, sort: [{ field: 'updated_at', direction: 'desc' }], limit: 50 });
