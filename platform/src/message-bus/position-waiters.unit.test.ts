import { positionWaiters } from './position-waiters';

describe('positionWaiters', () => {
  afterEach(() => jest.useRealTimers());

  it('resolves at once when already there, and each waiter once its position is reached', async () => {
    const waiters = positionWaiters((p, ms) => new Error(`not at ${p} after ${ms} ms`));
    await expect(waiters.wait(3, 5, 100)).resolves.toBeUndefined();
    const settled: number[] = [];
    const at7 = waiters.wait(7, 5, 1_000).then(() => settled.push(7));
    const at9 = waiters.wait(9, 5, 1_000).then(() => settled.push(9));
    waiters.reached(8);
    await at7;
    expect(settled).toEqual([7]);
    expect(waiters.size).toBe(1);
    waiters.reached(9);
    await at9;
    expect(settled).toEqual([7, 9]);
    expect(waiters.size).toBe(0);
  });

  it('rejects with its own error after the timeout, and ends the rest on demand', async () => {
    jest.useFakeTimers();
    const waiters = positionWaiters((p, ms) => new Error(`not at ${p} after ${ms} ms`));
    const late = waiters.wait(4, 0, 50);
    jest.advanceTimersByTime(50);
    await expect(late).rejects.toThrow('not at 4 after 50 ms');
    expect(waiters.size).toBe(0);
    const stopped = waiters.wait(5, 0, 1_000);
    const released = waiters.wait(6, 0, 1_000);
    waiters.endAll(new Error('stopped'));
    await expect(stopped).rejects.toThrow('stopped');
    await expect(released).rejects.toThrow('stopped');
    const freed = waiters.wait(6, 0, 1_000);
    waiters.endAll();
    await expect(freed).resolves.toBeUndefined();
  });
});
