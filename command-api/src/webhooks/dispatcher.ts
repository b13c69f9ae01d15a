/**
 * Webhook delivery: the outbox and its dispatcher.
 *
 * - The scheduler is a worker group over the domain events `event-mapping.ts` lists. For each, it
 *   records one `WebhookDeliveryScheduled` per subscribed, enabled endpoint of the event's user,
 *   on the delivery's own stream, with an id made from the event's and the endpoint's (so an event
 *   delivered twice schedules nothing twice). The group moves past an event only once its
 *   deliveries are recorded: that is the outbox, and it survives a restart.
 * - The dispatcher sends what is due: at once for what this process just scheduled or was asked to
 *   redeliver, and, every `pollMs`, whatever the delivery log shows due (retries, deliveries of a
 *   process that stopped). Each attempt is claimed first by an append with the expected revision,
 *   so two processes never send the same attempt; a claim whose process died lapses.
 * - After a failed attempt, an endpoint whose deliveries have all failed for days is disabled
 *   (its owner is told by e-mail, from the disabled event: see notices.ts).
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@walletscreen/contracts';
import {
  startWorker,
  type ConsumerDeclaration,
  type ConsumerStarts,
  type EventStore,
  type Logger,
  type MessageBus,
  type ReadStore,
  type RecordedEvent,
} from '@walletscreen/platform';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { webhookDeliveryIdFor } from '@walletscreen/domain/ids';
import { webhookDeliveryDecider } from '@walletscreen/domain/webhook-delivery/decide';
import { webhookDeliveryStreamId } from '@walletscreen/domain/webhook-delivery/events';
import { isDue } from '@walletscreen/domain/webhook-delivery/state';
import { webhookEndpointDecider } from '@walletscreen/domain/webhook-endpoint/decide';
import { webhookEndpointsStreamId } from '@walletscreen/domain/webhook-endpoint/events';
import { signingSecrets } from '@walletscreen/domain/webhook-endpoint/state';
import { endpointFailingSince, findDueDeliveries } from '@walletscreen/projections/webhooks/queries';
import { webhookMappings } from './event-mapping';
import type { SendWebhook } from './sender';

/** The body of every webhook message (the Standard Webhooks shape). */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: unknown;
}

export interface WebhookDispatcher {
  /** Sends this delivery now, when it is due (redelivery in this process). */
  wake(deliveryId: string): void;
  stop(): Promise<void>;
}

/** The outbox: the domain events that become webhook deliveries. */
export const webhookOutboxConsumer: ConsumerDeclaration = { name: 'webhooks', eventTypes: Object.keys(webhookMappings) };

