/**
 * What the analysis call and the check call answer, read into one shape: 200 with the analysis
 * fields plus `check_id` and `status: 'completed'`, or 202 with the progress of a running check
 * (`stage` completed so far). A socket progress message reads the same way. A failed check arrives
 * as a 502 problem (an ApiError) from the calls, or as `status: 'failed'` on the socket.
 */
import { checkProgressSchema, checkResultSchema, walletAnalysisSchema, type CheckProgress, type WalletAnalysis } from '@walletscreen/contracts';

export type CheckAnswer =
  | { status: 'completed'; checkId: string; analysis: WalletAnalysis }
  | { status: 'running'; checkId: string; stage: number; walletAddress: string; network: string }
  | { status: 'failed'; checkId: string; error: string };

export class UnexpectedAnswer extends Error {
  override readonly name = 'UnexpectedAnswer';
}

function analysisOf(value: unknown): WalletAnalysis {
  const parsed = walletAnalysisSchema.safeParse(value);
  if (!parsed.success) throw new UnexpectedAnswer('The analysis could not be read');
  return parsed.data;
}

/** The body of a 200 (the completed check's analysis) or a 202 (its progress), as the routes declare them. */
export const checkAnswerBodySchema = checkProgressSchema.or(checkResultSchema);
export type CheckAnswerBody = ReturnType<typeof checkAnswerBodySchema.parse>;

/** Reads the body of a 200 or 202 answer. */
export function answerFromBody(body: CheckAnswerBody): CheckAnswer {
  if ('stage' in body) return answerFromProgress(body);
  const { check_id: checkId, status: _completed, ...analysis } = body;
  return { status: 'completed', checkId, analysis };
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
