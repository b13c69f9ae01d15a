/**
 * The steps of the "Running AML Analysis..." overlay. The server reports `stage`, the number of
 * stages completed (0 to 7); the steps before it are done and the one after it is current. Only
 * the dots after the current step's name move on a timer (stage-pacer.ts only holds back stages
 * the server reported, so each is seen).
 */
import { checkStages } from '@walletscreen/contracts';

export type StepState = 'done' | 'current' | 'pending';

export interface CheckStep {
  /** 1 to 7. */
  number: number;
  label: (typeof checkStages)[number];
  state: StepState;
}

export const STEP_COUNT = checkStages.length;
/** The dots suffix of the current step moves every 0.4 seconds (spec §9). */
export const DOTS_INTERVAL_MS = 400;

/** A reported stage as a whole number from 0 to 7; anything unreadable is 0. */
export function clampStage(stage: number): number {
  if (!Number.isFinite(stage)) return 0;
  return Math.min(STEP_COUNT, Math.max(0, Math.floor(stage)));
}

/** The seven steps for `stage` completed stages. */
export function checkSteps(stage: number): CheckStep[] {
  const done = clampStage(stage);
  return checkStages.map((label, index) => ({
    number: index + 1,
    label,
    state: index < done ? 'done' : index === done ? 'current' : 'pending',
  }));
}

/** The step in progress, or null once all seven are done (the result is being delivered). */
export function currentStep(stage: number): CheckStep | null {
  return checkSteps(stage).find((step) => step.state === 'current') ?? null;
}

/** The dots after the current step on animation tick `tick`: ".", "..", "...", then again. */
export function dotsFor(tick: number): string {
  return '.'.repeat((Math.abs(Math.floor(tick)) % 3) + 1);
}
