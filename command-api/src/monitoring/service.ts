/**
 * Monitoring's commands and queries: watch wallets (one or a batch), edit and unwatch them, list
 * the watchlist; the alerts inbox (list, acknowledge, resolve with a note). What the background
 * work does with the watchlist (re-screens, recording checks, raising alerts, e-mails) is in
 * background.ts.
 */
import {
  alertStreamId,
  checkStreamId,
  intervalHoursOf,
  monitoringMessages,
  parseAddress,
  rescreenPricing,
  watchStreamId,
  WATCH_INTERVAL_HOURS_DEFAULT,
  type Alert,
  type AlertList,
  type AlertStatus,
  type Network,
  type UpdateWatchRequest,
  type Watch,
  type WatchItem,
  type WatchList,
  type WatchResult,
} from '@walletscreen/contracts';
import { evolveCheck, type CheckState } from '@walletscreen/domain/check/state';
import type { CheckEvent } from '@walletscreen/domain/check/events';
import type { EventStore, ReadStore } from '@walletscreen/platform';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { Conflict, Invalid, NotFound } from '@walletscreen/domain/errors';
import { alertRaisedEventId, watchIdOf } from '@walletscreen/domain/ids';
import { alertDecider, type AlertCommand } from '@walletscreen/domain/alert/decide';
import type { AlertActor, AlertRaised } from '@walletscreen/domain/alert/events';
import { watchDecider, type WatchCommand } from '@walletscreen/domain/watch/decide';
import type { CheckSummary, WatchVia } from '@walletscreen/domain/watch/events';
import type { WatchState } from '@walletscreen/domain/watch/state';
import { latestCompletedCheck } from '@walletscreen/projections/checks/queries';
import {
  countActiveWatches,
  countOpenAlerts,
  countOpenAlertsOfWatch,
  findAlert,
  findUserAlerts,
  findUserWatches,
  findWatch,
  findWatches,
  openAlertsByWatch,
  type AlertDoc,
  type WatchDoc,
} from '@walletscreen/projections/monitoring/queries';

/** A completed check's verdict for the watchlist, from its evidence (workers/src/monitoring/summary.ts, handed in by the composition root). */
export type SummarizeCheck = (state: CheckState, completedAt: string) => CheckSummary | null;

/** A check folded from its stream, and when it completed. */
export async function loadCheck(eventStore: EventStore, checkId: string): Promise<{ state: CheckState; completedAt: string | null }> {
  let state: CheckState = { status: 'none' };
  let completedAt: string | null = null;
  for (const e of await eventStore.readStream(checkStreamId(checkId))) {
    state = evolveCheck(state, { type: e.type, data: e.data } as CheckEvent);
    if (e.type === 'WalletCheckCompleted') completedAt = (e.data as { at: string }).at;
  }
  return { state, completedAt };
}

