/**
 * The workers part of a composition root: the analysis pipeline and its worker, refunds of failed
 * checks, the charge and purchase-expiry sweepers, the OFAC refresh, the batch runner, monitoring
 * (re-screens, alerts and their e-mails), webhook delivery (the outbox, the dispatcher and the
 * disabled-endpoint e-mail) and the audit log's tree heads (signed while the log grows). The embedded server runs it next to the API; the distributed shape
 * runs it as a consumer group of its own (workers-main.ts).
 * Every piece is safe to run in several processes at once: the worker group shares the requests,
 * the sweepers, refunds and OFAC imports are idempotent appends, and each webhook attempt is
 * claimed with an expected revision.
 */
import type { Config, ConsumerStarts, Logger } from '@walletscreen/platform';
import { startAnalysisWorker, type AnalysisWorker } from '@walletscreen/workers/checks/analysis-worker';
import type { Accounts } from '@walletscreen/command-api/accounts/service';
import { startExpirySweeper, type ExpirySweeper } from '@walletscreen/command-api/billing/expiry-sweeper';
import { startChargeSweeper, type ChargeSweeper } from '@walletscreen/command-api/checks/charge-sweeper';
import { runningCheckIds } from '@walletscreen/projections/checks/queries';
import { startRefundUndelivered } from '@walletscreen/command-api/checks/refund-undelivered';
import { chainDataConfigOf, createAnalysis, type AnalysisOptions } from './analysis';
import type { Ports } from './command-api';
import { startSanctionsRefresh } from '@walletscreen/workers/sanctions/refresh';
import { startFeedsRefresh } from '@walletscreen/workers/feeds/refresh';
import { feedsCacheDir } from '@walletscreen/workers/feeds/sync';
import { enabledFeedIds } from '@walletscreen/workers/feeds/catalog';
import { startBatchRunner } from '@walletscreen/command-api/batches/runner';
import { startCheckCommand } from './check-command';
import type { Mailer } from '@walletscreen/command-api/accounts/mailer';
import {
  startAlertMailer,
  startCheckRecorder,
  startListChangeRescreens,
  startRescreenScheduler,
  type RescreenScheduler,
} from '@walletscreen/command-api/monitoring/background';
import { createMonitoring } from '@walletscreen/command-api/monitoring/service';
import { summarizeCheck } from '@walletscreen/workers/monitoring/summary';
import { createListTouch } from '@walletscreen/workers/monitoring/touched';
import { startWebhookDispatcher, type WebhookDispatcher } from '@walletscreen/command-api/webhooks/dispatcher';
import { startWebhookNotices } from '@walletscreen/command-api/webhooks/notices';
import { createWebhookSender } from '@walletscreen/command-api/webhooks/sender';
import { createWebhooks } from '@walletscreen/command-api/webhooks/service';
import { startTreeHeadSchedule } from '@walletscreen/command-api/audit/tree-heads';
import { treeHeadsOf } from './tree-heads';

export interface BackgroundWork {
  analysis: AnalysisWorker;
  sweeper: ChargeSweeper;
  purchaseExpiry: ExpirySweeper;
  /** Monitoring's scheduled re-screens (tests run a pass with `runOnce`). */
  rescreens: RescreenScheduler;
  webhooks: WebhookDispatcher;
  close(): Promise<void>;
}

