/**
 * Webhook endpoint commands decided over a user's endpoints. Pure: ids, secrets and the moment
 * come in on the command.
 * - a user holds at most WEBHOOKS_MAX endpoints;
 * - an endpoint another command names must exist (NotFound otherwise);
 * - an update records only what actually changes (a repeated update records nothing);
 * - the service disables an endpoint whose deliveries have all failed for DISABLE_AFTER_FAILING_MS,
 *   unless it is disabled already or was enabled again since the failures began.
 */
import { millisecondsBetween, webhookMessages, WEBHOOKS_MAX } from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import { Conflict, NotFound } from '../errors';
import { webhookEndpointEvents, type EndpointChanges, type WebhookEndpointCreated, type WebhookEndpointEvent } from './events';
import { evolveEndpoints, initialEndpointsState, type StoredEndpoint, type WebhookEndpointsState } from './state';

/** An endpoint whose deliveries have all failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;

export type WebhookEndpointCommand =
  | { type: 'CreateWebhookEndpoint'; data: Omit<WebhookEndpointCreated, 'at'>; metadata: CommandMetadata }
  | { type: 'UpdateWebhookEndpoint'; data: { endpointId: string; changes: EndpointChanges }; metadata: CommandMetadata }
  | { type: 'RotateWebhookSecret'; data: { endpointId: string; secret: string }; metadata: CommandMetadata }
  | { type: 'DeleteWebhookEndpoint'; data: { endpointId: string }; metadata: CommandMetadata }
  /** The endpoint's deliveries have all failed since `failingSince` (its health read model). */
  | { type: 'DisableFailingWebhookEndpoint'; data: { endpointId: string; failingSince: string }; metadata: CommandMetadata };

function endpointOf(state: WebhookEndpointsState, endpointId: string): { userId: string; endpoint: StoredEndpoint } {
  const endpoint = state.endpoints[endpointId];
  if (!endpoint || state.userId === null) throw new NotFound(webhookMessages.notFound);
  return { userId: state.userId, endpoint };
}

export function decideWebhookEndpoint(command: WebhookEndpointCommand, state: WebhookEndpointsState): WebhookEndpointEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'CreateWebhookEndpoint': {
      if (state.endpoints[command.data.endpointId]) throw new Conflict('An endpoint with this id exists');
      if (Object.keys(state.endpoints).length >= WEBHOOKS_MAX) throw new Conflict(webhookMessages.tooMany);
      return [{ type: 'WebhookEndpointCreated', data: { ...command.data, at } }];
    }
    case 'UpdateWebhookEndpoint': {
      const { userId, endpoint } = endpointOf(state, command.data.endpointId);
      // Only what actually changes is recorded; a repeated update records nothing.
      const changes: EndpointChanges = {};
      const c = command.data.changes;
      if (c.url !== undefined && c.url !== endpoint.url) changes.url = c.url;
      if (c.description !== undefined && c.description !== endpoint.description) changes.description = c.description;
      if (c.events !== undefined && c.events.join(',') !== endpoint.events.join(',')) changes.events = c.events;
      if (c.enabled !== undefined && c.enabled !== endpoint.enabled) changes.enabled = c.enabled;
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'WebhookEndpointUpdated', data: { userId, endpointId: endpoint.endpointId, changes, at } }];
    }
    case 'RotateWebhookSecret': {
      const { userId, endpoint } = endpointOf(state, command.data.endpointId);
      return [{ type: 'WebhookEndpointSecretRotated', data: { userId, endpointId: endpoint.endpointId, secret: command.data.secret, at } }];
    }
    case 'DeleteWebhookEndpoint': {
      const { userId, endpoint } = endpointOf(state, command.data.endpointId);
      return [{ type: 'WebhookEndpointDeleted', data: { userId, endpointId: endpoint.endpointId, at } }];
    }
    case 'DisableFailingWebhookEndpoint': {
      const { failingSince } = command.data;
      const endpoint = state.endpoints[command.data.endpointId];
      if (!endpoint || !endpoint.enabled || state.userId === null) return [];
      // Enabled again since the failures began: the owner gets a fresh period.
      if (endpoint.enabledSince > failingSince) return [];
      if (millisecondsBetween(failingSince, at) < DISABLE_AFTER_FAILING_MS) return [];
      const days = Math.round(DISABLE_AFTER_FAILING_MS / 86_400_000);
      return [
        {
          type: 'WebhookEndpointDisabled',
          data: { userId: state.userId, endpointId: endpoint.endpointId, reason: `Every delivery failed for ${days} days`, failingSince, at },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const webhookEndpointDecider: Decider<WebhookEndpointsState, WebhookEndpointCommand, WebhookEndpointEvent> = {
  initialState: initialEndpointsState,
  evolve: evolveEndpoints,
  decide: decideWebhookEndpoint,
  types: webhookEndpointEvents.typeSet,
};
