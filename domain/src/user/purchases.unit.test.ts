import { deciderSpec } from '../../testing/decider-spec';
import { Conflict, Forbidden, NotFound, PaymentRequired } from '../errors';
import { userDecider, type UserCommand } from './decide';
import type { UserEvent } from './events';
import { evolveUser, initialUserState } from './state';

const given = deciderSpec(userDecider);
const now = '2026-11-22T10:00:00.000Z';
const days = (n: number) => new Date(Date.parse(now) + n * 86_400_000).toISOString();
const userId = '00000000-0000-8000-8000-000000000001';

const registered = (bonusChecks = 0): UserEvent => ({
  type: 'UserRegistered',
  data: { userId, email: 'ana@bank.example', username: 'Bank', passwordHash: 'h1', role: 'user', bonusChecks, at: now },
});
const blocked: UserEvent = { type: 'UserRoleChanged', data: { userId, role: 'blocked', previousRole: 'user', by: null, reason: 'r', at: now } };
const starter = { planId: 'starter', planName: 'Starter', checks: 10, amount: 25, currency: 'usd' };
const purchase = (purchaseId: string, expiresAt = days(365), provider: 'stripe' | 'local' = 'stripe', providerRef = `cs_${purchaseId}`): UserCommand => ({
  type: 'PurchaseChecks',
  data: { ...starter, purchaseId, provider, providerRef, expiresAt },
  metadata: { now },
});
const purchased = (purchaseId: string, expiresAt = days(365), checks = 10): UserEvent => ({
  type: 'ChecksPurchased',
  data: { userId, purchaseId, ...starter, checks, provider: 'stripe', providerRef: `cs_${purchaseId}`, test: false, expiresAt, at: now },
});
const charge = (checkId: string, at = now): UserCommand => ({ type: 'ChargeCheck', data: { checkId }, metadata: { now: at } });
const charged = (checkId: string, purchaseId?: string): UserEvent => ({
  type: 'CheckCharged',
  data: { userId, checkId, source: purchaseId ? 'purchased' : 'bonus', ...(purchaseId ? { purchaseId } : {}), at: now },
});

describe('PurchaseChecks', () => {
  it('credits a paid purchase as one lot with its expiry', () =>
    given([registered()])
      .when(purchase('p1'))
      .then([purchased('p1')]));
  it('adds the lot’s checks to the purchased balance', () =>
    expect([registered(), purchased('p1')].reduce(evolveUser, initialUserState)).toMatchObject({
      purchasedChecks: 10,
      lots: { p1: { planId: 'starter', checks: 10, remaining: 10, expiresAt: days(365) } },
    }));
  it('credits the same purchase once, however often the payment is reported', () =>
    given([registered(), purchased('p1')])
      .when(purchase('p1'))
      .then([]));
  it('is refused for an unknown user', () => given([]).when(purchase('p1')).thenThrows(NotFound));
  it('credits a Stripe payment even to a user blocked since paying (the money was taken)', () =>
    given([registered(), blocked])
      .when(purchase('p1'))
      .then([purchased('p1')]));
  it('marks a payment made with Stripe in test mode as a test (no money moved)', () => {
    const testMode: UserCommand = {
      type: 'PurchaseChecks',
      data: { ...starter, purchaseId: 'p1', provider: 'stripe', providerRef: 'cs_p1', expiresAt: days(365), stripeTestMode: true },
      metadata: { now },
    };
    given([registered()])
      .when(testMode)
      .then([{ ...purchased('p1'), data: { ...(purchased('p1').data as object), test: true } } as UserEvent]);
  });
});

