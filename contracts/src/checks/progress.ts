/**
 * A wallet check as the browser follows it: its stream's name (`check-<checkId>`, shown in the
 * admin's stream browser), its seven stages' keys, and its progress (socket messages and the 202
 * answer). The check's events are the check aggregate's (domain/src/check).
 */
import type { Network } from '../addresses/parse';
import type { WalletAnalysis } from './analysis';

export const checkStreamId = (checkId: string) => `check-${checkId}`;

export const stageKeys = ['initialize', 'blockchain', 'sanctions', 'intelligence', 'patterns', 'interpretation', 'report'] as const;
export type StageKey = (typeof stageKeys)[number];

/** The progress of a check as the browser sees it (socket messages and the 202 answer). */
export interface CheckProgress {
  check_id: string;
  status: 'running' | 'completed' | 'failed';
  wallet_address: string;
  network: Network;
  /**
   * The Idempotency-Key the check was requested with, so the browser can tell its check's messages
   * apart before the analysis call has answered with the check id. Absent for checks without one.
   */
  idempotency_key?: string;
  /** Stages completed so far, 0 to 7. */
  stage: number;
  result?: WalletAnalysis;
  error?: string;
  /**
   * On a settled check's socket message: the store position of its outcome, to send back as the
   * `Consistency-Token` header of a read that must show it (History, the PDF).
   */
  consistency_token?: string;
}
