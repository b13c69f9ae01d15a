import type { CheckProgress, WalletAnalysis } from '@walletscreen/contracts';
import { walletAnalysisSchema } from '@walletscreen/contracts';
import { ApiError } from '../../lib/api-client';
import type { CheckAnswer } from './api/check-answer';
import {
  CHECK_FAILED_MESSAGE,
  createCheckRunner,
  describeFailure,
  type CheckNotice,
  type CheckRunnerDeps,
  type CheckTarget,
  type CheckView,
} from './check-runner';

const ADDRESS = '0x8f3A21c6B7e94D05a1Cc92E4f7b60D3e5A9c41B2';
const TARGET: CheckTarget = { request: { wallet_address: ADDRESS, network: 'ethereum' }, address: ADDRESS, network: 'ethereum' };
const ANALYSIS: WalletAnalysis = walletAnalysisSchema.parse({ wallet_address: ADDRESS, risk_score: 71, risk_level: 'High Risk', aml_report: '1. Overview' });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const progress = (stage: number, extra: Partial<CheckProgress> = {}): CheckProgress => ({
  check_id: 'c-1',
  status: 'running',
  wallet_address: ADDRESS,
  network: 'ethereum',
  idempotency_key: 'key-1',
  stage,
  ...extra,
});

/** A server the runner talks to: the analysis call and long polls answer when the test says so. */
function world() {
  const start = deferred<CheckAnswer>();
  const polls: { checkId: string; answer: ReturnType<typeof deferred<CheckAnswer>>; signal: AbortSignal }[] = [];
  const socket = new Set<(p: CheckProgress) => void>();
  const followed: string[] = [];
  const notices: CheckNotice[] = [];
  const noticed: CheckView[] = [];
  const keys: string[] = [];
  let made = 0;
  const deps: CheckRunnerDeps = {
    newKey: () => `key-${++made}`,
    start: (_request, key) => {
      keys.push(key);
      return start.promise;
    },
    wait: (checkId, signal) => {
      const answer = deferred<CheckAnswer>();
      polls.push({ checkId, answer, signal });
      return answer.promise;
    },
    listen: (listener) => {
      socket.add(listener);
      return () => socket.delete(listener);
    },
    follow: (checkId, listener) => {
      followed.push(checkId);
      socket.add(listener);
      return () => socket.delete(listener);
    },
    notify: (notice, view) => {
      notices.push(notice);
      noticed.push(view);
    },
  };
  const runner = createCheckRunner(deps);
  const emit = (p: CheckProgress) => [...socket].forEach((listener) => listener(p));
  return { runner, deps, start, polls, emit, followed, notices, noticed, socket, keys };
}

describe('stages that arrive together', () => {
  afterEach(() => jest.useRealTimers());

  it('are shown one by one, each current for the minimum, and the result only after the last one', async () => {
    jest.useFakeTimers({ now: 0 });
    const w = world();
    const runner = createCheckRunner({ ...w.deps, minStageMs: 200 });
    const stages: number[] = [];
    runner.subscribe(() => {
      const view = runner.getView();
      if (view.phase === 'running' && stages.at(-1) !== view.stage) stages.push(view.stage);
    });
    const done = runner.start(TARGET);
    await jest.advanceTimersByTimeAsync(1_000);
    // Stage 1 took a while: shown at once. Then the rest arrive within a few milliseconds, with the result.
    w.emit(progress(1, { check_id: 'c-1' }));
    expect(runner.getView()).toMatchObject({ phase: 'running', stage: 1 });
    for (let stage = 2; stage <= 7; stage++) w.emit(progress(stage, { check_id: 'c-1' }));
    w.start.resolve({ status: 'completed', checkId: 'c-1', analysis: ANALYSIS });
    await jest.advanceTimersByTimeAsync(199);
    expect(runner.getView()).toMatchObject({ phase: 'running', stage: 1 });
    await jest.advanceTimersByTimeAsync(1);
    expect(runner.getView()).toMatchObject({ phase: 'running', stage: 2 });
    await jest.advanceTimersByTimeAsync(4 * 200);
    expect(runner.getView()).toMatchObject({ phase: 'running', stage: 6 });
    await jest.advanceTimersByTimeAsync(199);
    expect(runner.getView()).toMatchObject({ phase: 'running', stage: 6 });
    await jest.advanceTimersByTimeAsync(1);
    await done;
    expect(stages).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(runner.getView()).toMatchObject({ phase: 'completed', analysis: ANALYSIS });
  });

  it('a reset while the last steps are shown drops the check', async () => {
    jest.useFakeTimers({ now: 0 });
    const w = world();
    const runner = createCheckRunner({ ...w.deps, minStageMs: 200 });
    const done = runner.start(TARGET);
    w.start.resolve({ status: 'completed', checkId: 'c-1', analysis: ANALYSIS });
    await jest.advanceTimersByTimeAsync(300);
    expect(runner.getView()).toMatchObject({ phase: 'running', stage: 1 });
    runner.reset();
    await done;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(runner.getView()).toEqual({ phase: 'idle' });
    expect(w.socket.size).toBe(0);
  });
});

