import { createStagePacer, MIN_STAGE_MS } from './stage-pacer';

beforeEach(() => {
  jest.useFakeTimers({ now: 0 });
});
afterEach(() => {
  jest.useRealTimers();
});

/** A pacer whose every shown stage is noted with the (fake) moment it was shown. */
function paced(options: { initial?: number; minMs?: number } = {}) {
  const shown: Array<{ stage: number; at: number }> = [];
  const pacer = createStagePacer({
    minMs: options.minMs ?? MIN_STAGE_MS,
    onShow: (stage) => shown.push({ stage, at: Date.now() }),
    ...(options.initial === undefined ? {} : { initial: options.initial }),
  });
  return { pacer, shown };
}

describe('the stage pacer', () => {
  it('shows stages reported at once one after another, each current for the minimum, in order', () => {
    const { pacer, shown } = paced();
    jest.advanceTimersByTime(5);
    for (let stage = 1; stage <= 7; stage++) pacer.report(stage);
    expect(shown).toEqual([]);
    jest.advanceTimersByTime(10_000);
    expect(shown).toEqual([1, 2, 3, 4, 5, 6, 7].map((stage) => ({ stage, at: stage * MIN_STAGE_MS })));
  });

  it('never shows a stage the server has not reported, however long it waits', () => {
    const { pacer, shown } = paced();
    pacer.report(2);
    jest.advanceTimersByTime(60_000);
    expect(shown.map((s) => s.stage)).toEqual([1, 2]);
    expect(pacer.shown()).toBe(2);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('shows a stage at once when the step has been current long enough, and holds back one that follows quickly', () => {
    const { pacer, shown } = paced();
    jest.advanceTimersByTime(1_000);
    pacer.report(1);
    expect(shown).toEqual([{ stage: 1, at: 1_000 }]);
    jest.advanceTimersByTime(50);
    pacer.report(2);
    expect(shown).toHaveLength(1);
    jest.advanceTimersByTime(MIN_STAGE_MS - 51);
    expect(shown).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(shown).toEqual([
      { stage: 1, at: 1_000 },
      { stage: 2, at: 1_000 + MIN_STAGE_MS },
    ]);
  });

  it('ignores a repeated or older report, and reads anything beyond 0 to 7 as its nearest end', () => {
    const { pacer, shown } = paced();
    pacer.report(3);
    pacer.report(3);
    pacer.report(1);
    pacer.report(Number.NaN);
    jest.advanceTimersByTime(10_000);
    expect(shown.map((s) => s.stage)).toEqual([1, 2, 3]);
    pacer.report(12);
    jest.advanceTimersByTime(10_000);
    expect(shown.map((s) => s.stage)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('resolves whenShown only after the last stage has had its moment', async () => {
    const { pacer } = paced();
    let done = false;
    void pacer.whenShown(7).then(() => (done = true));
    pacer.report(7);
    await jest.advanceTimersByTimeAsync(7 * MIN_STAGE_MS - 1);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    await expect(pacer.whenShown(3)).resolves.toBeUndefined();
  });

  it('starts at the stages already done when a running check is picked up again, without replaying them', () => {
    const { pacer, shown } = paced({ initial: 4 });
    expect(pacer.shown()).toBe(4);
    pacer.report(4);
    pacer.report(5);
    expect(shown).toEqual([]);
    jest.advanceTimersByTime(MIN_STAGE_MS);
    expect(shown).toEqual([{ stage: 5, at: MIN_STAGE_MS }]);
  });

  it('shows nothing more once stopped, and lets whoever waits go', async () => {
    const { pacer, shown } = paced();
    pacer.report(5);
    jest.advanceTimersByTime(MIN_STAGE_MS);
    const waiting = pacer.whenShown(7);
    pacer.stop();
    await expect(waiting).resolves.toBeUndefined();
    pacer.report(7);
    jest.advanceTimersByTime(10_000);
    expect(shown.map((s) => s.stage)).toEqual([1]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('counts a step’s moment from when the screen shows it, not from when it was handed over', () => {
    const { pacer, shown } = paced();
    pacer.report(3);
    jest.advanceTimersByTime(MIN_STAGE_MS);
    expect(shown.map((s) => s.stage)).toEqual([1]);
    // The browser was busy: step 2 reached the screen 80 ms late.
    jest.advanceTimersByTime(80);
    pacer.displayed(1);
    jest.advanceTimersByTime(MIN_STAGE_MS - 1);
    expect(shown.map((s) => s.stage)).toEqual([1]);
    jest.advanceTimersByTime(1);
    expect(shown).toEqual([
      { stage: 1, at: MIN_STAGE_MS },
      { stage: 2, at: 2 * MIN_STAGE_MS + 80 },
    ]);
    // A late word about a step no longer current changes nothing.
    pacer.displayed(1);
    jest.advanceTimersByTime(MIN_STAGE_MS);
    expect(shown.map((s) => s.stage)).toEqual([1, 2, 3]);
  });

  it('shows reported stages at once while nobody can see them (a hidden tab)', () => {
    let visible = false;
    const shown: number[] = [];
    const pacer = createStagePacer({ minMs: MIN_STAGE_MS, onShow: (stage) => shown.push(stage), watched: () => visible });
    pacer.report(3);
    expect(shown).toEqual([1, 2, 3]);
    visible = true;
    pacer.report(5);
    expect(shown).toEqual([1, 2, 3]);
    jest.advanceTimersByTime(MIN_STAGE_MS);
    expect(shown).toEqual([1, 2, 3, 4]);
  });

  it('with no minimum shows every reported stage at once, in order', () => {
    const { pacer, shown } = paced({ minMs: 0 });
    pacer.report(3);
    expect(shown.map((s) => s.stage)).toEqual([1, 2, 3]);
  });
});
