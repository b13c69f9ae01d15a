/**
 * Monitoring's background work, safe to run in several worker processes at once:
 *
 * - the scheduler starts each watched wallet's re-screen when it is due, through the check command
 *   with the Idempotency-Key `watch|<watchId>|<slot>`, so concurrent schedulers and restarts start
 *   (and charge) one check per slot; with no checks left the slot is recorded as skipped, with the
 *   reason, and the next slot tries again;
 * - on a new OFAC list or a custom list uploaded or removed, every watched wallet the change touches
 *   (itself or a counterparty its last check recorded) is re-screened at once, free, reusing its last
 *   check's blockchain data (no provider is called);
 * - each completed check of a watched wallet is recorded on the watch and compared with the one
 *   before: a changed level or status, or a new sanctions hit, raises an alert (`alert-<id>`, the id
 *   derived from the watch and the check, so it is raised once);
 * - each alert is e-mailed to its user once (see `startAlertMailer` for the crash window).
 */
import { checkStreamId, rescreenPricing, type ListChange, type Network } from '@walletscreen/contracts';
import type { CustomListRemoved, CustomListUploaded } from '@walletscreen/domain/custom-list/events';
import type { CheckState } from '@walletscreen/domain/check/state';
import type { WalletCheckCompleted, WalletCheckRequested } from '@walletscreen/domain/check/events';
import {
  startWorker,
  type ConsumerDeclaration,
  type ConsumerStarts,
  type EventStore,
  type Logger,
  type MessageBus,
  type ReadStore,
  type RecordedEvent,
  type RunningWorker,
} from '@walletscreen/platform';
import { alertIdFor, listChangeRescreenKey, scheduledRescreenKey } from '@walletscreen/domain/ids';
import { Forbidden, PaymentRequired } from '@walletscreen/domain/errors';
import type { AlertRaised } from '@walletscreen/domain/alert/events';
import { alertFor, isDue } from '@walletscreen/domain/watch/decide';
import { alertEmail } from './alert-email';
import { findActiveWatches, findDueWatches } from '@walletscreen/projections/monitoring/queries';
import { loadCheck, type Monitoring } from './service';

/** The check command (checks/service.ts `start`), handed in by the composition root: charges as for any check, except a list-change re-screen. */
export type StartCheck = (
  userId: string,
  input: { wallet_address: string; network?: Network },
  idempotencyKey: string,
  via: { reference?: string; waitMs?: number; rescreen: NonNullable<WalletCheckRequested['rescreen']> },
) => Promise<{ progress: { check_id: string } }>;

/** Whether the lists in force touch a wallet whose last check is the one given (workers/src/monitoring/touched.ts). */
export type ListTouch = () => Promise<(check: CheckState) => boolean>;

/** The mailer's send (accounts/mailer.ts). */
export interface SendMail {
  send(message: { to: string; subject: string; text: string; kind: string }): Promise<void>;
}

const PAGE = 500;

export interface RescreenScheduler {
  /** One pass: every watch due now is re-screened (or skipped). Safe to run concurrently with others. */
  runOnce(): Promise<{ started: number; skipped: number }>;
  stop(): Promise<void>;
}

