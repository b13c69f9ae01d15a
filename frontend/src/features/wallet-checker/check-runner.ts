/**
 * One wallet check from the Check button to its result, as a small store the screen reads.
 *
 * The analysis call starts the check (retried with one Idempotency-Key) and answers with the
 * result, or with 202 and the check id when the check outlasts the server's wait. From then on the
 * check is followed two ways at once, and whichever finishes first wins: the socket's progress
 * messages (which also move the steps) and a long poll of the check. Before the check id is known,
 * progress messages carrying this check's Idempotency-Key (`idempotency_key`) move the steps; a
 * second check of the same address, in another tab, never does. Once the id is known, messages are
 * matched by it.
 *
 * A check already running (after a reload, or started in another tab or on another device) is
 * followed the same way from the stages the server says are done (`resume`).
 *
 * The steps move only on the server's stage events. Events that arrive together are shown one
 * after another, each step current for a short moment (stage-pacer.ts), and the result after the
 * last step's moment; the pacer's timer only holds back stages the server has reported.
 */
import type { AnalyzeRequest, CheckProgress, Network, WalletAnalysis } from '@walletscreen/contracts';
import { ApiError, requiresPremium } from '../../lib/api-client';
import { answerFromProgress, UnexpectedAnswer, type CheckAnswer } from './api/check-answer';
import { clampStage, STEP_COUNT } from './check-steps';
import { isAbort } from './retry-policy';
import { createStagePacer, type StagePacer } from './stage-pacer';

export const CHECK_FAILED_MESSAGE = 'Failed to fetch wallet analysis. Please try again.';

export interface CheckFailure {
  /**
   * `invalid`: the server refused the address (its reason is shown under the input);
   * `premium`: no premium checks left (offer Top Up Balance); `failed`: anything else.
   */
  kind: 'invalid' | 'premium' | 'failed';
  message: string;
}

/** What the user asked for. */
export interface CheckTarget {
  /** What is sent: the trimmed address, and the network for an address valid on several. */
  request: AnalyzeRequest;
  /** The canonical address and network the server reports (parseAddress), shown in the overlay. */
  address: string;
  network: Network;
}

export type CheckView =
  | { phase: 'idle' }
  | { phase: 'running'; target: CheckTarget; checkId: string | null; stage: number }
  | { phase: 'completed'; target: CheckTarget; checkId: string; analysis: WalletAnalysis }
  | { phase: 'failed'; target: CheckTarget; failure: CheckFailure };

export type RunningView = Extract<CheckView, { phase: 'running' }>;

/** Moments the rest of the app reacts to: the balance changes when a check is charged, settles or is refunded. */
export type CheckNotice = 'charged' | 'completed' | 'failed';

export interface CheckRunnerDeps {
  newKey(): string;
  /** The analysis call, with its retries. */
  start(request: AnalyzeRequest, idempotencyKey: string, signal: AbortSignal): Promise<CheckAnswer>;
  /** One long poll of a running check, with its retries. */
  wait(checkId: string, signal: AbortSignal): Promise<CheckAnswer>;
  /** Every progress message of the user's checks. Returns the unsubscribe. */
  listen(listener: (progress: CheckProgress) => void): () => void;
  /** One check's messages and its current state after every (re)connection. Returns the unsubscribe. */
  follow(checkId: string, listener: (progress: CheckProgress) => void): () => void;
  /** Told of each moment, with the view as it then is (the completed check's id, target and analysis). */
  notify?(notice: CheckNotice, view: CheckView): void;
  /** How long each step stays current at least (MIN_STAGE_MS in the app); 0, the default, shows each stage as it is reported. */
  minStageMs?: number;
  /** Whether the steps can be seen (the page is visible); unseen, stages are not held back. */
  watched?: () => boolean;
}

/** How a failed check reads on screen. */
export function describeFailure(error: unknown): CheckFailure {
  if (error instanceof ApiError) {
    if (error.status === 400) {
      const message = error.fieldErrors.wallet_address ?? error.fieldErrors.network ?? error.message;
      return { kind: 'invalid', message };
    }
    if (requiresPremium(error)) return { kind: 'premium', message: error.message };
  }
  return { kind: 'failed', message: CHECK_FAILED_MESSAGE };
}

export interface CheckRunner {
  getView(): CheckView;
  subscribe(listener: () => void): () => void;
  /** Starts a check; ignored while one is running. Resolves when it has settled. */
  start(target: CheckTarget): Promise<void>;
  /**
   * Follows a check already running (started before a reload, or in another tab or device), from
   * the stages the server says are done; ignored while a check is running here, or when it is the
   * one whose result is shown. Resolves when it has settled.
   */
  resume(progress: CheckProgress): Promise<void>;
  /** Drops the current check (another user signed in): its answers are ignored from now on. */
  reset(): void;
  /** The overlay now shows `stage` stages done (after rendering): that step's moment counts from now. */
  stageDisplayed(stage: number): void;
}

