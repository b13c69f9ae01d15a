import { checkStages } from '@walletscreen/contracts';
import { checkSteps, clampStage, currentStep, dotsFor } from './check-steps';

const states = (stage: number) => checkSteps(stage).map((step) => step.state);

describe('the overlay steps', () => {
  it('are the seven stages in order, step 6 claiming AI only when a language model writes the narrative', () => {
    expect(checkSteps(0, true).map((step) => step.label)).toEqual([...checkStages]);
    expect(checkSteps(0).map((step) => step.label)).toEqual(checkStages.map((s) => (s === 'interpreting with AI' ? 'writing the narrative' : s)));
    expect(checkSteps(0).map((step) => step.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('before any stage completes: the first step is current, the rest wait', () => {
    expect(states(0)).toEqual(['current', 'pending', 'pending', 'pending', 'pending', 'pending', 'pending']);
    expect(currentStep(0)?.label).toBe('initializing AML model');
  });

  it('after stage n: steps 1..n are done and step n+1 is current', () => {
    expect(states(3)).toEqual(['done', 'done', 'done', 'current', 'pending', 'pending', 'pending']);
    expect(currentStep(3)?.label).toBe('scanning intelligence feeds');
    expect(currentStep(6)?.label).toBe('finalizing AML report');
  });

  it('after all seven stages: every step is done and none is current', () => {
    expect(states(7)).toEqual(Array(7).fill('done'));
    expect(currentStep(7)).toBeNull();
  });

  it('reads out-of-range or unreadable stages safely', () => {
    expect(clampStage(-2)).toBe(0);
    expect(clampStage(12)).toBe(7);
    expect(clampStage(Number.NaN)).toBe(0);
    expect(clampStage(2.7)).toBe(2);
  });
});

describe('the dots after the current step', () => {
  it('cycle ".", "..", "..." on each tick', () => {
    expect([0, 1, 2, 3, 4].map(dotsFor)).toEqual(['.', '..', '...', '.', '..']);
  });
});