export function startRescreenScheduler(deps: {
  monitoring: Monitoring;
  start: StartCheck;
  readStore: ReadStore;
  clock: () => Date;
  logger: Logger;
  intervalMs: number;
  /** Whether writes are halted (the event store's integrity is in doubt): due re-screens wait for the next pass after. */
  paused?: () => boolean;
}): RescreenScheduler {
  const { monitoring, logger } = deps;

  async function rescreen(watchId: string, now: string): Promise<'started' | 'skipped' | null> {
    const state = await monitoring.loadWatch(watchId);
    if (state.status !== 'active' || !isDue(state, now)) return null;
    const slot = state.nextDueAt;
    try {
      const { progress } = await deps.start(state.userId, { wallet_address: state.address, network: state.network }, scheduledRescreenKey(watchId, slot), {
        ...(state.reference ? { reference: state.reference } : {}),
        waitMs: 0,
        rescreen: { watchId, trigger: 'schedule', slot, reuseChainEvidenceOf: null, listChange: null },
      });
      await monitoring.executeWatch(
        watchId,
        {
          type: 'RequestRescreen',
          data: { checkId: progress.check_id, trigger: 'schedule', slot, charged: true, reusedChainEvidenceOf: null, listChange: null },
          metadata: { now },
        },
        `rescreen:${progress.check_id}`,
      );
      return 'started';
    } catch (error) {
      if (error instanceof PaymentRequired || error instanceof Forbidden) {
        await monitoring.executeWatch(watchId, { type: 'SkipRescreen', data: { slot, reason: error.message }, metadata: { now } }, `skip:${slot}`);
        return 'skipped';
      }
      throw error;
    }
  }

  async function runOnce() {
    const now = deps.clock().toISOString();
    let started = 0;
    let skipped = 0;
    if (deps.paused?.()) return { started, skipped };
    for (let offset = 0; ; offset += PAGE) {
      const due = await findDueWatches(deps.readStore, now, { limit: PAGE, offset });
      for (const doc of due) {
        try {
          const outcome = await rescreen(doc.id, now);
          if (outcome === 'started') started++;
          if (outcome === 'skipped') skipped++;
        } catch (error) {
          logger.error({ err: error, watchId: doc.id }, 'scheduled re-screen could not be started; it is tried again at the next pass');
        }
      }
      if (due.length < PAGE) break;
    }
    if (started + skipped > 0) logger.info({ started, skipped }, 'scheduled re-screens');
    return { started, skipped };
  }

  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer =
    deps.intervalMs > 0
      ? setInterval(() => {
          running = running
            .then(() => (stopped ? undefined : runOnce()))
            .catch((error: unknown) => logger.error({ err: error }, 're-screen scheduler failed; it runs again at the next pass'));
        }, deps.intervalMs)
      : undefined;
  timer?.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}

/** The list change an event records. */
function listChangeOf(event: RecordedEvent): ListChange | null {
  switch (event.type) {
    case 'SanctionsListImported': {
      const d = event.data as { sha256: string };
      return { kind: 'ofac-import', eventId: event.id, list: 'OFAC SDN', version: d.sha256, at: event.recordedAt };
    }
    case 'CustomListUploaded': {
      const d = event.data as CustomListUploaded;
      return { kind: 'custom-list-uploaded', eventId: event.id, list: d.name, version: d.sha256, at: event.recordedAt };
    }
    case 'CustomListRemoved': {
      const d = event.data as CustomListRemoved;
      return { kind: 'custom-list-removed', eventId: event.id, list: d.name, version: null, at: event.recordedAt };
    }
    default:
      return null;
  }
}

/** Re-screens, free and without a blockchain call, the watched wallets a list change touches. */
/** The monitoring consumers: list changes re-screen, completed checks are recorded on watches, alerts are e-mailed. */
export const listChangeRescreensConsumer = {
  name: 'monitoring-list-changes',
  eventTypes: ['SanctionsListImported', 'CustomListUploaded', 'CustomListRemoved'],
} as const satisfies ConsumerDeclaration;
export const checkRecorderConsumer = { name: 'monitoring-checks', eventTypes: ['WalletCheckCompleted'] } as const satisfies ConsumerDeclaration;
export const alertMailerConsumer = { name: 'monitoring-alert-emails', eventTypes: ['AlertRaised'] } as const satisfies ConsumerDeclaration;

export function startListChangeRescreens(deps: {
  bus: MessageBus;
  starts: ConsumerStarts;
  readStore: ReadStore;
  eventStore: EventStore;
  monitoring: Monitoring;
  start: StartCheck;
  listTouch: ListTouch;
  clock: () => Date;
  logger: Logger;
}): RunningWorker {
  const { monitoring, logger } = deps;

  async function rescreenIfTouched(watchId: string, change: ListChange, touches: (check: CheckState) => boolean): Promise<boolean> {
    const state = await monitoring.loadWatch(watchId);
    if (state.status !== 'active' || !state.last) return false;
    const lastCheckId = state.last.checkId;
    const { state: check } = await loadCheck(deps.eventStore, lastCheckId);
    if (!touches(check)) return false;
    const now = deps.clock().toISOString();
    const rescreen = { watchId, trigger: 'list-change' as const, slot: null, reuseChainEvidenceOf: lastCheckId, listChange: change };
    const { progress } = await deps.start(
      state.userId,
      { wallet_address: state.address, network: state.network },
      listChangeRescreenKey(watchId, change.eventId),
      {
        ...(state.reference ? { reference: state.reference } : {}),
        waitMs: 0,
        rescreen,
      },
    );
    await monitoring.executeWatch(
      watchId,
      {
        type: 'RequestRescreen',
        data: { checkId: progress.check_id, trigger: 'list-change', slot: null, charged: false, reusedChainEvidenceOf: lastCheckId, listChange: change },
        metadata: { now },
      },
      `rescreen:${progress.check_id}`,
    );
    return true;
  }

  return startWorker(
    { bus: deps.bus, readStore: deps.readStore, logger, starts: deps.starts },
    {
      ...listChangeRescreensConsumer,
      concurrency: 1,
      handle: async (event) => {
        const change = listChangeOf(event);
        if (!change) return;
        const touches = await deps.listTouch();
        let touched = 0;
        for (let offset = 0; ; offset += PAGE) {
          const page = await findActiveWatches(deps.readStore, { limit: PAGE, offset });
          for (const doc of page) if (await rescreenIfTouched(doc.id, change, touches)) touched++;
          if (page.length < PAGE) break;
        }
        if (touched > 0)
          logger.info({ list: change.list, kind: change.kind, touched }, `watched wallets re-screened after a list change (${rescreenPricing.listChange})`);
      },
    },
  );
}

