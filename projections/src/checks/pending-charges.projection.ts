import type { WalletCheckRequested } from '@walletscreen/domain/check/events';
import type { ChargedCheck, ChargeSource, UserEvent } from '@walletscreen/domain/user/events';
import type { RecordedEvent } from '@walletscreen/platform';
import { collection } from '../collection';
import type { Projection } from '../projection';

export interface PendingChargeDoc {
  id: string;
  user_id: string;
  source: ChargeSource;
  charged_at: string;
  /** What the user asked to check; absent on charges recorded without it (those are refunded). */
  check: ChargedCheck | null;
}

/**
 * Charges whose check has not started yet: a document from `CheckCharged` until the check's
 * `WalletCheckRequested` (or a refund) removes it. The API appends the request right after the
 * charge, so a document that stays here means the process stopped in between; the charge sweeper
 * starts that check from what the charge recorded, so no paid check is lost.
 */
export const pendingCharges = collection<PendingChargeDoc>('pending_charges');

/** The events it folds: a charge and its refund (on the user's stream), the check's request (on the check's). */
type Folded = Extract<UserEvent, { type: 'CheckCharged' | 'CheckRefunded' }> | { type: 'WalletCheckRequested'; data: WalletCheckRequested };

export const pendingChargesProjection: Projection<PendingChargeDoc> = {
  name: 'pending-charges-v1',
  collection: pendingCharges.name,
  handles: ['CheckCharged', 'CheckRefunded', 'WalletCheckRequested'],
  keyOf: (event: RecordedEvent) => (event.data as Folded['data']).checkId ?? null,
  fold(_doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as Folded;
    switch (event.type) {
      case 'CheckCharged': {
        const d = event.data;
        return { id: d.checkId, user_id: d.userId, source: d.source, charged_at: d.at, check: d.check ?? null };
      }
      // The check started, or its charge was given back: nothing left to sweep.
      case 'CheckRefunded':
      case 'WalletCheckRequested':
        return null;
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  indexes: [['charged_at']],
};
