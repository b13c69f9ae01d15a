import { act, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { CheckProgressOverlay } from './check-progress-overlay';
import type { RunningView } from '../check-runner';

const ADDRESS = '0x8f3A21c6B7e94D05a1Cc92E4f7b60D3e5A9c41B2';
const running = (stage: number): RunningView => ({
  phase: 'running',
  target: { request: { wallet_address: ADDRESS, network: 'base' }, address: ADDRESS, network: 'base' },
  checkId: 'c-1',
  stage,
});

function renderOverlay(view: RunningView | null) {
  return render(
    <MantineProvider env="test">
      <CheckProgressOverlay running={view} />
    </MantineProvider>,
  );
}

describe('the analysis overlay', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is a dialog titled "Running AML Analysis..." listing the seven steps', () => {
    renderOverlay(running(0));
    const dialog = screen.getByRole('dialog', { name: 'Running AML Analysis...' });
    expect(screen.getByTestId('check-progress').contains(dialog) || dialog.contains(screen.getByTestId('check-progress'))).toBe(true);
    const steps = within(dialog).getAllByTestId('check-step');
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual(['current', 'pending', 'pending', 'pending', 'pending', 'pending', 'pending']);
    within(dialog).getByText('0x8f3A...41B2');
    within(dialog).getByText(/on Base/);
  });

  it('checks the completed stages and marks the next one current', () => {
    renderOverlay(running(2));
    const steps = screen.getAllByTestId('check-step');
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual(['done', 'done', 'current', 'pending', 'pending', 'pending', 'pending']);
    expect(steps[2]!.getAttribute('aria-current')).toBe('step');
    expect(steps[2]!.textContent).toContain('running sanctions screening');
    expect(screen.getByRole('status').textContent).toBe('Step 3 of 7: running sanctions screening');
  });

  it('animates the dots of the current step every 0.4 s, and nothing else moves', () => {
    renderOverlay(running(1));
    const dots = () => screen.getByTestId('check-step-dots').textContent;
    expect(dots()).toBe('.');
    act(() => jest.advanceTimersByTime(400));
    expect(dots()).toBe('..');
    act(() => jest.advanceTimersByTime(400));
    expect(dots()).toBe('...');
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getAllByTestId('check-step').map((s) => s.getAttribute('data-state'))[1]).toBe('current');
  });

  it('closes with every step checked when the check completed, and as it was when it failed', () => {
    // Transitions on (no env="test"): the content stays mounted while the modal fades out.
    const states = () => screen.getAllByTestId('check-step').map((s) => s.getAttribute('data-state'));
    const view = running(4);
    const { rerender } = render(
      <MantineProvider>
        <CheckProgressOverlay running={view} />
      </MantineProvider>,
    );
    expect(states()).toEqual(['done', 'done', 'done', 'done', 'current', 'pending', 'pending']);
    rerender(
      <MantineProvider>
        <CheckProgressOverlay running={null} completed />
      </MantineProvider>,
    );
    expect(states()).toEqual(Array(7).fill('done'));

    rerender(
      <MantineProvider>
        <CheckProgressOverlay running={running(2)} />
      </MantineProvider>,
    );
    rerender(
      <MantineProvider>
        <CheckProgressOverlay running={null} />
      </MantineProvider>,
    );
    expect(states()).toEqual(['done', 'done', 'current', 'pending', 'pending', 'pending', 'pending']);
  });

  it('is closed when no check runs', () => {
    renderOverlay(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
