/** A user's webhook endpoints, folded from their stream `webhooks-<userId>`. */
import { plusMilliseconds, type WebhookEventType } from '@walletscreen/contracts';
import type { WebhookEndpointEvent } from './events';

/** After a rotation, the previous secret still signs (beside the new one) for this long. */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

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
      return put({
        endpointId: c.endpointId,
        url: c.url,
        description: c.description,
        events: c.events,
        enabled: true,
        disabledReason: null,
        secret: c.secret,
        previousSecret: null,
        previousSecretUntil: null,
        createdAt: c.at,
        updatedAt: c.at,
        enabledSince: c.at,
      });
    }
    case 'WebhookEndpointUpdated': {
      if (!existing) return state;
      const c = event.data.changes;
      return put({
        ...existing,
        ...c,
        ...(c.enabled !== undefined ? { disabledReason: null } : {}),
        ...(c.enabled === true ? { enabledSince: d.at } : {}),
        updatedAt: d.at,
      });
    }
    case 'WebhookEndpointSecretRotated':
      if (!existing) return state;
      return put({
        ...existing,
        secret: event.data.secret,
        previousSecret: existing.secret,
        previousSecretUntil: plusMilliseconds(d.at, PREVIOUS_SECRET_MS),
        updatedAt: d.at,
      });
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

/** The secrets that sign a message sent at `now`: the current one, and the previous one for 24 h after a rotation. */
export function signingSecrets(endpoint: StoredEndpoint, now: string): string[] {
  return endpoint.previousSecret && endpoint.previousSecretUntil && now < endpoint.previousSecretUntil
    ? [endpoint.secret, endpoint.previousSecret]
    : [endpoint.secret];
}
