/**
 * The events of a wallet check, on its own stream `check-<checkId>`, and the evidence each stage
 * records. Shared by the API (which requests checks and reads them), the workers (which run the
 * stages) and the projections.
 */
import type { Chain, Network } from '../addresses/parse';
import type { WalletAnalysis } from './analysis';
import type { ListChange, RescreenTrigger } from '../monitoring/monitoring';

export const checkStreamId = (checkId: string) => `check-${checkId}`;

export const stageKeys = ['initialize', 'blockchain', 'sanctions', 'intelligence', 'patterns', 'interpretation', 'report'] as const;
export type StageKey = (typeof stageKeys)[number];

export interface WalletCheckRequested {
  checkId: string;
  userId: string;
  /** What the user typed, and the parsed canonical address. */
  input: string;
  address: string;
  chain: Chain;
  network: Network;
  /** `free`: a watched wallet's re-screen after a list change (no check is charged; see rescreenPricing). */
  chargeSource: 'bonus' | 'purchased' | 'free';
  /** The Idempotency-Key the browser sent (absent on checks requested without one, and on older events). */
  idempotencyKey?: string;
  /**
   * The XRP destination tag of an X-address input (`address` is then its classic form); absent
   * for every other input, for an X-address without a tag, and on older events.
   */
  destinationTag?: number;
  /** The caller's own reference (public API; absent otherwise and on older events). */
  reference?: string;
  /** The API key the check was requested with (absent for the web app's checks). */
  apiKeyId?: string;
  /** The batch the check is a row of (absent otherwise). */
  batchId?: string;
  /** A watched wallet's re-screen (absent on every other check). */
  rescreen?: {
    watchId: string;
    trigger: RescreenTrigger;
    slot: string | null;
    /**
     * The check whose recorded blockchain data this check reuses instead of calling a provider
     * (list-change re-screens): the blockchain stage copies that evidence and says so.
     */
    reuseChainEvidenceOf: string | null;
    listChange: ListChange | null;
  };
  at: string;
}

export interface WalletCheckStageCompleted<E = unknown> {
  checkId: string;
  /** 1 to 7, in the order of the overlay. */
  stage: number;
  key: StageKey;
  evidence: E;
  at: string;
}

export interface WalletCheckCompleted {
  checkId: string;
  userId: string;
  result: WalletAnalysis;
  at: string;
}

export interface WalletCheckFailed {
  checkId: string;
  userId: string;
  reason: string;
  at: string;
}

export type CheckEvent =
  | { type: 'WalletCheckRequested'; data: WalletCheckRequested }
  | { type: 'WalletCheckStageCompleted'; data: WalletCheckStageCompleted }
  | { type: 'WalletCheckCompleted'; data: WalletCheckCompleted }
  | { type: 'WalletCheckFailed'; data: WalletCheckFailed };

export const checkEventTypes = ['WalletCheckRequested', 'WalletCheckStageCompleted', 'WalletCheckCompleted', 'WalletCheckFailed'] as const;

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
}

export type CheckState =
  | { status: 'none' }
  | { status: 'running' | 'completed' | 'failed'; request: WalletCheckRequested; stages: WalletCheckStageCompleted[]; result?: WalletAnalysis; error?: string };

export function evolveCheck(state: CheckState, event: CheckEvent): CheckState {
  switch (event.type) {
    case 'WalletCheckRequested':
      return { status: 'running', request: event.data, stages: [] };
    case 'WalletCheckStageCompleted':
      if (state.status === 'none') return state;
      return { ...state, stages: [...state.stages, event.data] };
    case 'WalletCheckCompleted':
      if (state.status === 'none') return state;
      return { ...state, status: 'completed', result: event.data.result };
    case 'WalletCheckFailed':
      if (state.status === 'none') return state;
      return { ...state, status: 'failed', error: event.data.reason };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export function progressOf(state: Exclude<CheckState, { status: 'none' }>): CheckProgress {
  return {
    check_id: state.request.checkId,
    status: state.status,
    wallet_address: state.request.address,
    network: state.request.network,
    ...(state.request.idempotencyKey ? { idempotency_key: state.request.idempotencyKey } : {}),
    stage: state.stages.length,
    ...(state.result ? { result: state.result } : {}),
    ...(state.error ? { error: state.error } : {}),
  };
}