/** Records each completed check of a watched wallet on its watch, raising an alert when the verdict changed. */
export function startCheckRecorder(deps: {
  bus: MessageBus;
  starts: ConsumerStarts;
  readStore: ReadStore;
  eventStore: EventStore;
  monitoring: Monitoring;
  logger: Logger;
}): RunningWorker {
  const { monitoring } = deps;
  return startWorker(
    { bus: deps.bus, readStore: deps.readStore, logger: deps.logger, starts: deps.starts },
    {
      ...checkRecorderConsumer,
      handle: async (event) => {
        const completed = event.data as WalletCheckCompleted;
        // Most checked wallets are not watched: the request (the stream's first event) and the
        // watch tell, before the whole check with its evidence is read.
        const [first] = await deps.eventStore.readStream(checkStreamId(completed.checkId), { maxCount: 1 });
        if (first?.type !== 'WalletCheckRequested') return;
        const request = first.data as WalletCheckRequested;
        const watchId = monitoring.watchIdOf(request.userId, request.network, request.address);
        const watch = await monitoring.loadWatch(watchId);
        if (watch.status !== 'active') return;
        const { state: check, summary } = await monitoring.checkSummary(completed.checkId);
        if (check.status === 'none' || !summary) return;
        const alertId = alertIdFor(watchId, summary.checkId);
        const alert = alertFor(watch, summary, { alertId, trigger: request.rescreen?.trigger ?? 'check', listChange: request.rescreen?.listChange ?? null });
        if (alert) await monitoring.raiseAlert(alert, summary.completedAt);
        // Recorded after the alert: a crash in between raises the same alert (same id) again, which the store keeps once.
        await monitoring.executeWatch(
          watchId,
          { type: 'RecordCheck', data: { summary, alertId: alert ? alertId : null }, metadata: { now: summary.completedAt } },
          `record:${summary.checkId}`,
        );
      },
    },
  );
}

/**
 * E-mails each alert to its user. The e-mail is sent, then `AlertEmailed` is recorded; a
 * redelivered `AlertRaised` finds it and sends nothing. A crash between the send and the record
 * sends the e-mail a second time after the restart: at least once rather than at most once, since
 * a lost alert is worse than a repeated one.
 */
export function startAlertMailer(deps: {
  bus: MessageBus;
  starts: ConsumerStarts;
  readStore: ReadStore;
  monitoring: Monitoring;
  mailer: SendMail;
  emailOf: (userId: string) => Promise<string | null>;
  publicUrl: string;
  clock: () => Date;
  logger: Logger;
}): RunningWorker {
  const { monitoring } = deps;
  return startWorker(
    { bus: deps.bus, readStore: deps.readStore, logger: deps.logger, starts: deps.starts },
    {
      ...alertMailerConsumer,
      handle: async (event) => {
        const alert = event.data as AlertRaised;
        const state = await monitoring.loadAlert(alert.alertId);
        if (state.status === 'none' || state.emailedTo !== null) return;
        const to = await deps.emailOf(alert.userId);
        if (!to) return;
        await deps.mailer.send({ to, kind: 'alert', ...alertEmail(alert, deps.publicUrl) });
        await monitoring.executeAlert(alert.alertId, { type: 'RecordAlertEmailed', data: { to }, metadata: { now: deps.clock().toISOString() } }, 'emailed');
      },
    },
  );
}
