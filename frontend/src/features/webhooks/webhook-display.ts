/** How endpoints and deliveries are shown: pure, read by the components and the unit tests. */
import { type WebhookDelivery, type WebhookDeliveryStatus, type WebhookEndpoint, type WebhookEventType } from '@walletscreen/contracts';
import { formatDateTime } from '../../lib/format-date';

export const eventLabels: Record<WebhookEventType, string> = {
  'screening.completed': 'Screening completed',
  'alert.created': 'Alert created',
  'batch.completed': 'Batch completed',
};

export function endpointStatus(endpoint: WebhookEndpoint): { label: string; color: string; title: string | null } {
  if (endpoint.enabled) return { label: 'Enabled', color: 'teal', title: null };
  if (endpoint.disabled_reason) return { label: 'Disabled', color: 'red', title: `Disabled by WalletScreen: ${endpoint.disabled_reason}` };
  return { label: 'Disabled', color: 'gray', title: 'Disabled by you' };
}

export const deliveryStatusLabels: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  pending: { label: 'Retrying', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  succeeded: { label: 'Delivered', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  abandoned: { label: 'Not sent', color: 'gray' },
};

/** A first delivery not yet attempted is "Queued", not "Retrying". */
export function deliveryStatus(delivery: WebhookDelivery): { label: string; color: string } {
  if (delivery.status === 'pending' && delivery.attempt_count === 0) return { label: 'Queued', color: 'blue' };
  return deliveryStatusLabels[delivery.status];
}

/** dd.MM.yyyy HH:mm (UTC), or a dash. */
export const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** "200", or "No answer" with the error for an attempt that got no status. */
export function responseText(statusCode: number | null, error: string | null): string {
  if (statusCode !== null) return String(statusCode);
  return error ? 'No answer' : '—';
}
