import { useMutation } from '@tanstack/react-query';
import { checkoutResponseSchema, type CheckoutResponse, type CheckoutRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** POST /api/billing/create-subscription-session { price_id } → { checkout_url }. */
export function createCheckoutSession(priceId: string): Promise<CheckoutResponse> {
  return api.post('/billing/create-subscription-session', { price_id: priceId } satisfies CheckoutRequest, { schema: checkoutResponseSchema });
}

/** Starts a purchase; the caller sends the browser to the checkout URL. */
export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
