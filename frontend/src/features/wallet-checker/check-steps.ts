/**
 * The steps of the "Running AML Analysis..." overlay. The server reports `stage`, the number of
 * stages completed (0 to 7); the steps before it are done and the one after it is current. Only
 * the dots after the current step's name move on a timer (stage-pacer.ts only holds back stages
 * the server reported, so each is seen).
 */
import { checkStages, NARRATIVE_STAGE_WITHOUT_AI } from '@walletscreen/contracts';

export type StepState = 'done' | 'current' | 'pending';

export interface CheckStep {
  /** 1 to 7. */
  number: number;
  label: (typeof checkStages)[number] | typeof NARRATIVE_STAGE_WITHOUT_AI;
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

/** The seven steps for `stage` completed stages; step 6 claims AI only when a language model writes the narrative. */
export function checkSteps(stage: number, aiNarrative = false): CheckStep[] {
  const done = clampStage(stage);
  return checkStages.map((label, index) => ({
    number: index + 1,
    label: label === 'interpreting with AI' && !aiNarrative ? NARRATIVE_STAGE_WITHOUT_AI : label,
    state: index < done ? 'done' : index === done ? 'current' : 'pending',
  }));
}

/** The step in progress, or null once all seven are done (the result is being delivered). */
export function currentStep(stage: number, aiNarrative = false): CheckStep | null {
  return checkSteps(stage, aiNarrative).find((step) => step.state === 'current') ?? null;
}

/** The dots after the current step on animation tick `tick`: ".", "..", "...", then again. */
export function dotsFor(tick: number): string {
  return '.'.repeat((Math.abs(Math.floor(tick)) % 3) + 1);
}
