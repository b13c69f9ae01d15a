/**
 * GET /api/transactions/checks/{check_id}?wait=25000: the state of a running check, answered when
 * it finishes or after the wait (200, 202 or 502 like the analysis call). The wallet checker
 * long-polls it next to the socket, so a check finishes on screen even without a live connection.
 */
import { api } from '../../../lib/http-client';
import { withRetry, type RetryOptions } from '../retry-policy';
import { answerFromBody, checkAnswerBodySchema, type CheckAnswer } from './check-answer';

/** How long the server may hold a poll open (it allows up to 30 s). */
export const CHECK_WAIT_MS = 25_000;

export function getCheck(checkId: string, options: { wait?: number; signal?: AbortSignal } = {}): Promise<CheckAnswer> {
  return api
    .get(`/transactions/checks/${encodeURIComponent(checkId)}`, { query: { wait: options.wait ?? 0 }, schema: checkAnswerBodySchema, signal: options.signal })
    .then(answerFromBody);
}

/** One long poll, retried like the analysis call on network errors and 5xx. */
export function waitForCheck(checkId: string, options: RetryOptions = {}): Promise<CheckAnswer> {
  return withRetry(() => getCheck(checkId, { wait: CHECK_WAIT_MS, signal: options.signal }), options);
}
