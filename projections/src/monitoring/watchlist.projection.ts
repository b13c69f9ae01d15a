import type { Alert, Chain, Network } from '@walletscreen/contracts';
import type { AlertEvent } from '@walletscreen/domain/alert/events';
import { raisedAlert } from '@walletscreen/domain/alert/summary';
import type { WatchEvent } from '@walletscreen/domain/watch/events';
import type { RecordedEvent } from '@walletscreen/platform';
import { collection } from '../collection';
import type { Projection } from '../projection';

export interface WatchDoc {
  id: string;
  user_id: string;
  address: string;
  chain: Chain;
  network: Network;
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

/** The watchlist read model: one document per watched (or formerly watched) wallet. */
export const watchlist = collection<WatchDoc>('watchlist');

export const watchlistProjection: Projection<WatchDoc> = {
  name: 'watchlist-v1',
  collection: watchlist.name,
  handles: ['WalletWatched', 'WatchUpdated', 'WalletUnwatched', 'WatchRescreenRequested', 'WatchRescreenSkipped', 'WatchCheckRecorded'],
  keyOf: (event: RecordedEvent) => (event.data as WatchEvent['data']).watchId ?? null,
  fold(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as WatchEvent;
    switch (event.type) {
      case 'WalletWatched': {
        const d = event.data;
        const last = d.baseline;
        return {
          id: d.watchId,
          user_id: d.userId,
          address: d.address,
          chain: d.chain,
          network: d.network,
          reference: d.reference,
          tags: d.tags,
          interval_hours: d.intervalHours,
          status: 'active',
          watched_at: d.at,
          last_check_id: last?.checkId ?? doc?.last_check_id ?? null,
          last_screened_at: last?.completedAt ?? doc?.last_screened_at ?? null,
          last_score: last ? last.score : (doc?.last_score ?? null),
          last_level: last?.level ?? doc?.last_level ?? null,
          last_status: last?.status ?? doc?.last_status ?? null,
          next_rescreen_at: d.nextDueAt,
          skipped: null,
          pending_check_id: null,
        };
      }
      case 'WatchUpdated':
        if (!doc) return doc;
        return {
          ...doc,
          reference: event.data.reference,
          tags: event.data.tags,
          interval_hours: event.data.intervalHours,
          next_rescreen_at: event.data.nextDueAt,
        };
      case 'WalletUnwatched':
        if (!doc) return doc;
        return { ...doc, status: 'unwatched', pending_check_id: null };
      case 'WatchRescreenRequested':
        if (!doc) return doc;
        return {
          ...doc,
          next_rescreen_at: event.data.nextDueAt,
          pending_check_id: event.data.checkId,
          skipped: event.data.trigger === 'schedule' ? null : doc.skipped,
        };
      case 'WatchRescreenSkipped':
        if (!doc) return doc;
        return { ...doc, next_rescreen_at: event.data.nextDueAt, skipped: { at: event.data.at, slot: event.data.slot, reason: event.data.reason } };
      case 'WatchCheckRecorded': {
        if (!doc) return doc;
        const s = event.data.summary;
        return {
          ...doc,
          last_check_id: s.checkId,
          last_screened_at: s.completedAt,
          last_score: s.score,
          last_level: s.level,
          last_status: s.status,
          pending_check_id: doc.pending_check_id === s.checkId ? null : doc.pending_check_id,
        };
      }
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  indexes: [
    ['user_id', 'watched_at'],
    ['status', 'next_rescreen_at'],
    ['status', 'network'],
  ],
};

/** An alert as the inbox shows it (contracts' Alert), with the user it is for. */
export type AlertDoc = Alert & { user_id: string };

/** The alerts read model: one document per alert, for the inbox. */
export const alerts = collection<AlertDoc>('alerts');

export const alertsProjection: Projection<AlertDoc> = {
  name: 'alerts-v1',
  collection: alerts.name,
  handles: ['AlertRaised', 'AlertAcknowledged', 'AlertResolved', 'AlertEmailed'],
  keyOf: (event: RecordedEvent) => (event.data as AlertEvent['data']).alertId ?? null,
  fold(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as AlertEvent;
    switch (event.type) {
      case 'AlertRaised':
        return { ...raisedAlert(event.data), user_id: event.data.userId };
      case 'AlertAcknowledged':
        if (!doc) return doc;
        return { ...doc, status: 'acknowledged', acknowledged_at: event.data.at, acknowledged_by: event.data.by.email };
      case 'AlertResolved':
        if (!doc) return doc;
        return { ...doc, status: 'resolved', resolved_at: event.data.at, resolved_by: event.data.by.email, note: event.data.note };
      case 'AlertEmailed':
        if (!doc) return doc;
        return { ...doc, emailed_at: event.data.at };
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  indexes: [
    ['user_id', 'raised_at'],
    ['user_id', 'status', 'raised_at'],
    ['watch_id', 'status'],
  ],
};
