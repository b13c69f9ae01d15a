import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminActionResponseSchema, type AdminActionResponse, type TopUpRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { customersQueryKey } from '../../../lib/query-keys';

export interface TopUpInput {
  customerId: string;
  /** 1 to 10,000 checks. */
  amount: number;
  /** The note recorded with the top-up. */
  reason: string;
  /** One per confirmed top-up: a retried request is applied once. */
  idempotencyKey: string;
}

/** POST /api/admin/topup/{id}: the amount the admin chose, with their note. */
export function topUpCustomer({ customerId, amount, reason, idempotencyKey }: TopUpInput): Promise<AdminActionResponse> {
  return api.post(`/admin/topup/${encodeURIComponent(customerId)}`, { amount, reason } satisfies TopUpRequest, {
    schema: adminActionResponseSchema,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Tops a customer up, then reloads the customers list. */
export function useTopUpCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: topUpCustomer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}

/** A fresh key per confirmed top-up (getRandomValues works on plain-HTTP hosts too, unlike randomUUID). */
export function newTopUpKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `topup-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