describe('a check already running (a reload, another tab)', () => {
  it('is followed from the stages the server says are done, to its result, without a new charge', async () => {
    const w = world();
    const done = w.runner.resume(progress(3));
    expect(w.runner.getView()).toEqual({
      phase: 'running',
      target: { request: { wallet_address: ADDRESS, network: 'ethereum' }, address: ADDRESS, network: 'ethereum' },
      checkId: 'c-1',
      stage: 3,
    });
    // Nothing is started again: the check is followed on the socket and long-polled.
    expect(w.keys).toEqual([]);
    expect(w.followed).toEqual(['c-1']);
    await flush();
    expect(w.polls.map((p) => p.checkId)).toEqual(['c-1']);
    // Its messages carry no key of this tab: they are matched by the check id.
    w.emit(progress(4, { idempotency_key: 'key-of-the-tab-that-started-it' }));
    expect(w.runner.getView()).toMatchObject({ phase: 'running', stage: 4 });
    w.emit(progress(7, { status: 'completed', result: ANALYSIS }));
    await done;
    expect(w.runner.getView()).toMatchObject({ phase: 'completed', checkId: 'c-1', analysis: ANALYSIS });
    expect(w.notices).toEqual(['completed']);
    // The completed check comes with its notice: the app puts it into History at once.
    expect(w.noticed[0]).toMatchObject({ phase: 'completed', checkId: 'c-1', analysis: ANALYSIS });
  });

  it('shows the failure when the check it follows fails', async () => {
    const w = world();
    const done = w.runner.resume(progress(2));
    w.emit(progress(2, { status: 'failed', error: 'provider timeout' }));
    await done;
    expect(w.runner.getView()).toMatchObject({ phase: 'failed', failure: { kind: 'failed', message: CHECK_FAILED_MESSAGE } });
  });

  it('is ignored while a check runs here, for the check whose result is shown, and for a check no longer running', async () => {
    const w = world();
    const done = w.runner.start(TARGET);
    await w.runner.resume(progress(5, { check_id: 'c-9' }));
    expect(w.runner.getView()).toMatchObject({ phase: 'running', checkId: null, stage: 0 });
    w.start.resolve({ status: 'completed', checkId: 'c-1', analysis: ANALYSIS });
    await done;
    await w.runner.resume(progress(6));
    await w.runner.resume(progress(7, { check_id: 'c-2', status: 'completed', result: ANALYSIS }));
    expect(w.runner.getView()).toMatchObject({ phase: 'completed', checkId: 'c-1' });
    expect(w.followed).toEqual(['c-1']);
  });
});

