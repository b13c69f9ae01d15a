/**
 * The watchlist's and the alerts' commands: pure and synchronous; ids, the moment and the checks'
 * summaries come in on the command.
 */
import {
  compareVerdicts,
  monitoringMessages,
  nextSlotAfter,
  plusHours,
  type AlertActor,
  type AlertEvent,
  type AlertRaisedData,
  type CheckSummary,
  type Chain,
  type ListChange,
  type Network,
  type RescreenTrigger,
  type WalletWatched,
  type WatchEvent,
} from '@walletscreen/contracts';
import { Conflict, NotFound } from '@walletscreen/domain/errors';
import type { WatchState } from './watch';

interface Meta {
  now: string;
}

export type WatchCommand =
  | {
      type: 'WatchWallet';
      data: { watchId: string; userId: string; address: string; chain: Chain; network: Network; reference: string | null; tags: string[]; intervalHours: number; baseline: CheckSummary | null; via: WalletWatched['via'] };
      metadata: Meta;
    }
  | { type: 'UpdateWatch'; data: { userId: string; reference?: string | null; tags?: string[]; intervalHours?: number }; metadata: Meta }
  | { type: 'UnwatchWallet'; data: { userId: string }; metadata: Meta }
  | {
      type: 'RequestRescreen';
      data: { checkId: string; trigger: RescreenTrigger; slot: string | null; charged: boolean; reusedChainEvidenceOf: string | null; listChange: ListChange | null };
      metadata: Meta;
    }
  | { type: 'SkipRescreen'; data: { slot: string; reason: string }; metadata: Meta }
  | { type: 'RecordCheck'; data: { summary: CheckSummary; alertId: string | null }; metadata: Meta };

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
      return [{ type: 'WatchRescreenSkipped', data: { watchId: state.watchId, userId: state.userId, slot: command.data.slot, reason: command.data.reason, nextDueAt, at } }];
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

/**
 * The alert a completed check raises on a watch, if any: compared with the check recorded last
 * (none before the first one). Null when nothing changed, when the watch is not active, when the
 * check was recorded already or is older than the last one.
 */
export function alertFor(
  state: WatchState,
  summary: CheckSummary,
  context: { alertId: string; trigger: AlertRaisedData['evidence']['trigger']; listChange: ListChange | null; at: string },
): AlertRaisedData | null {
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
    at: context.at,
  };
}

// ---------------------------------------------------------------------------------------------
// Alerts
// ---------------------------------------------------------------------------------------------

export type AlertState =
  | { status: 'none' }
  | { status: 'open' | 'acknowledged' | 'resolved'; alertId: string; userId: string; emailedTo: string | null };

export function evolveAlert(state: AlertState, event: AlertEvent): AlertState {
  switch (event.type) {
    case 'AlertRaised':
      return { status: 'open', alertId: event.data.alertId, userId: event.data.userId, emailedTo: null };
    case 'AlertAcknowledged':
      return state.status === 'none' ? state : { ...state, status: 'acknowledged' };
    case 'AlertResolved':
      return state.status === 'none' ? state : { ...state, status: 'resolved' };
    case 'AlertEmailed':
      return state.status === 'none' ? state : { ...state, emailedTo: event.data.to };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export type AlertCommand =
  | { type: 'AcknowledgeAlert'; data: { by: AlertActor }; metadata: Meta }
  | { type: 'ResolveAlert'; data: { by: AlertActor; note: string }; metadata: Meta }
  | { type: 'RecordAlertEmailed'; data: { to: string }; metadata: Meta };

export function decideAlert(command: AlertCommand, state: AlertState): AlertEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'AcknowledgeAlert': {
      if (state.status === 'none' || state.userId !== command.data.by.userId) throw new NotFound(monitoringMessages.alertNotFound);
      if (state.status !== 'open') return [];
      return [{ type: 'AlertAcknowledged', data: { alertId: state.alertId, userId: state.userId, by: command.data.by, at } }];
    }
    case 'ResolveAlert': {
      if (state.status === 'none' || state.userId !== command.data.by.userId) throw new NotFound(monitoringMessages.alertNotFound);
      if (state.status === 'resolved') throw new Conflict(monitoringMessages.alreadyResolved);
      return [{ type: 'AlertResolved', data: { alertId: state.alertId, userId: state.userId, by: command.data.by, note: command.data.note, at } }];
    }
    case 'RecordAlertEmailed': {
      if (state.status === 'none' || state.emailedTo !== null) return [];
      return [{ type: 'AlertEmailed', data: { alertId: state.alertId, userId: state.userId, to: command.data.to, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}