export async function startBackgroundWork(deps: {
  config: Config;
  env: NodeJS.ProcessEnv;
  ports: Ports;
  accounts: Accounts;
  /** The mailer alerts and the notices of disabled webhook endpoints are e-mailed through. */
  mailer: Pick<Mailer, 'send'>;
  /** Waits until the read models have caught up with the store's head (the expiry sweeper reads them). */
  catchUp: () => Promise<void>;
  logger: Logger;
  clock: () => Date;
  analysis?: AnalysisOptions;
  /**
   * Only where this process is the only worker (the embedded server): checks found running in
   * the read models are resumed at start. With a worker group, a check's request stays
   * unsettled until its check settles, so the group delivers it again by itself.
   */
  resumeRunningChecks: boolean;
  /**
   * Whether writes are halted (the event store's integrity is in doubt, see openStoreIntegrity):
   * nothing new is started on its own (list and feed syncs, scheduled re-screens) until an admin
   * acknowledges the break; what was accepted before (checks, refunds, batches, deliveries) goes
   * on, so no check is lost and no credit is kept.
   */
  writesHalted: () => boolean;
  /** Where each consumer starts reading (recorded by the composition root before anything runs: consumers.ts). */
  starts: ConsumerStarts;
}): Promise<BackgroundWork> {
  const { config, logger, clock, accounts } = deps;
  const { eventStore, readStore, bus } = deps.ports;
  const { starts } = deps;
  const refund = (userId: string, checkId: string, reason: string) => accounts.refundCheck(userId, checkId, reason);
  // First (the one part that can fail to start): batches go through the check command, as the API's checks do.
  const { checks, hub } = await startCheckCommand({ eventStore, bus, accounts, logger, clock, waitMs: config.CHECK_WAIT_MS });

  const pipeline = createAnalysis({ config, env: deps.env, eventStore, readStore, logger, clock, options: deps.analysis });
  const analysis = startAnalysisWorker({
    bus,
    starts,
    readStore,
    logger,
    pipeline,
    ...(deps.resumeRunningChecks ? { runningChecks: () => runningCheckIds(readStore) } : {}),
    concurrency: config.ANALYSIS_CONCURRENCY,
  });
  const refunds = startRefundUndelivered({ bus, starts, readStore, logger, refund });
  const sweeper = startChargeSweeper({ eventStore, readStore, logger, clock, refund });
  const purchaseExpiry = startExpirySweeper({ readStore, clock, logger, expire: (userId) => accounts.expirePurchasedChecks(userId), catchUp: deps.catchUp });
  const batches = startBatchRunner({ bus, starts, readStore, eventStore, checks, logger, clock, walletsAtOnce: config.BATCH_CONCURRENCY });
  // Webhooks: the outbox over the domain events, the dispatcher, and the e-mail when an endpoint is disabled.
  const sender = createWebhookSender({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_DESTINATIONS, timeoutMs: config.WEBHOOK_TIMEOUT_MS });
  const webhooks = startWebhookDispatcher({
    bus,
    starts,
    eventStore,
    readStore,
    logger,
    clock,
    send: sender.send,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    concurrency: config.WEBHOOK_CONCURRENCY,
  });
  const webhookSettings = createWebhooks({ eventStore, readStore, clock, allowPrivateDestinations: config.WEBHOOK_ALLOW_PRIVATE_DESTINATIONS });
  const webhookNotices = startWebhookNotices({
    bus,
    starts,
    readStore,
    logger,
    endpointUrl: (userId, endpointId) =>
      webhookSettings.get(userId, endpointId).then(
        (e) => e.url,
        () => null,
      ),
    emailOf: (userId) => accounts.emailOf(userId),
    send: (mail) => deps.mailer.send(mail),
    publicUrl: config.PUBLIC_URL,
  });
  const sanctionsRefresh = startSanctionsRefresh({
    eventStore,
    logger,
    clock,
    intervalHours: config.SANCTIONS_SYNC_INTERVAL_HOURS,
    url: config.OFAC_SDN_URL,
    paused: deps.writesHalted,
  });
  const feedsRefresh = startFeedsRefresh({
    eventStore,
    logger,
    clock,
    intervalHours: config.FEEDS_SYNC_INTERVAL_HOURS,
    enabled: enabledFeedIds(config.FEEDS_ENABLED),
    ...(config.FEED_URLS ? { urls: config.FEED_URLS } : {}),
    chainData: chainDataConfigOf(deps.env),
    cacheDir: feedsCacheDir(config.DATA_DIR),
    paused: deps.writesHalted,
  });

  // Monitoring: re-screens start through the same check command, with its charging rules (they
  // never wait for a check to settle).
  const monitoring = createMonitoring({ eventStore, readStore, clock, maxWatches: config.WATCHLIST_MAX, summarize: summarizeCheck });
  const rescreens = startRescreenScheduler({
    monitoring,
    start: checks.start,
    readStore,
    clock,
    logger,
    intervalMs: config.MONITORING_SCHEDULER_INTERVAL_SECONDS * 1000,
    paused: deps.writesHalted,
  });
  const listChanges = startListChangeRescreens({
    bus,
    starts,
    readStore,
    eventStore,
    monitoring,
    start: checks.start,
    listTouch: createListTouch(eventStore),
    clock,
    logger,
  });
  const checkRecorder = startCheckRecorder({ bus, starts, readStore, eventStore, monitoring, logger });
  const alertMailer = startAlertMailer({
    bus,
    starts,
    readStore,
    monitoring,
    mailer: deps.mailer,
    emailOf: async (userId) => {
      const user = await accounts.load(userId);
      return user.status === 'registered' ? user.email : null;
    },
    publicUrl: config.PUBLIC_URL,
    clock,
    logger,
  });

  // The audit log's tree heads: one signed at start when the log holds events no head covers (the first
  // start on a store written before tree heads signs it whole), then one per interval while the log grows.
  const tree = treeHeadsOf({
    config,
    eventStore,
    readStore,
    clock,
    logger,
    readModelsAt: () => deps.catchUp(),
    writesHalted: deps.writesHalted,
  });
  const treeHeadSchedule =
    config.AUDIT_LOG_TREE_HEAD_SECONDS > 0
      ? startTreeHeadSchedule({ treeHeads: tree.treeHeads, intervalMs: config.AUDIT_LOG_TREE_HEAD_SECONDS * 1000, paused: deps.writesHalted, logger })
      : undefined;

  let closing: Promise<void> | undefined;
  return {
    analysis,
    sweeper,
    purchaseExpiry,
    rescreens,
    webhooks,
    close() {
      closing ??= (async () => {
        await treeHeadSchedule?.stop();
        tree.close();
        await webhookNotices.stop();
        await webhooks.stop();
        sender.close();
        await rescreens.stop();
        await listChanges.stop();
        await checkRecorder.stop();
        await alertMailer.stop();
        await sanctionsRefresh.stop();
        await feedsRefresh.stop();
        await batches.stop();
        await hub.stop();
        await sweeper.stop();
        await purchaseExpiry.stop();
        await analysis.stop();
        await refunds.stop();
      })();
      return closing;
    },
  };
}
