/**
 * What the analysis call and the check call answer, read into one shape: 200 with the analysis
 * fields plus `check_id` and `status: 'completed'`, or 202 with the progress of a running check
 * (`stage` completed so far). A socket progress message reads the same way. A failed check arrives
 * as a 502 problem (an ApiError) from the calls, or as `status: 'failed'` on the socket.
 */
import { walletAnalysisSchema, type CheckProgress, type WalletAnalysis } from '@walletscreen/contracts';

export type CheckAnswer =
  | { status: 'completed'; checkId: string; analysis: WalletAnalysis }
  | { status: 'running'; checkId: string; stage: number; walletAddress: string; network: string }
  | { status: 'failed'; checkId: string; error: string };

export class UnexpectedAnswer extends Error {
  override readonly name = 'UnexpectedAnswer';
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function analysisOf(value: unknown): WalletAnalysis {
  const parsed = walletAnalysisSchema.safeParse(value);
  if (!parsed.success) throw new UnexpectedAnswer('The analysis could not be read');
  return parsed.data;
}

/** Reads the body of a 200 or 202 answer. */
export function answerFromBody(body: unknown): CheckAnswer {
  const b = record(body);
  const checkId = typeof b.check_id === 'string' ? b.check_id : '';
  if (b.status === 'running') {
    return {
      status: 'running',
      checkId,
      stage: typeof b.stage === 'number' ? b.stage : 0,
      walletAddress: typeof b.wallet_address === 'string' ? b.wallet_address : '',
      network: typeof b.network === 'string' ? b.network : '',
    };
  }
  if (b.status === 'completed' || b.status === undefined) return { status: 'completed', checkId, analysis: analysisOf(body) };
  throw new UnexpectedAnswer(`Unexpected check status ${String(b.status)}`);
}

/** Reads a socket progress message (or a subscribe acknowledgement). */
export function answerFromProgress(progress: CheckProgress): CheckAnswer {
  switch (progress.status) {
    case 'completed':
      if (progress.result) return { status: 'completed', checkId: progress.check_id, analysis: analysisOf(progress.result) };
      return { status: 'running', checkId: progress.check_id, stage: progress.stage, walletAddress: progress.wallet_address, network: progress.network };
    case 'failed':
      return { status: 'failed', checkId: progress.check_id, error: progress.error ?? '' };
    case 'running':
      return { status: 'running', checkId: progress.check_id, stage: progress.stage, walletAddress: progress.wallet_address, network: progress.network };
    default: {
      const _exhaustive: never = progress.status;
      return _exhaustive;
    }
  }
}
