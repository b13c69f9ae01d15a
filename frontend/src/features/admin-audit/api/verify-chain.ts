import { useMutation } from '@tanstack/react-query';
import { chainVerificationResponseSchema, type ChainVerificationResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** GET /api/admin/audit/verify: walks the event store's hash chain (run on demand: it reads every event). */
export function verifyChain(): Promise<ChainVerificationResponse> {
  return api.get('/admin/audit/verify', { schema: chainVerificationResponseSchema });
}

export function useVerifyChain() {
  return useMutation({ mutationFn: verifyChain });
}