describe('a check answered at once', () => {
  it('shows the overlay from step 1, then the result, and refreshes balance and history', async () => {
    const w = world();
    const done = w.runner.start(TARGET);
    expect(w.runner.getView()).toEqual({ phase: 'running', target: TARGET, checkId: null, stage: 0 });

    w.start.resolve({ status: 'completed', checkId: 'c-1', analysis: ANALYSIS });
    await done;

    expect(w.runner.getView()).toEqual({ phase: 'completed', target: TARGET, checkId: 'c-1', analysis: ANALYSIS });
    expect(w.notices).toEqual(['charged', 'completed']);
    expect(w.socket.size).toBe(0);
  });
});

describe('a check that outlasts the server wait', () => {
  it('moves the steps only on the server stage events and finishes on the socket', async () => {
    const w = world();
    const done = w.runner.start(TARGET);
    // Before the check id is known, messages carrying this check's Idempotency-Key move the steps.
    expect(w.keys).toEqual(['key-1']);
    w.emit(progress(1, { check_id: 'c-1' }));
    expect(w.runner.getView()).toMatchObject({ phase: 'running', stage: 1 });
    // The check exists, so it has been charged: the balance is fetched again now, once.
    expect(w.notices).toEqual(['charged']);
    // Another check of the same address and network (another tab), or a message without a key, does not.
    w.emit(progress(4, { check_id: 'c-2', idempotency_key: 'key-of-another-tab' }));
    w.emit(progress(5, { check_id: 'c-3', idempotency_key: undefined }));
    expect(w.runner.getView()).toMatchObject({ stage: 1 });

    w.start.resolve({ status: 'running', checkId: 'c-1', stage: 2, walletAddress: ADDRESS, network: 'ethereum' });
    await flush();
    expect(w.runner.getView()).toMatchObject({ phase: 'running', checkId: 'c-1', stage: 2 });
    expect(w.followed).toEqual(['c-1']);
    expect(w.polls.map((p) => p.checkId)).toEqual(['c-1']);

    w.emit(progress(5));
    expect(w.runner.getView()).toMatchObject({ stage: 5 });
    // Another check's progress and an older stage arriving late change nothing.
    w.emit(progress(7, { check_id: 'c-other' }));
    w.emit(progress(3));
    expect(w.runner.getView()).toMatchObject({ stage: 5 });

    w.emit(progress(7, { status: 'completed', result: ANALYSIS }));
    await done;
    expect(w.runner.getView()).toMatchObject({ phase: 'completed', checkId: 'c-1', analysis: ANALYSIS });
    // The long poll still open is ended.
    expect(w.polls[0]!.signal.aborted).toBe(true);
    expect(w.notices).toEqual(['charged', 'completed']);
  });

  it('is not moved by a late message of the previous check of the same address', async () => {
    const w = world();
    const first = w.runner.start(TARGET);
    w.start.resolve({ status: 'completed', checkId: 'c-1', analysis: ANALYSIS });
    await first;
    // The user checks the same address again; its analysis call has not answered yet.
    const second = createCheckRunner({ ...w.deps, newKey: () => 'key-2', start: () => new Promise<CheckAnswer>(() => undefined) });
    void second.start(TARGET);
    w.emit(progress(6, { check_id: 'c-1', idempotency_key: 'key-1' }));
    expect(second.getView()).toMatchObject({ phase: 'running', checkId: null, stage: 0 });
    w.emit(progress(2, { check_id: 'c-2', idempotency_key: 'key-2' }));
    expect(second.getView()).toMatchObject({ phase: 'running', checkId: null, stage: 2 });
  });

  it('finishes on the long poll when the socket stays silent, polling again while it runs', async () => {
    const w = world();
    const done = w.runner.start(TARGET);
    w.start.resolve({ status: 'running', checkId: 'c-1', stage: 1, walletAddress: ADDRESS, network: 'ethereum' });
    await flush();
    w.polls[0]!.answer.resolve({ status: 'running', checkId: 'c-1', stage: 4, walletAddress: ADDRESS, network: 'ethereum' });
    await flush();
    expect(w.runner.getView()).toMatchObject({ stage: 4 });
    expect(w.polls).toHaveLength(2);

    w.polls[1]!.answer.resolve({ status: 'completed', checkId: 'c-1', analysis: ANALYSIS });
    await done;
    expect(w.runner.getView()).toMatchObject({ phase: 'completed', analysis: ANALYSIS });
  });

  it('shows the failure message when the check fails on the socket', async () => {
    const w = world();
    const done = w.runner.start(TARGET);
    w.start.resolve({ status: 'running', checkId: 'c-1', stage: 0, walletAddress: ADDRESS, network: 'ethereum' });
    await flush();
    w.emit(progress(3, { status: 'failed', error: 'provider timeout' }));
    await done;
    expect(w.runner.getView()).toEqual({ phase: 'failed', target: TARGET, failure: { kind: 'failed', message: CHECK_FAILED_MESSAGE } });
    expect(w.notices).toEqual(['charged', 'failed']);
  });
});

