/**
 * The analysis pipeline: a worker that takes each `WalletCheckRequested` and runs the seven stages
 * in order, appending one `WalletCheckStageCompleted` per stage with the evidence it found, then
 * `WalletCheckCompleted` (or `WalletCheckFailed`). Every append carries the check stream's expected
 * revision and an id derived from the check and the stage, so a worker that restarts in the middle
 * of a check resumes after the last recorded stage and never records a stage twice.
 */
import { checkPipelineEventId } from '@walletscreen/domain/ids';
import {
  checkStreamId,
  evolveCheck,
  stageKeys,
  type CheckEvent,
  type CheckState,
  type StageKey,
  type WalletAnalysis,
  type WalletCheckRequested,
  type WalletCheckStageCompleted,
} from '@walletscreen/contracts';
import { WrongExpectedRevision, type EventStore, type Logger } from '@walletscreen/platform';

/** What a stage gets: the request and the evidence of the stages before it, by key. */
export interface StageContext {
  request: WalletCheckRequested;
  evidence: Partial<Record<StageKey, unknown>>;
  now: string;
  signal: AbortSignal;
}

export interface Stage {
  key: StageKey;
  run(context: StageContext): Promise<unknown>;
}

/** The report stage's evidence carries the analysis the check completes with. */
export interface ReportEvidence {
  result: WalletAnalysis;
}


export function createCheckPipeline(deps: { eventStore: EventStore; stages: readonly Stage[]; clock: () => Date; logger: Logger; stageTimeoutMs?: number }) {
  const keys = deps.stages.map((s) => s.key);
  if (keys.join() !== stageKeys.join()) throw new Error(`the pipeline needs the seven stages in order: ${stageKeys.join(', ')}`);

  async function load(checkId: string): Promise<{ state: CheckState; revision: number | 'no-stream' }> {
    const events = await deps.eventStore.readStream(checkStreamId(checkId));
    let state: CheckState = { status: 'none' };
    for (const e of events) state = evolveCheck(state, { type: e.type, data: e.data } as CheckEvent);
    return { state, revision: events.length === 0 ? 'no-stream' : events[events.length - 1]!.revision };
  }

  async function append(checkId: string, revision: number, type: CheckEvent['type'], data: unknown, what: string): Promise<number> {
    const result = await deps.eventStore.append(checkStreamId(checkId), [{ id: checkPipelineEventId(checkId, what), type, data, metadata: { worker: 'analysis-pipeline' } }], {
      expectedRevision: revision,
    });
    return result.nextExpectedRevision;
  }

  /** A stage that outlives its time fails the check (which refunds it), whatever the stage does with its signal. */
  function withinDeadline<T>(work: Promise<T>, signal: AbortSignal, key: string): Promise<T> {
    const ms = deps.stageTimeoutMs ?? 60_000;
    const late = () => new Error(`the "${key}" stage did not finish within ${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`}`);
    return new Promise<T>((resolve, reject) => {
      const expired = () => reject(late());
      if (signal.aborted) return expired();
      signal.addEventListener('abort', expired, { once: true });
      work.then(
        (value) => {
          signal.removeEventListener('abort', expired);
          if (signal.aborted) expired();
          else resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', expired);
          reject(signal.aborted ? late() : error);
        },
      );
    });
  }

  return {
    /** Runs (or resumes) the check; settles when it is completed or failed. */
    async run(checkId: string): Promise<void> {
      const loaded = await load(checkId);
      const state = loaded.state;
      if (state.status !== 'running') return;
      let revision = loaded.revision as number;
      const request = state.request;
      const evidence: Partial<Record<StageKey, unknown>> = {};
      for (const s of state.stages) evidence[s.key] = s.evidence;
      try {
        for (let i = state.stages.length; i < deps.stages.length; i++) {
          const stage = deps.stages[i]!;
          const signal = AbortSignal.timeout(deps.stageTimeoutMs ?? 60_000);
          const started = Date.now();
          const found = await withinDeadline(stage.run({ request, evidence, now: deps.clock().toISOString(), signal }), signal, stage.key);
          evidence[stage.key] = found;
          const data: WalletCheckStageCompleted = { checkId, stage: i + 1, key: stage.key, evidence: found, at: deps.clock().toISOString() };
          revision = await append(checkId, revision, 'WalletCheckStageCompleted', data, `stage-${i + 1}`);
          deps.logger.debug({ checkId, stage: stage.key, ms: Date.now() - started }, 'stage completed');
        }
        const report = evidence.report as ReportEvidence;
        await append(checkId, revision, 'WalletCheckCompleted', { checkId, userId: request.userId, result: report.result, at: deps.clock().toISOString() }, 'completed');
      } catch (error) {
        // Another worker recorded this stage first: carry on from what it recorded.
        if (error instanceof WrongExpectedRevision) return this.run(checkId);
        const reason = error instanceof Error ? error.message : String(error);
        deps.logger.error({ err: error, checkId }, 'check failed');
        // The failure is recorded on the revision we know; if another worker got further, its outcome stands.
        const latest = await load(checkId);
        if (latest.state.status !== 'running') return;
        await append(checkId, latest.revision as number, 'WalletCheckFailed', { checkId, userId: request.userId, reason: `The analysis could not be completed: ${reason}`, at: deps.clock().toISOString() }, 'failed');
      }
    },
  };
}
export type CheckPipeline = ReturnType<typeof createCheckPipeline>;
