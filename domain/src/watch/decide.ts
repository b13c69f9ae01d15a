/**
 * Watch commands decided over one watch's state. Pure: ids, the moment and the checks' summaries
 * come in on the command.
 * - watching a wallet watched already records nothing (a batch or a retried call adds it once);
 *   watching it again after it was unwatched keeps its last verdict when no baseline is given;
 * - only the watch's user may edit or unwatch it: to anyone else it does not exist; an edit that
 *   changes nothing records nothing, and a new interval counts from now;
 * - a scheduled re-screen is recorded once per slot (whichever scheduler comes second records
 *   nothing) and moves the watch to the first slot after now; a list-change re-screen leaves the
 *   schedule alone; a skipped slot is recorded once, with its reason;
 * - a completed check is recorded once, and never one requested before the check recorded last.
 */
import {
  compareVerdicts,
  monitoringMessages,
  nextSlotAfter,
  plusHours,
  type Chain,
  type ListChange,
  type Network,
  type RescreenTrigger,
} from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import { NotFound } from '../errors';
import type { AlertRaised } from '../alert/events';
import { watchEvents, type CheckSummary, type WatchEvent, type WatchVia } from './events';
import { evolveWatch, initialWatchState, type WatchState } from './state';

export type WatchCommand =
  | {
      type: 'WatchWallet';
      data: {
        watchId: string;
        userId: string;
        address: string;
        chain: Chain;
        network: Network;
        reference: string | null;
        tags: string[];
        intervalHours: number;
        baseline: CheckSummary | null;
        via: WatchVia;
      };
      metadata: CommandMetadata;
    }
  | { type: 'UpdateWatch'; data: { userId: string; reference?: string | null; tags?: string[]; intervalHours?: number }; metadata: CommandMetadata }
  | { type: 'UnwatchWallet'; data: { userId: string }; metadata: CommandMetadata }
  | {
      type: 'RequestRescreen';
      data: {
        checkId: string;
        trigger: RescreenTrigger;
        slot: string | null;
        charged: boolean;
        reusedChainEvidenceOf: string | null;
        listChange: ListChange | null;
      };
      metadata: CommandMetadata;
    }
  | { type: 'SkipRescreen'; data: { slot: string; reason: string }; metadata: CommandMetadata }
  | { type: 'RecordCheck'; data: { summary: CheckSummary; alertId: string | null }; metadata: CommandMetadata };

/** Whether the watch's scheduled re-screen is due. */
export const isDue = (state: WatchState, now: string) => state.status === 'active' && state.nextDueAt <= now;

function own(state: WatchState, userId: string): Exclude<WatchState, { status: 'none' }> {
  if (state.status === 'none' || state.userId !== userId) throw new NotFound(monitoringMessages.notFound);
  return state;
}

export function decideWatch(command: WatchCommand, state: WatchState): WatchEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'WatchWallet': {
      const d = command.data;
      // Watching a watched wallet again changes nothing: a batch or a retried call adds it once.
      if (state.status === 'active') return [];
      const baseline = d.baseline ?? (state.status === 'unwatched' ? state.last : null);
      return [{ type: 'WalletWatched', data: { ...d, baseline, nextDueAt: plusHours(at, d.intervalHours), at } }];
    }
    case 'UpdateWatch': {
      const watch = own(state, command.data.userId);
      if (watch.status !== 'active') throw new NotFound(monitoringMessages.notFound);
      const reference = command.data.reference !== undefined ? command.data.reference : watch.reference;
      const tags = command.data.tags ?? watch.tags;
      const intervalHours = command.data.intervalHours ?? watch.intervalHours;
      if (reference === watch.reference && tags.join('\u0000') === watch.tags.join('\u0000') && intervalHours === watch.intervalHours) return [];
      // A new interval counts from now; otherwise the next re-screen stays when it was.
      const nextDueAt = intervalHours === watch.intervalHours ? watch.nextDueAt : plusHours(at, intervalHours);
      return [{ type: 'WatchUpdated', data: { watchId: watch.watchId, userId: watch.userId, reference, tags, intervalHours, nextDueAt, at } }];
    }
    case 'UnwatchWallet': {
      const watch = own(state, command.data.userId);
      if (watch.status === 'unwatched') return [];
      return [{ type: 'WalletUnwatched', data: { watchId: watch.watchId, userId: watch.userId, at } }];
    }
    case 'RequestRescreen': {
      if (state.status !== 'active') return [];
      const d = command.data;
      if (state.requested.includes(d.checkId)) return [];
      let nextDueAt = state.nextDueAt;
      if (d.trigger === 'schedule') {
        // Another scheduler recorded this slot first (or it is not this watch's slot): nothing to add.
        if (d.slot !== state.nextDueAt) return [];
        nextDueAt = nextSlotAfter(d.slot, state.intervalHours, at);
      }
      return [{ type: 'WatchRescreenRequested', data: { watchId: state.watchId, userId: state.userId, ...d, nextDueAt, at } }];
    }
    case 'SkipRescreen': {
      if (state.status !== 'active' || command.data.slot !== state.nextDueAt) return [];
      const nextDueAt = nextSlotAfter(command.data.slot, state.intervalHours, at);
      return [
        {
          type: 'WatchRescreenSkipped',
          data: { watchId: state.watchId, userId: state.userId, slot: command.data.slot, reason: command.data.reason, nextDueAt, at },
        },
      ];
    }
    case 'RecordCheck': {
      if (state.status !== 'active') return [];
      const { summary, alertId } = command.data;
      if (state.recorded.includes(summary.checkId)) return [];
      // A check requested before the one recorded last is older news: it does not replace it.
      if (state.last && summary.requestedAt < state.last.requestedAt) return [];
      return [{ type: 'WatchCheckRecorded', data: { watchId: state.watchId, userId: state.userId, summary, alertId, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const watchDecider: Decider<WatchState, WatchCommand, WatchEvent> = {
  initialState: initialWatchState,
  evolve: evolveWatch,
  decide: decideWatch,
  types: watchEvents.typeSet,
};

/**
 * The alert a completed check raises on a watch, if any (the `RaiseAlert` command's data):
 * compared with the check recorded last (none before the first one). Null when nothing changed,
 * when the watch is not active, when the check was recorded already or is older than the last one.
 */
export function alertFor(
  state: WatchState,
  summary: CheckSummary,
  context: { alertId: string; trigger: AlertRaised['evidence']['trigger']; listChange: ListChange | null },
): Omit<AlertRaised, 'at'> | null {
  if (state.status !== 'active' || !state.last) return null;
  if (state.recorded.includes(summary.checkId) || summary.requestedAt < state.last.requestedAt || state.last.checkId === summary.checkId) return null;
  const before = state.last;
  const { reasons, newHits } = compareVerdicts(before, summary);
  if (reasons.length === 0) return null;
  const verdict = (s: CheckSummary) => ({ score: s.score, level: s.level, status: s.status, sanctionsHits: s.sanctionsHits });
  return {
    alertId: context.alertId,
    userId: state.userId,
    watchId: state.watchId,
    address: state.address,
    network: state.network,
    reference: state.reference,
    tags: state.tags,
    reasons,
    before: verdict(before),
    after: verdict(summary),
    checkId: summary.checkId,
    previousCheckId: before.checkId,
    evidence: { newHits, lists: summary.lists, trigger: context.trigger, listChange: context.listChange, reusedChainEvidenceOf: summary.reusedChainEvidenceOf },
  };
}