describe('a check refused or failed by the server', () => {
  it('shows the server reason for an invalid address', async () => {
    const w = world();
    const done = w.runner.start(TARGET);
    w.start.reject(new ApiError(400, 'Invalid request', null, { wallet_address: 'The address checksum does not match: check it for a typo' }));
    await done;
    expect(w.runner.getView()).toMatchObject({
      phase: 'failed',
      failure: { kind: 'invalid', message: 'The address checksum does not match: check it for a typo' },
    });
  });

  it('offers a top-up when premium checks have run out', async () => {
    const w = world();
    const done = w.runner.start(TARGET);
    w.start.reject(new ApiError(401, 'No premium checks left', { error: 'No premium checks left', require_premium: true }));
    await done;
    expect(w.runner.getView()).toMatchObject({ phase: 'failed', failure: { kind: 'premium', message: 'No premium checks left' } });
  });

  it('says "Failed to fetch wallet analysis. Please try again." when the analysis failed', async () => {
    const w = world();
    const done = w.runner.start(TARGET);
    w.start.reject(new ApiError(502, 'The analysis could not be completed', { check_id: 'c-1', refunded: true }));
    await done;
    expect(w.runner.getView()).toMatchObject({ phase: 'failed', failure: { kind: 'failed', message: CHECK_FAILED_MESSAGE } });
  });
});

describe('the runner', () => {
  it('ignores Check while a check runs, and gives the next check a new key', async () => {
    const w = world();
    const first = w.runner.start(TARGET);
    await w.runner.start(TARGET);
    expect(w.keys).toEqual(['key-1']);
    w.start.resolve({ status: 'completed', checkId: 'c-1', analysis: ANALYSIS });
    await first;
    await w.runner.start(TARGET);
    expect(w.keys).toEqual(['key-1', 'key-2']);
  });

  it('forgets a check after reset (another sign-in)', async () => {
    const w = world();
    const done = w.runner.start(TARGET);
    w.runner.reset();
    w.start.resolve({ status: 'completed', checkId: 'c-1', analysis: ANALYSIS });
    await done;
    expect(w.runner.getView()).toEqual({ phase: 'idle' });
  });

  it('tells subscribers about every change', async () => {
    const w = world();
    const seen: string[] = [];
    w.runner.subscribe(() => seen.push(w.runner.getView().phase));
    const done = w.runner.start(TARGET);
    w.start.resolve({ status: 'completed', checkId: 'c-1', analysis: ANALYSIS });
    await done;
    // Step 1 current, then every step checked (a completed check has done them all), then the result.
    expect(seen).toEqual([...Array(8).fill('running'), 'completed']);
  });
});

describe('failure messages', () => {
  it('anything unexpected reads as the generic failure', () => {
    expect(describeFailure(new TypeError('x'))).toEqual({ kind: 'failed', message: CHECK_FAILED_MESSAGE });
    expect(describeFailure(new ApiError(0, 'offline'))).toEqual({ kind: 'failed', message: CHECK_FAILED_MESSAGE });
    expect(describeFailure(new ApiError(401, 'Authentication required'))).toEqual({ kind: 'failed', message: CHECK_FAILED_MESSAGE });
  });
});
