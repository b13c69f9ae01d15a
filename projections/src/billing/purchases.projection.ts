import type { UserEvent } from '@walletscreen/domain/user/events';
import type { RecordedEvent } from '@walletscreen/platform';
import { collection } from '../collection';
import type { Projection } from '../projection';

export interface PurchaseDoc {
  id: string;
  user_id: string;
  /** The plan's name (the spec's "type"). */
  type: string;
  plan_id: string;
  /** In currency units. */
  amount: number;
  currency: string;
  checks: number;
  remaining_checks: number;
  /** Checks that expired unspent. */
  expired_checks: number;
  provider: 'stripe' | 'local';
  provider_ref: string;
  /** A test payment (no money moved); absent on purchases recorded before it was marked. */
  test?: boolean;
  created_at: string;
  expires_at: string;
}

/** The admin Purchases read model: one document per purchase, with what is left of it. */
export const purchases = collection<PurchaseDoc>('purchases');

/** The events it folds, all on the buyer's stream. */
type Folded = Extract<UserEvent, { type: 'ChecksPurchased' | 'CheckCharged' | 'CheckRefunded' | 'PurchasedChecksExpired' }>;

export const purchasesProjection: Projection<PurchaseDoc> = {
  name: 'purchases-v1',
  collection: purchases.name,
  handles: ['ChecksPurchased', 'CheckCharged', 'CheckRefunded', 'PurchasedChecksExpired'],
  // Charges and refunds of bonus checks name no purchase and are skipped.
  keyOf: (event: RecordedEvent) => (event.data as Folded['data']).purchaseId ?? null,
  fold(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as Folded;
    switch (event.type) {
      case 'ChecksPurchased': {
        if (doc) return doc;
        const d = event.data;
        return {
          id: d.purchaseId,
          user_id: d.userId,
          type: d.planName,
          plan_id: d.planId,
          amount: d.amount,
          currency: d.currency,
          checks: d.checks,
          remaining_checks: d.checks,
          expired_checks: 0,
          provider: d.provider,
          provider_ref: d.providerRef,
          ...(typeof d.test === 'boolean' ? { test: d.test } : {}),
          created_at: d.at,
          expires_at: d.expiresAt,
        };
      }
      case 'CheckCharged':
        return doc ? { ...doc, remaining_checks: doc.remaining_checks - 1 } : doc;
      case 'CheckRefunded':
        return doc ? { ...doc, remaining_checks: doc.remaining_checks + 1 } : doc;
      case 'PurchasedChecksExpired': {
        if (!doc) return doc;
        const { checks } = event.data;
        return { ...doc, remaining_checks: doc.remaining_checks - checks, expired_checks: doc.expired_checks + checks };
      }
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  indexes: [['user_id'], ['created_at'], ['expires_at']],
};