const IDLE: CheckView = { phase: 'idle' };

export function createCheckRunner(deps: CheckRunnerDeps): CheckRunner {
  let view: CheckView = IDLE;
  let generation = 0;
  let controller: AbortController | null = null;
  let pacing: StagePacer | null = null;
  const listeners = new Set<() => void>();

  const set = (next: CheckView) => {
    view = next;
    for (const listener of listeners) listener();
  };

  /** Runs a new check, or (`from`) follows one the server already runs. */
  async function run(target: CheckTarget, from?: { checkId: string; stage: number }): Promise<void> {
    const id = ++generation;
    const own = new AbortController();
    controller = own;
    const current = () => id === generation;
    const key = from ? null : deps.newKey();
    let checkId: string | null = from?.checkId ?? null;
    // A check followed again was charged when it was started.
    let charged = from !== undefined;
    let settle: (answer: CheckAnswer) => void = () => undefined;
    const settledLive = new Promise<CheckAnswer>((resolve) => (settle = resolve));

    const pacer = createStagePacer({
      minMs: deps.minStageMs ?? 0,
      initial: from?.stage ?? 0,
      ...(deps.watched ? { watched: deps.watched } : {}),
      onShow: (stage) => {
        if (current()) set({ phase: 'running', target, checkId, stage });
      },
    });
    pacing = pacer;
    const advance = (reported: number) => {
      if (current()) pacer.report(reported);
    };

    // The server charges a check before it records it: its first message or its id means the balance changed.
    const noticeCharge = () => {
      if (charged || !current()) return;
      charged = true;
      deps.notify?.('charged', view);
    };

    const onMessage = (progress: CheckProgress) => {
      if (checkId === null) {
        // The analysis call has not answered yet: only this check's key identifies its messages.
        if (progress.status !== 'running' || progress.idempotency_key !== key) return;
        noticeCharge();
        advance(progress.stage);
        return;
      }
      if (progress.check_id !== checkId) return;
      let answer: CheckAnswer;
      try {
        answer = answerFromProgress(progress);
      } catch {
        return; // an unreadable result: the long poll delivers it
      }
      if (answer.status === 'running') advance(answer.stage);
      else settle(answer);
    };

    set({ phase: 'running', target, checkId, stage: pacer.shown() });
    const stopListening = deps.listen(onMessage);
    let stopFollowing: () => void = checkId === null ? () => undefined : deps.follow(checkId, onMessage);
    try {
      let answer: CheckAnswer =
        key === null
          ? { status: 'running', checkId: checkId ?? '', stage: pacer.shown(), walletAddress: target.address, network: target.network }
          : await deps.start(target.request, key, own.signal);
      for (;;) {
        if (checkId === null && answer.checkId) {
          checkId = answer.checkId;
          noticeCharge();
          stopFollowing = deps.follow(checkId, onMessage);
        }
        if (answer.status !== 'running') break;
        if (checkId === null) throw new UnexpectedAnswer('A running check without an id');
        advance(answer.stage);
        answer = await Promise.race([deps.wait(checkId, own.signal), settledLive]);
      }
      if (!current()) return;
      if (answer.status === 'completed') {
        // Completed: every stage is done. The result follows the last step's moment on screen.
        pacer.report(STEP_COUNT);
        await pacer.whenShown(STEP_COUNT);
        if (!current()) return;
        set({ phase: 'completed', target, checkId: answer.checkId || checkId || '', analysis: answer.analysis });
        deps.notify?.('completed', view);
      } else {
        set({ phase: 'failed', target, failure: { kind: 'failed', message: CHECK_FAILED_MESSAGE } });
        deps.notify?.('failed', view);
      }
    } catch (error) {
      if (!current() || isAbort(error)) return;
      set({ phase: 'failed', target, failure: describeFailure(error) });
      deps.notify?.('failed', view);
    } finally {
      pacer.stop();
      if (pacing === pacer) pacing = null;
      stopListening();
      stopFollowing();
      // Ends the long poll still open when the socket delivered first.
      own.abort();
      if (controller === own) controller = null;
    }
  }

  return {
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start(target) {
      if (view.phase === 'running') return Promise.resolve();
      return run(target);
    },
    resume(progress) {
      if (view.phase === 'running' || progress.status !== 'running') return Promise.resolve();
      if (view.phase === 'completed' && view.checkId === progress.check_id) return Promise.resolve();
      const address = progress.wallet_address;
      const target: CheckTarget = { request: { wallet_address: address, network: progress.network }, address, network: progress.network };
      return run(target, { checkId: progress.check_id, stage: clampStage(progress.stage) });
    },
    stageDisplayed(stage) {
      pacing?.displayed(stage);
    },
    reset() {
      generation++;
      pacing?.stop();
      controller?.abort();
      controller = null;
      if (view.phase !== 'idle') set(IDLE);
    },
  };
}
