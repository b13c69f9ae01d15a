/**
 * A user's webhook endpoints: one stream per user, `webhooks-<userId>`. Its events, state, evolve
 * and the pure deciders. Ids, secrets and the time come in with the command.
 */
import { webhookMessages, WEBHOOKS_MAX, type WebhookEndpoint, type WebhookEventType } from '@walletscreen/contracts';
import { Conflict, NotFound } from '@walletscreen/domain/errors';

export const webhookEndpointsStreamId = (userId: string) => `webhooks-${userId}`;

/** After a rotation, the previous secret still signs (beside the new one) for this long. */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;
/** An endpoint whose deliveries have all failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;

export interface EndpointChanges {
  url?: string;
  description?: string;
  events?: WebhookEventType[];
  enabled?: boolean;
}

export type WebhookEndpointEvent =
  | {
      type: 'WebhookEndpointCreated';
      data: { userId: string; endpointId: string; url: string; description: string; events: WebhookEventType[]; secret: string; at: string };
    }
  | { type: 'WebhookEndpointUpdated'; data: { userId: string; endpointId: string; changes: EndpointChanges; at: string } }
  | { type: 'WebhookEndpointSecretRotated'; data: { userId: string; endpointId: string; secret: string; at: string } }
  /** The service disabled it: its deliveries failed for days. */
  | { type: 'WebhookEndpointDisabled'; data: { userId: string; endpointId: string; reason: string; failingSince: string; at: string } }
  | { type: 'WebhookEndpointDeleted'; data: { userId: string; endpointId: string; at: string } };

export const webhookEndpointEventTypes: ReadonlySet<string> = new Set<WebhookEndpointEvent['type']>([
  'WebhookEndpointCreated',
  'WebhookEndpointUpdated',
  'WebhookEndpointSecretRotated',
  'WebhookEndpointDisabled',
  'WebhookEndpointDeleted',
]);

export interface StoredEndpoint {
  endpointId: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  disabledReason: string | null;
  secret: string;
  /** The secret before the last rotation, and until when it still signs. */
  previousSecret: string | null;
  previousSecretUntil: string | null;
  createdAt: string;
  updatedAt: string;
  /** When it was created or last enabled again. */
  enabledSince: string;
}

export interface WebhookEndpointsState {
  userId: string | null;
  endpoints: Record<string, StoredEndpoint>;
}

export const initialEndpointsState: WebhookEndpointsState = { userId: null, endpoints: {} };

