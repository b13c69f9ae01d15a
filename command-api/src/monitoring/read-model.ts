/** The read models monitoring queries, as the projections write them (projections/src/monitoring). */
import type { CheckState } from '@walletscreen/domain/check/state';
import type { CheckSummary } from '@walletscreen/domain/watch/events';

export const WATCHLIST = 'watchlist';
export const ALERTS = 'alerts';

export interface WatchDoc {
  id: string;
  user_id: string;
  address: string;
  network: string;
  reference: string | null;
  tags: string[];
  interval_hours: number;
  status: 'active' | 'unwatched';
  watched_at: string;
  last_check_id: string | null;
  last_screened_at: string | null;
  last_score: number | null;
  last_level: string | null;
  last_status: string | null;
  next_rescreen_at: string;
  skipped: { at: string; slot: string; reason: string } | null;
  pending_check_id: string | null;
}

export interface AlertDoc {
  id: string;
  user_id: string;
  status: 'open' | 'acknowledged' | 'resolved';
  watch_id: string;
}

/** A completed check's verdict for the watchlist, from its evidence (workers/src/monitoring/summary.ts, handed in by the composition root). */
export type SummarizeCheck = (state: CheckState, completedAt: string) => CheckSummary | null;
