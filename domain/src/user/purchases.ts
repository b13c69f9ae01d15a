/**
 * Purchases: packs of checks bought (billing), kept on the user's stream as lots. Buying a pack, the
 * local test-payment sessions, which purchase a check is charged to, and the expiry of what is
 * left. Pure deciders over the user's state, called from decideUser; time, ids, the plan and the
 * purchase's expiry come in with the command.
 */
import { accountMessages, billingMessages } from '@walletscreen/contracts';
import { Conflict, Forbidden, NotFound } from '../errors';
import type { ChecksPurchasedData, LocalCheckoutStartedData, UserEvent } from './events';
import type { PurchaseLot, RegisteredUser, UserState } from './state';

/** A plan as the purchase commands carry it (from configuration; the decider reads no config). */
export interface PurchasedPlan {
  planId: string;
  planName: string;
  checks: number;
  /** In currency units. */
  amount: number;
  currency: string;
}

export type PurchaseChecksData = PurchasedPlan & {
  purchaseId: string;
  provider: 'stripe' | 'local';
  providerRef: string;
  /** Stripe in test mode (its event's `livemode` false): the checks are credited, no money moved. */
  stripeTestMode?: boolean;
  /** When the purchased checks expire (the configured number of days after the purchase is recorded). */
  expiresAt: string;
};

function registered(state: UserState): RegisteredUser {
  if (state.status !== 'registered') throw new NotFound('no such user');
  return state;
}

/**
 * Credits a paid purchase once: the purchase id is derived from the provider's session, so every
 * delivery of the same payment finds the purchase already there. A Stripe payment is credited even
 * to a user blocked since paying (the money was taken); a local test payment is refused to a
 * blocked user, and needs a started, unexpired session of the same user.
 */
export function decidePurchaseChecks(data: PurchaseChecksData, state: UserState, at: string): UserEvent[] {
  const user = registered(state);
  if (user.lots?.[data.purchaseId]) return [];
  let plan: PurchasedPlan = data;
  if (data.provider === 'local') {
    if (user.role === 'blocked') throw new Forbidden(accountMessages.blocked);
    const session = user.localCheckouts?.[data.providerRef];
    if (!session) throw new NotFound(billingMessages.sessionNotFound);
    if (session.expiresAt <= at) throw new Conflict(billingMessages.sessionExpired);
    plan = session;
  }
  const purchased: ChecksPurchasedData = {
    userId: user.userId,
    purchaseId: data.purchaseId,
    planId: plan.planId,
    planName: plan.planName,
    checks: plan.checks,
    amount: plan.amount,
    currency: plan.currency,
    provider: data.provider,
    providerRef: data.providerRef,
    // A payment that moved no money (the local provider, Stripe in test mode) is marked, so the
    // financial stats report it apart from revenue.
    test: data.provider === 'local' || data.stripeTestMode === true,
    expiresAt: data.expiresAt,
    at,
  };
  return [{ type: 'ChecksPurchased', data: purchased }];
}

/** Opens a local test-payment session; a blocked user cannot buy. The same session id is opened once. */
export function decideStartLocalCheckout(data: PurchasedPlan & { sessionId: string; expiresAt: string }, state: UserState, at: string): UserEvent[] {
  const user = registered(state);
  if (user.role === 'blocked') throw new Forbidden(accountMessages.blocked);
  if (user.localCheckouts?.[data.sessionId]) return [];
  const started: LocalCheckoutStartedData = { userId: user.userId, ...data, at };
  return [{ type: 'LocalCheckoutStarted', data: started }];
}

/** Expires what is left of every purchase whose expiry has passed; nothing when nothing is due. */
export function decideExpirePurchasedChecks(state: UserState, at: string): UserEvent[] {
  if (state.status !== 'registered') return [];
  return expiredLots(state, at).map(([purchaseId, lot]) => ({
    type: 'PurchasedChecksExpired',
    data: { userId: state.userId, purchaseId, checks: lot.remaining, at },
  }));
}

const byExpiry = ([aId, a]: [string, PurchaseLot], [bId, b]: [string, PurchaseLot]) => a.expiresAt.localeCompare(b.expiresAt) || aId.localeCompare(bId);

/** The purchase the next check is charged to: the unexpired one with checks left that expires first. */
export function spendableLot(state: RegisteredUser, at: string): string | null {
  const lots = Object.entries(state.lots ?? {}).filter(([, lot]) => lot.remaining > 0 && lot.expiresAt > at);
  lots.sort(byExpiry);
  return lots[0]?.[0] ?? null;
}

/** Purchases past their expiry that still have checks left, earliest first. */
export function expiredLots(state: RegisteredUser, at: string): Array<[string, PurchaseLot]> {
  return Object.entries(state.lots ?? {})
    .filter(([, lot]) => lot.remaining > 0 && lot.expiresAt <= at)
    .sort(byExpiry);
}
