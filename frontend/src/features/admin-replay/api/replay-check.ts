import { useMutation } from '@tanstack/react-query';
import { checkReplaySchema, type CheckReplayResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/**
 * GET /api/admin/checks/:checkId/replay: re-runs the recorded risk-model version on the recorded
 * evidence. A read (it changes nothing on the server), run on demand like the chain verification.
 */
export function replayCheck(checkId: string): Promise<CheckReplayResponse> {
  return api.get(`/admin/checks/${encodeURIComponent(checkId)}/replay`, { schema: checkReplaySchema });
}

export function useReplayCheck() {
  return useMutation({ mutationFn: replayCheck });
}