export function startWebhookDispatcher(deps: {
  bus: MessageBus;
  starts: ConsumerStarts;
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  clock: () => Date;
  send: SendWebhook;
  /** How long the sender waits for an answer (a claim lasts a little longer). */
  timeoutMs: number;
  /** Deliveries sent at once by this process. */
  concurrency: number;
  /** How often the delivery log is looked at for what is due. */
  pollMs?: number;
}): WebhookDispatcher {
  const { eventStore, readStore, logger, clock } = deps;
  const endpoints = new CommandHandler(eventStore, webhookEndpointDecider);
  const deliveries = new CommandHandler(eventStore, webhookDeliveryDecider);
  const now = () => clock().toISOString();

  // ---- the outbox: domain events become scheduled deliveries --------------------------------
  async function schedule(event: RecordedEvent): Promise<void> {
    const mapping = webhookMappings[event.type];
    if (!mapping) return;
    const userId = mapping.userId(event);
    const { state } = await endpoints.load(webhookEndpointsStreamId(userId));
    const subscribed = Object.values(state.endpoints).filter((e) => e.enabled && e.events.includes(mapping.type));
    if (subscribed.length === 0) return;
    const data = await mapping.data(event, { eventStore });
    if (data === null) return;
    const at = now();
    const body = JSON.stringify({ type: mapping.type, timestamp: event.recordedAt, data } satisfies WebhookPayload);
    for (const endpoint of subscribed) {
      const deliveryId = webhookDeliveryIdFor(event.id, endpoint.endpointId);
      const { events } = await deliveries.execute(
        webhookDeliveryStreamId(deliveryId),
        {
          type: 'ScheduleWebhookDelivery',
          data: { deliveryId, userId, endpointId: endpoint.endpointId, eventType: mapping.type, sourceEventId: event.id, body },
          metadata: { now: at },
        },
        { commandId: 'schedule', metadata: { worker: 'webhooks' } },
      );
      if (events.length > 0) wake(deliveryId);
    }
  }

  const scheduler = startWorker({ bus: deps.bus, readStore, logger, starts: deps.starts }, { ...webhookOutboxConsumer, concurrency: 16, handle: schedule });

  // ---- the dispatcher ---------------------------------------------------------------------------
  const queued = new Set<string>();
  const queue: string[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  function wake(deliveryId: string) {
    if (stopped || queued.has(deliveryId)) return;
    queued.add(deliveryId);
    queue.push(deliveryId);
    pump();
  }

  function pump() {
    while (!stopped && running.size < deps.concurrency && queue.length > 0) {
      const deliveryId = queue.shift()!;
      const task = attempt(deliveryId)
        .catch((error: unknown) => logger.warn({ err: error, deliveryId }, 'webhook delivery attempt could not be recorded; it is tried again'))
        .finally(() => {
          queued.delete(deliveryId);
          running.delete(task);
          pump();
        });
      running.add(task);
    }
  }

  async function attempt(deliveryId: string): Promise<void> {
    const streamId = webhookDeliveryStreamId(deliveryId);
    const { state } = await deliveries.load(streamId);
    if (!isDue(state, now())) return;
    const endpoint = (await endpoints.load(webhookEndpointsStreamId(state.userId))).state.endpoints[state.endpointId];
    if (!endpoint || !endpoint.enabled) {
      const reason = endpoint ? 'Not sent: the endpoint is disabled' : 'Not sent: the endpoint was deleted';
      await deliveries.execute(
        streamId,
        { type: 'AbandonWebhookDelivery', data: { reason }, metadata: { now: now() } },
        { commandId: randomUUID(), metadata: { worker: 'webhooks' } },
      );
      return;
    }
    const claimId = randomUUID();
    const claimed = await deliveries.execute(
      streamId,
      { type: 'ClaimWebhookDelivery', data: { claimId, timeoutMs: deps.timeoutMs }, metadata: { now: now() } },
      { commandId: claimId, metadata: { worker: 'webhooks' } },
    );
    if (claimed.events.length === 0) return;
    const sentAt = clock();
    const outcome = await deps.send({
      url: endpoint.url,
      id: deliveryId,
      body: state.body,
      secrets: signingSecrets(endpoint, sentAt.toISOString()),
      now: sentAt,
    });
    await deliveries.execute(
      streamId,
      { type: 'RecordWebhookAttempt', data: { claimId, outcome }, metadata: { now: now() } },
      { commandId: `${claimId}|attempt`, metadata: { worker: 'webhooks' } },
    );
    if (!outcome.ok) await disableWhenFailingForDays(state.userId, state.endpointId);
  }

  async function disableWhenFailingForDays(userId: string, endpointId: string) {
    const failingSince = await endpointFailingSince(readStore, endpointId);
    if (!failingSince) return;
    const { events } = await endpoints.execute(
      webhookEndpointsStreamId(userId),
      { type: 'DisableFailingWebhookEndpoint', data: { endpointId, failingSince }, metadata: { now: now() } },
      { commandId: `disable|${endpointId}|${failingSince}`, metadata: { worker: 'webhooks' } },
    );
    if (events.length > 0) logger.warn({ userId, endpointId, failingSince }, 'webhook endpoint disabled: its deliveries failed for days');
  }

  // Whatever the delivery log shows due: retries, and deliveries left by a stopped process.
  async function poll() {
    const due = await findDueDeliveries(readStore, now(), Math.max(100, deps.concurrency * 4));
    for (const d of due) wake(d.id);
  }
  let polling: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    polling = polling.then(poll).catch((error: unknown) => logger.warn({ err: error }, 'could not look for due webhook deliveries'));
  }, deps.pollMs ?? 1_000);
  timer.unref();

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await scheduler.stop();
      await polling;
      await Promise.allSettled([...running]);
    },
  };
}
