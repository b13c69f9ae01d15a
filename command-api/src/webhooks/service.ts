/**
 * The Webhooks screen's commands and queries: a user's endpoints (on their `webhooks-<userId>`
 * stream), their secrets, their delivery log (read model) and manual redelivery.
 */
import { randomUUID } from 'node:crypto';
import { webhookMessages, type WebhookDelivery, type WebhookEndpoint, type WebhookEventType } from '@walletscreen/contracts';
import type { EventStore, ReadStore } from '@walletscreen/platform';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { Invalid, NotFound } from '@walletscreen/domain/errors';
import { webhookDeliveryDecider } from '@walletscreen/domain/webhook-delivery/decide';
import { webhookDeliveryStreamId } from '@walletscreen/domain/webhook-delivery/events';
import { webhookEndpointDecider, type WebhookEndpointCommand } from '@walletscreen/domain/webhook-endpoint/decide';
import { webhookEndpointsStreamId, type EndpointChanges } from '@walletscreen/domain/webhook-endpoint/events';
import type { StoredEndpoint } from '@walletscreen/domain/webhook-endpoint/state';
import { findEndpointDeliveries } from '@walletscreen/projections/webhooks/queries';
import { blockText, literalIp, specialPurposeBlock } from './destination';
import { newWebhookSecret } from './sender';

export function endpointView(endpoint: StoredEndpoint): WebhookEndpoint {
  return {
    id: endpoint.endpointId,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    created_at: endpoint.createdAt,
    updated_at: endpoint.updatedAt,
  };
}

export function createWebhooks(deps: {
  eventStore: EventStore;
  readStore: ReadStore;
  clock: () => Date;
  /** The admin's setting: endpoints may name private addresses. */
  allowPrivateDestinations: boolean;
  /** Wakes this process's dispatcher for a delivery due now (the others find it on their next look). */
  deliverNow?: (deliveryId: string) => void;
}) {
  const endpoints = new CommandHandler(deps.eventStore, webhookEndpointDecider);
  const deliveries = new CommandHandler(deps.eventStore, webhookDeliveryDecider);
  const now = () => deps.clock().toISOString();

  const execute = (userId: string, command: WebhookEndpointCommand) =>
    endpoints.execute(webhookEndpointsStreamId(userId), command, { commandId: randomUUID(), metadata: { command: command.type } });

  /** A literal private IP is refused at once; a host name is checked at every delivery, once resolved. */
  function checkDestination(url: string) {
    const ip = literalIp(new URL(url).hostname);
    const block = ip !== null && !deps.allowPrivateDestinations ? specialPurposeBlock(ip) : null;
    if (block) {
      const message = webhookMessages.urlPrivate(blockText(block));
      throw new Invalid(message, { url: message });
    }
  }

  async function endpointOf(userId: string, endpointId: string) {
    const endpoint = (await endpoints.load(webhookEndpointsStreamId(userId))).state.endpoints[endpointId];
    if (!endpoint) throw new NotFound(webhookMessages.notFound);
    return endpoint;
  }

  return {
    async list(userId: string): Promise<WebhookEndpoint[]> {
      const { state } = await endpoints.load(webhookEndpointsStreamId(userId));
      return Object.values(state.endpoints)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map(endpointView);
    },

    async get(userId: string, endpointId: string): Promise<WebhookEndpoint> {
      return endpointView(await endpointOf(userId, endpointId));
    },

    async secret(userId: string, endpointId: string): Promise<string> {
      return (await endpointOf(userId, endpointId)).secret;
    },

    async create(userId: string, input: { url: string; description?: string; events: WebhookEventType[] }): Promise<WebhookEndpoint & { secret: string }> {
      checkDestination(input.url);
      const endpointId = randomUUID();
      const secret = newWebhookSecret();
      const { state } = await execute(userId, {
        type: 'CreateWebhookEndpoint',
        data: { userId, endpointId, url: input.url, description: input.description ?? '', events: input.events, secret },
        metadata: { now: now() },
      });
      return { ...endpointView(state.endpoints[endpointId]!), secret };
    },

    async update(userId: string, endpointId: string, changes: EndpointChanges): Promise<WebhookEndpoint> {
      if (changes.url !== undefined) checkDestination(changes.url);
      const { state } = await execute(userId, { type: 'UpdateWebhookEndpoint', data: { endpointId, changes }, metadata: { now: now() } });
      return endpointView(state.endpoints[endpointId]!);
    },

    async rotateSecret(userId: string, endpointId: string): Promise<string> {
      const secret = newWebhookSecret();
      await execute(userId, { type: 'RotateWebhookSecret', data: { endpointId, secret }, metadata: { now: now() } });
      return secret;
    },

    async remove(userId: string, endpointId: string): Promise<void> {
      await execute(userId, { type: 'DeleteWebhookEndpoint', data: { endpointId }, metadata: { now: now() } });
    },

    /** The endpoint's deliveries, newest first (from the delivery log read model). */
    async deliveries(userId: string, endpointId: string, page: { limit: number; offset: number }): Promise<WebhookDelivery[]> {
      await endpointOf(userId, endpointId);
      const docs = await findEndpointDeliveries(deps.readStore, userId, endpointId, page);
      return docs.map(({ user_id: _user, ...delivery }) => delivery);
    },

    /** A new attempt now, with the same webhook-id. */
    async redeliver(userId: string, endpointId: string, deliveryId: string): Promise<{ position: number | null }> {
      const endpoint = await endpointOf(userId, endpointId);
      const { state, position } = await deliveries.execute(
        webhookDeliveryStreamId(deliveryId),
        { type: 'RedeliverWebhook', data: { userId, endpointId, endpointEnabled: endpoint.enabled }, metadata: { now: now() } },
        { commandId: randomUUID(), metadata: { command: 'RedeliverWebhook' } },
      );
      if (state.status !== 'none') deps.deliverNow?.(deliveryId);
      return { position };
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