export function evolveEndpoints(state: WebhookEndpointsState, event: WebhookEndpointEvent): WebhookEndpointsState {
  const d = event.data;
  const existing = state.endpoints[d.endpointId];
  const put = (endpoint: StoredEndpoint) => ({ userId: d.userId, endpoints: { ...state.endpoints, [endpoint.endpointId]: endpoint } });
  switch (event.type) {
    case 'WebhookEndpointCreated': {
      const c = event.data;
      return put({ endpointId: c.endpointId, url: c.url, description: c.description, events: c.events, enabled: true, disabledReason: null, secret: c.secret, previousSecret: null, previousSecretUntil: null, createdAt: c.at, updatedAt: c.at, enabledSince: c.at });
    }
    case 'WebhookEndpointUpdated': {
      if (!existing) return state;
      const c = event.data.changes;
      return put({ ...existing, ...c, ...(c.enabled !== undefined ? { disabledReason: null } : {}), ...(c.enabled === true ? { enabledSince: d.at } : {}), updatedAt: d.at });
    }
    case 'WebhookEndpointSecretRotated':
      if (!existing) return state;
      return put({ ...existing, secret: event.data.secret, previousSecret: existing.secret, previousSecretUntil: new Date(Date.parse(d.at) + PREVIOUS_SECRET_MS).toISOString(), updatedAt: d.at });
    case 'WebhookEndpointDisabled':
      if (!existing) return state;
      return put({ ...existing, enabled: false, disabledReason: event.data.reason, updatedAt: d.at });
    case 'WebhookEndpointDeleted': {
      const { [d.endpointId]: _deleted, ...rest } = state.endpoints;
      return { userId: d.userId, endpoints: rest };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const webhookEndpointsAggregate = { initialState: initialEndpointsState, evolve: evolveEndpoints, types: webhookEndpointEventTypes };

function endpointOf(state: WebhookEndpointsState, endpointId: string): StoredEndpoint {
  const endpoint = state.endpoints[endpointId];
  if (!endpoint) throw new NotFound(webhookMessages.notFound);
  return endpoint;
}

export function decideCreateEndpoint(
  data: { userId: string; endpointId: string; url: string; description: string; events: WebhookEventType[]; secret: string },
  state: WebhookEndpointsState,
  at: string,
): WebhookEndpointEvent[] {
  if (state.endpoints[data.endpointId]) throw new Conflict('An endpoint with this id exists');
  if (Object.keys(state.endpoints).length >= WEBHOOKS_MAX) throw new Conflict(webhookMessages.tooMany);
  return [{ type: 'WebhookEndpointCreated', data: { ...data, at } }];
}

export function decideUpdateEndpoint(data: { endpointId: string; changes: EndpointChanges }, state: WebhookEndpointsState, at: string): WebhookEndpointEvent[] {
  const endpoint = endpointOf(state, data.endpointId);
  // Only what actually changes is recorded; a repeated update records nothing.
  const changes: EndpointChanges = {};
  const c = data.changes;
  if (c.url !== undefined && c.url !== endpoint.url) changes.url = c.url;
  if (c.description !== undefined && c.description !== endpoint.description) changes.description = c.description;
  if (c.events !== undefined && c.events.join(',') !== endpoint.events.join(',')) changes.events = c.events;
  if (c.enabled !== undefined && c.enabled !== endpoint.enabled) changes.enabled = c.enabled;
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'WebhookEndpointUpdated', data: { userId: state.userId!, endpointId: endpoint.endpointId, changes, at } }];
}

export function decideRotateSecret(data: { endpointId: string; secret: string }, state: WebhookEndpointsState, at: string): WebhookEndpointEvent[] {
  const endpoint = endpointOf(state, data.endpointId);
  return [{ type: 'WebhookEndpointSecretRotated', data: { userId: state.userId!, endpointId: endpoint.endpointId, secret: data.secret, at } }];
}

export function decideDeleteEndpoint(data: { endpointId: string }, state: WebhookEndpointsState, at: string): WebhookEndpointEvent[] {
  const endpoint = endpointOf(state, data.endpointId);
  return [{ type: 'WebhookEndpointDeleted', data: { userId: state.userId!, endpointId: endpoint.endpointId, at } }];
}

/** Disables an endpoint that has been failing since `failingSince`, when that is long enough ago (and it is still enabled). */
export function decideDisableFailingEndpoint(data: { endpointId: string; failingSince: string }, state: WebhookEndpointsState, at: string): WebhookEndpointEvent[] {
  const endpoint = state.endpoints[data.endpointId];
  if (!endpoint || !endpoint.enabled) return [];
  // Enabled again since the failures began: the owner gets a fresh period.
  if (endpoint.enabledSince > data.failingSince) return [];
  if (Date.parse(at) - Date.parse(data.failingSince) < DISABLE_AFTER_FAILING_MS) return [];
  const days = Math.round(DISABLE_AFTER_FAILING_MS / 86_400_000);
  return [
    {
      type: 'WebhookEndpointDisabled',
      data: { userId: state.userId!, endpointId: endpoint.endpointId, reason: `Every delivery failed for ${days} days`, failingSince: data.failingSince, at },
    },
  ];
}

/** The secrets that sign a message sent at `now`: the current one, and the previous one for 24 h after a rotation. */
export function signingSecrets(endpoint: StoredEndpoint, now: string): string[] {
  return endpoint.previousSecret && endpoint.previousSecretUntil && now < endpoint.previousSecretUntil ? [endpoint.secret, endpoint.previousSecret] : [endpoint.secret];
}

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
