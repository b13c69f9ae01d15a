import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminActionResponseSchema, type AdminActionResponse, type RefundCheckRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { auditQueryKey, customersQueryKey, historyQueryKey, streamsQueryKey } from '../../../lib/query-keys';
import { checkEvidenceQueryKey } from './get-check-events';

export interface RefundCheckInput {
  checkId: string;
  /** Why: recorded with the refund in the audit log. */
  reason: string;
}

/** POST /api/admin/checks/{checkId}/refund: the customer the check's own stream names, as they now are. */
export function refundCheck({ checkId, reason }: RefundCheckInput): Promise<AdminActionResponse> {
  return api.post(`/admin/checks/${encodeURIComponent(checkId)}/refund`, { reason } satisfies RefundCheckRequest, { schema: adminActionResponseSchema });
}

/**
 * Refunds a check, then reloads what shows it and the customer's balance: the check's screen, the
 * admin's History, Customers, the customer's stream and the audit log.
 */
export function useRefundCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundCheck,
    onSettled: () =>
      Promise.all(
        [checkEvidenceQueryKey, [...historyQueryKey, 'admin'], customersQueryKey, streamsQueryKey, auditQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
