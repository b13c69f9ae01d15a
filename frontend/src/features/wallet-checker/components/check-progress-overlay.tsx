import { useEffect, useState } from 'react';
import { Box, Loader, Modal, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { networkNames, shortenAddress } from '@walletscreen/contracts';
import { checkSteps, clampStage, currentStep, DOTS_INTERVAL_MS, dotsFor, STEP_COUNT, type StepState } from '../check-steps';
import type { RunningView } from '../check-runner';
import classes from './check-progress-overlay.module.css';

export const OVERLAY_TITLE = 'Running AML Analysis...';

const stateText: Record<StepState, string> = {
  done: 'completed',
  current: 'in progress',
  pending: 'waiting',
};

/** The dots after the current step: the overlay's only timer; still ("...") for users who ask for reduced motion. */
function useAnimatedDots(active: boolean): string {
  const reduceMotion = useReducedMotion();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active || reduceMotion) return;
    const timer = window.setInterval(() => setTick((n) => n + 1), DOTS_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [active, reduceMotion]);
  return reduceMotion ? '...' : dotsFor(tick);
}

function StepMarker({ state }: { state: StepState }) {
  switch (state) {
    case 'done':
      return <IconCircleCheckFilled size={20} aria-hidden="true" />;
    case 'current':
      return <Loader size={16} aria-hidden="true" />;
    case 'pending':
      return <IconCircle size={18} stroke={1.6} aria-hidden="true" />;
    default: {
      const _exhaustive: never = state;
      return _exhaustive;
    }
  }
}

/**
 * "Running AML Analysis...": the seven steps in order while a check runs. Steps before the
 * server's stage are checked, the next one is current; a screen reader hears each new step.
 * `completed`: the check has ended with its result, so the overlay closes with every step checked
 * (the result can arrive before the last stages' progress messages). `onStageDisplayed` hears,
 * after each render, how many stages the steps show done (the pacing counts each step's moment
 * from then). `aiNarrative`: a language model writes the narrative (step 6 says "interpreting with AI" only then).
 */
export function CheckProgressOverlay({
  running,
  completed = false,
  onStageDisplayed,
  aiNarrative = false,
}: {
  running: RunningView | null;
  completed?: boolean;
  onStageDisplayed?: (stage: number) => void;
  aiNarrative?: boolean;
}) {
  // The last running check stays on screen while the modal closes.
  const [shown, setShown] = useState<RunningView | null>(running);
  if (running !== null && running !== shown) setShown(running);
  const opened = running !== null;
  const dots = useAnimatedDots(opened);
  const stage = !opened && completed ? STEP_COUNT : clampStage(shown?.stage ?? 0);
  const steps = checkSteps(stage, aiNarrative);
  const current = currentStep(stage, aiNarrative);
  useEffect(() => {
    if (opened) onStageDisplayed?.(stage);
  }, [opened, stage, onStageDisplayed]);
  const announcement = current ? `Step ${current.number} of ${STEP_COUNT}: ${current.label}` : 'Finalizing the result';

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      title={OVERLAY_TITLE}
      centered
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      size="md"
      data-testid="check-progress"
    >
      <Stack gap="md">
        {shown ? (
          <Text size="sm" c="dimmed">
            Screening{' '}
            <Text span className="ws-mono" c="var(--mantine-color-text)" title={shown.target.request.wallet_address}>
              {shortenAddress(shown.target.address)}
            </Text>{' '}
            on {networkNames[shown.target.network]}
          </Text>
        ) : null}
        <Progress.Root size="sm" radius="xl">
          <Progress.Section value={(stage / STEP_COUNT) * 100} aria-label="Analysis progress" aria-valuetext={`${stage} of ${STEP_COUNT} steps completed`} />
        </Progress.Root>
        <Box component="ol" className={classes.steps} aria-label="Analysis steps">
          {steps.map((step) => (
            <li
              key={step.number}
              className={classes.step}
              data-state={step.state}
              data-testid="check-step"
              aria-current={step.state === 'current' ? 'step' : undefined}
            >
              <span className={classes.marker}>
                <StepMarker state={step.state} />
              </span>
              <span>
                <span className={classes.label}>{step.label}</span>
                {step.state === 'current' ? (
                  <span className={classes.dots} aria-hidden="true" data-testid="check-step-dots">
                    {dots}
                  </span>
                ) : null}
                <VisuallyHidden> ({stateText[step.state]})</VisuallyHidden>
              </span>
            </li>
          ))}
        </Box>
        <VisuallyHidden role="status" aria-live="polite">
          {opened ? announcement : ''}
        </VisuallyHidden>
      </Stack>
    </Modal>
  );
}
