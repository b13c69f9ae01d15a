import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sanctionsSyncResponseSchema, type SanctionsSyncResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { sanctionsStatusQueryKey } from './get-sanctions-status';

/** POST /api/admin/sanctions/sync: downloads and imports the OFAC list now. */
export function syncSanctions(): Promise<SanctionsSyncResponse> {
  return api.post('/admin/sanctions/sync', undefined, { schema: sanctionsSyncResponseSchema });
}

export function useSyncSanctions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: syncSanctions,
    onSuccess: (body) => client.setQueryData(sanctionsStatusQueryKey, body.status),
  });
}
