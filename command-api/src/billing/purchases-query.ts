import type { ReadStore } from '@walletscreen/platform';
import { receiptNumber, type AccountPurchase, type AccountPurchases, type Purchase } from '@walletscreen/contracts';
import { countPurchases, findPurchase, findPurchases, type PurchaseDoc } from '@walletscreen/projections/billing/queries';
import { customerIdsByEmail, emailsOfUsers } from '@walletscreen/projections/customers/queries';

/** An e-mail search matching more customers than this lists the purchases of the first ones only. */
const MAX_MATCHING_CUSTOMERS = 1000;

/** Purchases, newest first, optionally of customers whose e-mail contains a text (case-insensitive); with the buyer's e-mail. */
export async function listPurchases(readStore: ReadStore, query: { email?: string; limit: number; offset: number }): Promise<Purchase[]> {
  let userIds: string[] | undefined;
  if (query.email) {
    userIds = await customerIdsByEmail(readStore, query.email, MAX_MATCHING_CUSTOMERS);
    if (userIds.length === 0) return [];
  }
  const docs = await findPurchases(readStore, query, userIds ? { in: userIds } : undefined);
  const emails = await emailsOfUsers(
    readStore,
    docs.map((d) => d.user_id),
  );
  return docs.map((d) => ({
    id: d.id,
    user_id: d.user_id,
    user_email: emails.get(d.user_id) ?? '',
    type: d.type,
    plan_id: d.plan_id,
    amount: d.amount,
    currency: d.currency,
    checks: d.checks,
    remaining_checks: d.remaining_checks,
    provider: d.provider,
    // Purchases recorded before test payments were marked: the local provider's are test payments.
    test: d.test ?? d.provider === 'local',
    created_at: d.created_at,
    expires_at: d.expires_at,
  }));
}

/** The purchase as its buyer sees it. */
function ownView(d: PurchaseDoc): AccountPurchase {
  return {
    id: d.id,
    type: d.type,
    plan_id: d.plan_id,
    amount: d.amount,
    currency: d.currency,
    checks: d.checks,
    remaining_checks: d.remaining_checks,
    provider: d.provider,
    test: d.test ?? d.provider === 'local',
    created_at: d.created_at,
    expires_at: d.expires_at,
    receipt_number: receiptNumber(d),
  };
}

/** One user's own purchases, newest first, a page at a time, with how many there are. */
export async function listOwnPurchases(readStore: ReadStore, userId: string, page: { limit: number; offset: number }): Promise<AccountPurchases> {
  const [docs, total] = await Promise.all([findPurchases(readStore, page, userId), countPurchases(readStore, userId)]);
  return { items: docs.map(ownView), total, limit: page.limit, offset: page.offset };
}

/** One of the user's own purchases with its payment reference; null for an unknown id or someone else's. */
export async function ownPurchase(readStore: ReadStore, userId: string, purchaseId: string): Promise<(AccountPurchase & { provider_ref: string }) | null> {
  const doc = await findPurchase(readStore, purchaseId);
  if (!doc || doc.user_id !== userId) return null;
  return { ...ownView(doc), provider_ref: doc.provider_ref };
}
