/**
 * The app's wallet check: one runner per tab, so a check keeps going (and its result stays on
 * screen) when the user leaves the page and comes back. A check belongs to the session that
 * started it; after another sign-in the screen starts empty. When the checker is shown with no
 * check running here, it asks the server for the user's running check and follows it (a reload,
 * another tab or device).
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '../../lib/get-profile';
import { addSettledCheckToHistory } from '../../lib/history-cache';
import { authToken } from '../../lib/session';
import { followCheck, onCheckProgress } from '../../lib/socket';
import { analyzeWalletWithRetry, newIdempotencyKey } from './api/analyze-wallet';
import { waitForCheck } from './api/get-check';
import { getRunningChecks } from './api/get-running-checks';
import { sanctionsStatusQueryKey } from './api/get-sanctions-status';
import { createCheckRunner, type CheckNotice, type CheckRunner, type CheckTarget, type CheckView } from './check-runner';
import { MIN_STAGE_MS } from './stage-pacer';

let runner: CheckRunner | null = null;
let owner: string | null = null;
let queryClientRef: QueryClient | null = null;

/**
 * After a check is charged, settles or is refunded, the balance is fetched again; after a result,
 * the check goes into History at once, and whether a sanctions list is loaded is asked again (an
 * admin may have loaded one since the page opened: the warning above the result must not
 * contradict it).
 */
function refresh(notice: CheckNotice, view: CheckView): void {
  const queryClient = queryClientRef;
  if (!queryClient) return;
  void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  if (notice !== 'completed' || view.phase !== 'completed' || view.checkId === '') return;
  addSettledCheckToHistory(queryClient, { checkId: view.checkId, network: view.target.network, analysis: view.analysis });
  void queryClient.invalidateQueries({ queryKey: sanctionsStatusQueryKey });
}

function appRunner(): CheckRunner {
  runner ??= createCheckRunner({
    newKey: newIdempotencyKey,
    start: (request, key, signal) => analyzeWalletWithRetry(request, key, { signal }),
    wait: (checkId, signal) => waitForCheck(checkId, { signal }),
    listen: onCheckProgress,
    follow: followCheck,
    notify: refresh,
    minStageMs: MIN_STAGE_MS,
    watched: () => document.visibilityState === 'visible',
  });
  return runner;
}

const IDLE: CheckView = { phase: 'idle' };

export function useWalletCheck(): { view: CheckView; start: (target: CheckTarget) => void; stageDisplayed: (stage: number) => void } {
  const queryClient = useQueryClient();
  const checks = appRunner();
  const token = authToken(window.localStorage);
  const view = useSyncExternalStore(checks.subscribe, checks.getView);

  useEffect(() => {
    queryClientRef = queryClient;
  }, [queryClient]);

  useEffect(() => {
    if (owner !== token) {
      checks.reset();
      owner = token;
    }
  }, [checks, token]);

  // A check still running on the server (started before a reload, or elsewhere) is picked up.
  useEffect(() => {
    if (!token || checks.getView().phase === 'running') return;
    const controller = new AbortController();
    getRunningChecks(controller.signal).then(
      (running) => {
        const newest = running[0];
        if (controller.signal.aborted || !newest) return;
        owner = token;
        void checks.resume(newest);
      },
      // Nothing to pick up: the checker stays as it is (a refused session is handled by the client).
      () => undefined,
    );
    return () => controller.abort();
  }, [checks, token]);

  const start = useCallback(
    (target: CheckTarget) => {
      owner = token;
      void checks.start(target);
    },
    [checks, token],
  );

  return { view: owner === null || owner === token ? view : IDLE, start, stageDisplayed: checks.stageDisplayed };
}
