import { useMutation } from '@tanstack/react-query';
import { webhookSecretSchema } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** GET /api/webhooks/{id}/secret: the signing secret, read only when the user asks to see it (never cached). */
export async function getWebhookSecret(id: string): Promise<string> {
  return (await api.get(`/webhooks/${encodeURIComponent(id)}/secret`, { schema: webhookSecretSchema })).secret;
}

/** Reveals the secret on request. */
export function useRevealWebhookSecret() {
  return useMutation({ mutationFn: getWebhookSecret });
}