describe('local test payments', () => {
  const start: UserCommand = { type: 'StartLocalCheckout', data: { ...starter, sessionId: 'lcs_1', expiresAt: days(1) }, metadata: { now } };
  const started: UserEvent = { type: 'LocalCheckoutStarted', data: { userId, ...starter, sessionId: 'lcs_1', expiresAt: days(1), at: now } };
  it('opens a session once', () => {
    given([registered()]).when(start).then([started]);
    given([registered(), started]).when(start).then([]);
  });
  it('refuses a blocked user', () => given([registered(), blocked]).when(start).thenThrows(Forbidden));
  it('is refused for an unknown user', () => given([]).when(start).thenThrows(NotFound));
  it('completes a started session with the plan it was started for', () =>
    given([registered(), started])
      .when({
        type: 'PurchaseChecks',
        data: { ...starter, checks: 999, purchaseId: 'p1', provider: 'local', providerRef: 'lcs_1', expiresAt: days(365) },
        metadata: { now },
      })
      .then([
        {
          type: 'ChecksPurchased',
          data: { userId, purchaseId: 'p1', ...starter, provider: 'local', providerRef: 'lcs_1', test: true, expiresAt: days(365), at: now },
        },
      ]));
  it('refuses a session never started, an expired one, and a blocked user', () => {
    given([registered()])
      .when(purchase('p1', days(365), 'local', 'lcs_1'))
      .thenThrows(NotFound);
    given([registered(), started])
      .when({ ...purchase('p1', days(365), 'local', 'lcs_1'), metadata: { now: days(2) } })
      .thenThrows(Conflict);
    given([registered(), started, blocked])
      .when(purchase('p1', days(365), 'local', 'lcs_1'))
      .thenThrows(Forbidden);
  });
});

describe('charging purchased checks', () => {
  it('spends bonus checks before purchased ones', () =>
    given([registered(1), purchased('p1')])
      .when(charge('c1'))
      .then([charged('c1')]));
  it('then the purchase that expires first, whatever the order they were bought in', () =>
    given([registered(), purchased('late', days(300)), purchased('soon', days(30))])
      .when(charge('c1'))
      .then([charged('c1', 'soon')]));
  it('moves to the next purchase when one is spent', () =>
    given([registered(), purchased('soon', days(30), 1), purchased('late', days(300)), charged('c1', 'soon')])
      .when(charge('c2'))
      .then([charged('c2', 'late')]));
  it('never spends an expired purchase', () =>
    given([registered(), purchased('p1', days(30))])
      .when(charge('c1', days(30)))
      .thenThrows(PaymentRequired));
  it('gives a refunded check back to the purchase it was charged to', () => {
    given([registered(), purchased('p1', days(30), 1), charged('c1', 'p1')])
      .when({ type: 'RefundCheck', data: { checkId: 'c1', reason: 'analysis failed' }, metadata: { now } })
      .then([{ type: 'CheckRefunded', data: { userId, checkId: 'c1', source: 'purchased', reason: 'analysis failed', purchaseId: 'p1', at: now } }]);
    given([
      registered(),
      purchased('p1', days(30), 1),
      charged('c1', 'p1'),
      { type: 'CheckRefunded', data: { userId, checkId: 'c1', source: 'purchased', reason: 'x', purchaseId: 'p1', at: now } },
    ])
      .when(charge('c2'))
      .then([charged('c2', 'p1')]);
  });
});

describe('ExpirePurchasedChecks', () => {
  const expire = (at: string): UserCommand => ({ type: 'ExpirePurchasedChecks', data: {}, metadata: { now: at } });
  it('expires what is left of each purchase past its expiry, and nothing else', () =>
    given([registered(), purchased('a', days(30)), purchased('b', days(60)), charged('c1', 'a')])
      .when(expire(days(31)))
      .then([{ type: 'PurchasedChecksExpired', data: { userId, purchaseId: 'a', checks: 9, at: days(31) } }]));
  it('expires once', () =>
    given([registered(), purchased('a', days(30)), { type: 'PurchasedChecksExpired', data: { userId, purchaseId: 'a', checks: 10, at: days(31) } }])
      .when(expire(days(40)))
      .then([]));
  it('leaves the balance without the expired checks', () => {
    const state = [
      registered(),
      purchased('a', days(30)),
      { type: 'PurchasedChecksExpired', data: { userId, purchaseId: 'a', checks: 10, at: days(31) } } as UserEvent,
    ].reduce(evolveUser, initialUserState);
    expect(state).toMatchObject({ purchasedChecks: 0, lots: { a: { remaining: 0 } } });
  });
  it('expires nothing of an unknown user', () =>
    given([])
      .when(expire(days(31)))
      .then([]));
});
