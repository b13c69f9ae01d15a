import type { RecordedEvent } from '@walletscreen/platform';
import type { Projection } from '../projection';

/**
 * Charges whose check has not started yet: a document from `CheckCharged` until the check's
 * `WalletCheckRequested` (or a refund) removes it. The API appends the request right after the
 * charge, so a document that stays here means the process stopped in between; the charge sweeper
 * starts that check from what the charge recorded, so no paid check is lost.
 */
export const PENDING_CHARGES = 'pending_charges';

export interface PendingChargeDoc {
  id: string;
  user_id: string;
  source: 'bonus' | 'purchased';
  charged_at: string;
  /** What the user asked to check; absent on charges recorded without it (those are refunded). */
  check: { input: string; address: string; chain: string; network: string; idempotencyKey?: string } | null;
}

type Data = { checkId?: string; userId?: string; source?: 'bonus' | 'purchased'; at?: string; check?: PendingChargeDoc['check'] };

export const pendingChargesProjection: Projection<PendingChargeDoc> = {
  name: 'pending-charges-v1',
  collection: PENDING_CHARGES,
  handles: ['CheckCharged', 'CheckRefunded', 'WalletCheckRequested'],
  keyOf: (event: RecordedEvent) => (event.data as Data).checkId ?? null,
  fold(doc, event) {
    const d = event.data as Data;
    if (event.type !== 'CheckCharged') return null;
    return { id: d.checkId!, user_id: d.userId!, source: d.source!, charged_at: d.at!, check: d.check ?? null };
  },
  indexes: [['charged_at']],
};
