/**
 * POST /api/transactions/analyze-realtime { wallet_address, network? } with an Idempotency-Key.
 * One key per check; every retry of that check sends it again (see retry-policy).
 */
import type { AnalyzeRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { withRetry, type RetryOptions } from '../retry-policy';
import { answerFromBody, checkAnswerBodySchema, type CheckAnswer } from './check-answer';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** One attempt. */
export async function analyzeWallet(request: AnalyzeRequest, idempotencyKey: string, signal?: AbortSignal): Promise<CheckAnswer> {
  const body: AnalyzeRequest = { wallet_address: request.wallet_address.trim(), ...(request.network ? { network: request.network } : {}) };
  return answerFromBody(
    await api.post('/transactions/analyze-realtime', body, { schema: checkAnswerBodySchema, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, signal }),
  );
}

/** The check as the spec runs it: up to 4 attempts on network errors and 5xx, the same key each time. */
export function analyzeWalletWithRetry(request: AnalyzeRequest, idempotencyKey: string, options: RetryOptions = {}): Promise<CheckAnswer> {
  return withRetry(() => analyzeWallet(request, idempotencyKey, options.signal), options);
}

/** A fresh Idempotency-Key (a v4 UUID), also where crypto.randomUUID is missing (plain-HTTP origins). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
