/** A watch's state, folded from its stream `watch-<watchId>`. */
import type { Chain, Network } from '@walletscreen/contracts';
import type { CheckSummary, WatchEvent } from './events';

/** Check ids a watch remembers having requested or recorded (for idempotency): the latest ones. */
const REMEMBERED = 50;

export type WatchState =
  | { status: 'none' }
  | {
      status: 'active' | 'unwatched';
      watchId: string;
      userId: string;
      address: string;
      chain: Chain;
      network: Network;
      reference: string | null;
      tags: string[];
      intervalHours: number;
      watchedAt: string;
      nextDueAt: string;
      /** The last completed check recorded: what the next one is compared with. */
      last: CheckSummary | null;
      pendingCheckId: string | null;
      skipped: { slot: string; reason: string; at: string } | null;
      requested: string[];
      recorded: string[];
    };

export const initialWatchState: WatchState = { status: 'none' };

const remember = (ids: string[], id: string) => [...ids.filter((x) => x !== id), id].slice(-REMEMBERED);

export function evolveWatch(state: WatchState, event: WatchEvent): WatchState {
  switch (event.type) {
    case 'WalletWatched': {
      const d = event.data;
      const previous = state.status === 'none' ? null : state;
      return {
        status: 'active',
        watchId: d.watchId,
        userId: d.userId,
        address: d.address,
        chain: d.chain,
        network: d.network,
        reference: d.reference,
        tags: d.tags,
        intervalHours: d.intervalHours,
        watchedAt: d.at,
        nextDueAt: d.nextDueAt,
        last: d.baseline ?? previous?.last ?? null,
        pendingCheckId: null,
        skipped: null,
        requested: previous?.requested ?? [],
        recorded: previous?.recorded ?? [],
      };
    }
    case 'WatchUpdated':
      if (state.status === 'none') return state;
      return { ...state, reference: event.data.reference, tags: event.data.tags, intervalHours: event.data.intervalHours, nextDueAt: event.data.nextDueAt };
    case 'WalletUnwatched':
      if (state.status === 'none') return state;
      return { ...state, status: 'unwatched', pendingCheckId: null };
    case 'WatchRescreenRequested':
      if (state.status === 'none') return state;
      return {
        ...state,
        nextDueAt: event.data.nextDueAt,
        pendingCheckId: event.data.checkId,
        skipped: event.data.trigger === 'schedule' ? null : state.skipped,
        requested: remember(state.requested, event.data.checkId),
      };
    case 'WatchRescreenSkipped':
      if (state.status === 'none') return state;
      return { ...state, nextDueAt: event.data.nextDueAt, skipped: { slot: event.data.slot, reason: event.data.reason, at: event.data.at } };
    case 'WatchCheckRecorded': {
      if (state.status === 'none') return state;
      const { summary } = event.data;
      return {
        ...state,
        last: summary,
        pendingCheckId: state.pendingCheckId === summary.checkId ? null : state.pendingCheckId,
        recorded: remember(state.recorded, summary.checkId),
      };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
