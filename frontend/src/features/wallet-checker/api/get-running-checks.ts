/**
 * GET /api/transactions/running: the user's checks still running that were started from the
 * Wallet Checker, newest first, each with the stages done so far. The checker asks when it is
 * shown with no check of its own running, so a reloaded page (or another tab or device) picks the
 * check up and follows it to the end. It is asked once per visit, not cached: an old answer would
 * show a check that has since finished as running.
 */
import { checkProgressSchema, type CheckProgress } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

export function getRunningChecks(signal?: AbortSignal): Promise<CheckProgress[]> {
  return api.get('/transactions/running', { schema: checkProgressSchema.array(), signal });
}
