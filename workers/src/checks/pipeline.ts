/**
 * The analysis pipeline: a worker that takes each `WalletCheckRequested` and runs the seven stages
 * in order, appending one `WalletCheckStageCompleted` per stage with the evidence it found, then
 * `WalletCheckCompleted` (or `WalletCheckFailed`). Every append carries the check stream's expected
 * revision and an id derived from the check and the stage, so a worker that restarts in the middle
 * of a check resumes after the last recorded stage and never records a stage twice.
 */
import { stageKeys, type StageKey, type WalletAnalysis } from '@walletscreen/contracts';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { checkDecider, type CheckCommand } from '@walletscreen/domain/check/decide';
import { checkStreamId, type WalletCheckRequested } from '@walletscreen/domain/check/events';
import { checkPipelineEventId } from '@walletscreen/domain/ids';
import type { EventStore, Logger } from '@walletscreen/platform';

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

  // A check's state holds its stages' evidence: only the checks running now are worth keeping.
  const handler = new CommandHandler(deps.eventStore, checkDecider, 128);
  const now = () => deps.clock().toISOString();

  /**
   * Decides a command on the check's stream with the pipeline's event id for it (`what`: the stage,
   * `completed` or `failed`); false when nothing was recorded (another worker recorded it first,
   * or the check is settled already).
   */
  async function record(checkId: string, command: CheckCommand, what: string): Promise<boolean> {
    const { events } = await handler.execute(checkStreamId(checkId), command, {
      commandId: what,
      eventId: () => checkPipelineEventId(checkId, what),
      metadata: { worker: 'analysis-pipeline' },
      // The worker's own check: decided on the state it last saw; another worker's event in between fails the append.
      decideOnCached: true,
    });
    return events.length > 0;
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
          reject(signal.aborted ? late() : error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  return {
    /** Runs (or resumes) the check; settles when it is completed or failed. */
    async run(checkId: string): Promise<void> {
      const { state } = await handler.load(checkStreamId(checkId));
      if (state.status !== 'running') return;
      const request = state.request;
      const evidence: Partial<Record<StageKey, unknown>> = {};
      for (const s of state.stages) evidence[s.key] = s.evidence;
      try {
        for (let i = state.stages.length; i < deps.stages.length; i++) {
          const stage = deps.stages[i]!;
          const signal = AbortSignal.timeout(deps.stageTimeoutMs ?? 60_000);
          const started = Date.now();
          const found = await withinDeadline(stage.run({ request, evidence, now: now(), signal }), signal, stage.key);
          evidence[stage.key] = found;
          const recorded = await record(
            checkId,
            { type: 'RecordStage', data: { checkId, stage: i + 1, key: stage.key, evidence: found }, metadata: { now: now() } },
            `stage-${i + 1}`,
          );
          // Another worker recorded this stage first: carry on from what it recorded.
          if (!recorded) return await this.run(checkId);
          deps.logger.debug({ checkId, stage: stage.key, ms: Date.now() - started }, 'stage completed');
        }
        const report = evidence.report as ReportEvidence;
        await record(checkId, { type: 'CompleteCheck', data: { checkId, result: report.result }, metadata: { now: now() } }, 'completed');
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        deps.logger.error({ err: error, checkId }, 'check failed');
        // Recorded only while the check runs: if another worker got further, its outcome stands.
        await record(
          checkId,
          { type: 'FailCheck', data: { checkId, reason: `The analysis could not be completed: ${reason}` }, metadata: { now: now() } },
          'failed',
        );
      }
    },
  };
}
export type CheckPipeline = ReturnType<typeof createCheckPipeline>;