export function createMonitoring(deps: { eventStore: EventStore; readStore: ReadStore; clock: () => Date; maxWatches: number; summarize: SummarizeCheck }) {
  async function checkSummary(checkId: string): Promise<{ state: CheckState; summary: CheckSummary | null }> {
    const { state, completedAt } = await loadCheck(deps.eventStore, checkId);
    return { state, summary: completedAt ? deps.summarize(state, completedAt) : null };
  }

  const watches = new CommandHandler(deps.eventStore, watchDecider);
  const alerts = new CommandHandler(deps.eventStore, alertDecider);
  const now = () => deps.clock().toISOString();

  const executeWatch = (watchId: string, command: WatchCommand, commandId: string) =>
    watches.execute(watchStreamId(watchId), command, { commandId, metadata: { command: command.type } });
  const executeAlert = (alertId: string, command: AlertCommand, commandId: string) =>
    alerts.execute(alertStreamId(alertId), command, { commandId, metadata: { command: command.type } });
  /**
   * Raises the alert a completed check gave, once: its one event has the id it has had since the
   * first alert (alertRaisedEventId), so a redelivered completion finds it and records nothing.
   */
  const raiseAlert = (alert: Omit<AlertRaised, 'at'>, at: string) =>
    alerts.execute(
      alertStreamId(alert.alertId),
      { type: 'RaiseAlert', data: alert, metadata: { now: at } },
      {
        commandId: 'raise',
        eventId: () => alertRaisedEventId(alert.alertId),
        metadata: { worker: 'monitoring-checks' },
      },
    );

  /** The baseline of a new watch: the check named, or the user's latest completed check of the wallet. */
  async function baselineOf(
    userId: string,
    address: string,
    network: Network,
    checkId: string | undefined,
    index: number | null,
  ): Promise<CheckSummary | null> {
    const field = index === null ? 'check_id' : `items.${index}.check_id`;
    if (checkId) {
      const { state, summary } = await checkSummary(checkId);
      if (state.status === 'none' || state.request.userId !== userId)
        throw new Invalid(monitoringMessages.checkNotFound, { [field]: monitoringMessages.checkNotFound });
      if (state.request.address !== address || state.request.network !== network)
        throw new Invalid(monitoringMessages.checkOtherWallet, { [field]: monitoringMessages.checkOtherWallet });
      return summary;
    }
    const latest = await latestCompletedCheck(deps.readStore, userId, address, network);
    return latest ? (await checkSummary(latest.id)).summary : null;
  }

  function view(doc: WatchDoc, openAlerts: number): Watch {
    return {
      id: doc.id,
      address: doc.address,
      network: doc.network,
      reference: doc.reference,
      tags: doc.tags,
      interval_hours: doc.interval_hours,
      status: doc.status,
      watched_at: doc.watched_at,
      last_check_id: doc.last_check_id,
      last_screened_at: doc.last_screened_at,
      last_score: doc.last_score,
      last_level: doc.last_level,
      last_status: doc.last_status,
      next_rescreen_at: doc.status === 'active' ? doc.next_rescreen_at : null,
      skipped: doc.skipped,
      pending_check_id: doc.pending_check_id,
      open_alerts: openAlerts,
    };
  }

  const alertView = (d: AlertDoc): Alert => d;

  async function ownWatch(userId: string, watchId: string): Promise<Exclude<WatchState, { status: 'none' }>> {
    const { state } = await watches.load(watchStreamId(watchId));
    if (state.status === 'none' || state.userId !== userId) throw new NotFound(monitoringMessages.notFound);
    return state;
  }

  return {
    watchIdOf,
    checkSummary,
    executeWatch,
    executeAlert,
    raiseAlert,
    loadWatch: async (watchId: string) => (await watches.load(watchStreamId(watchId))).state,
    loadAlert: async (alertId: string) => (await alerts.load(alertStreamId(alertId))).state,

    /**
     * Watches wallets (one, or a batch's): every item is parsed before anything is recorded, and a
     * wallet watched already is left as it is (reported as not created).
     */
    async watch(userId: string, items: WatchItem[], via: WatchVia, many: boolean): Promise<WatchResult & { position: number }> {
      const parsed = items.map((item, i) => {
        const result = parseAddress(item.address, item.network);
        if (!result.ok)
          throw new Invalid(many ? `Wallet ${i + 1}: ${result.reason}` : result.reason, { [many ? `items.${i}.address` : 'address']: result.reason });
        return { item, address: result.address, watchId: watchIdOf(userId, result.address.network, result.address.normalized) };
      });
      const distinct = new Set(parsed.map((p) => p.watchId));
      const active = await countActiveWatches(deps.readStore, userId);
      const known = await findWatches(deps.readStore, [...distinct]);
      const adding = [...distinct].filter((id) => known.get(id)?.status !== 'active').length;
      if (active + adding > deps.maxWatches) throw new Conflict(monitoringMessages.tooMany(deps.maxWatches));
      // The baselines are looked up before anything is recorded, so a bad check_id refuses the whole call.
      const baselines = new Map<string, CheckSummary | null>();
      for (const [i, p] of parsed.entries()) {
        if (baselines.has(p.watchId) || known.get(p.watchId)?.status === 'active') continue;
        baselines.set(p.watchId, await baselineOf(userId, p.address.normalized, p.address.network, p.item.check_id, many ? i : null));
      }
      const at = now();
      let position = 0;
      const out: WatchResult['items'] = [];
      const seen = new Set<string>();
      for (const p of parsed) {
        if (seen.has(p.watchId)) {
          out.push({ id: p.watchId, address: p.address.normalized, network: p.address.network, created: false });
          continue;
        }
        seen.add(p.watchId);
        const result = await executeWatch(
          p.watchId,
          {
            type: 'WatchWallet',
            data: {
              watchId: p.watchId,
              userId,
              address: p.address.normalized,
              chain: p.address.chain,
              network: p.address.network,
              reference: p.item.reference || null,
              tags: [...new Set(p.item.tags ?? [])],
              intervalHours: intervalHoursOf(p.item) ?? WATCH_INTERVAL_HOURS_DEFAULT,
              baseline: baselines.get(p.watchId) ?? null,
              via,
            },
            metadata: { now: at },
          },
          `watch:${at}`,
        );
        position = Math.max(position, result.position ?? 0);
        out.push({ id: p.watchId, address: p.address.normalized, network: p.address.network, created: result.events.length > 0 });
      }
      const added = out.filter((o) => o.created).length;
      return { items: out, added, already_watched: out.length - added, position };
    },

    async update(userId: string, watchId: string, patch: UpdateWatchRequest): Promise<{ position: number | null }> {
      await ownWatch(userId, watchId);
      const hours = intervalHoursOf(patch);
      const { position } = await executeWatch(
        watchId,
        {
          type: 'UpdateWatch',
          data: {
            userId,
            ...(patch.reference !== undefined ? { reference: patch.reference || null } : {}),
            ...(patch.tags ? { tags: [...new Set(patch.tags)] } : {}),
            ...(hours ? { intervalHours: hours } : {}),
          },
          metadata: { now: now() },
        },
        `update:${now()}:${JSON.stringify(patch)}`,
      );
      return { position };
    },

    async unwatch(userId: string, watchId: string): Promise<{ position: number | null }> {
      await ownWatch(userId, watchId);
      const { position } = await executeWatch(watchId, { type: 'UnwatchWallet', data: { userId }, metadata: { now: now() } }, `unwatch:${now()}`);
      return { position };
    },

    async get(userId: string, watchId: string): Promise<Watch> {
      const doc = await findWatch(deps.readStore, watchId);
      if (!doc || doc.user_id !== userId) throw new NotFound(monitoringMessages.notFound);
      const open = await countOpenAlertsOfWatch(deps.readStore, watchId);
      return view(doc, open);
    },

    async list(userId: string, query: { limit: number; offset: number; status: 'active' | 'unwatched' | 'all'; search?: string }): Promise<WatchList> {
      const [{ items, total }, openByWatch] = await Promise.all([findUserWatches(deps.readStore, userId, query), openAlertsByWatch(deps.readStore, userId)]);
      return {
        items: items.map((d) => view(d, openByWatch.get(d.id) ?? 0)),
        total,
        limit: deps.maxWatches,
        pricing: { scheduled: rescreenPricing.scheduled, list_change: rescreenPricing.listChange },
      };
    },

    async alerts(userId: string, query: { status?: AlertStatus | 'all'; limit: number; offset: number; watchId?: string }): Promise<AlertList> {
      const [{ items, total }, open] = await Promise.all([findUserAlerts(deps.readStore, userId, query), countOpenAlerts(deps.readStore, userId)]);
      return { items: items.map(alertView), total, open };
    },

    async alert(userId: string, alertId: string): Promise<Alert> {
      const doc = await findAlert(deps.readStore, alertId);
      if (!doc || doc.user_id !== userId) throw new NotFound(monitoringMessages.alertNotFound);
      return alertView(doc);
    },

    async acknowledge(by: AlertActor, alertId: string): Promise<{ position: number | null }> {
      const { position } = await executeAlert(alertId, { type: 'AcknowledgeAlert', data: { by }, metadata: { now: now() } }, 'acknowledge');
      return { position };
    },

    async resolve(by: AlertActor, alertId: string, note: string): Promise<{ position: number | null }> {
      const { position } = await executeAlert(alertId, { type: 'ResolveAlert', data: { by, note }, metadata: { now: now() } }, 'resolve');
      return { position };
    },
  };
}
export type Monitoring = ReturnType<typeof createMonitoring>;
