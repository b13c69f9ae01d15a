/** The PDF of a user's own stored check, rendered with its fields and sources (the web app's and the public API's report). */
import { walletAnalysisSchema, type WalletAnalysis } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { findCheck } from '@walletscreen/projections/checks/queries';
import { findCheckCase } from '../shared/check-case';
import { emailOfUser } from '@walletscreen/projections/customers/queries';
import { pdfFileName } from '../shared/check-command';
import { NotFound } from '@walletscreen/domain/errors';
import { renderAmlReportPdf, type PdfEvidence } from './render';

export { pdfFileName };

/** The user's own completed check from the read model; another user's, or one without a result, is not found. */
export async function storedCheckForPdf(readStore: ReadStore, userId: string, checkId: string): Promise<{ analysis: WalletAnalysis; evidence: PdfEvidence }> {
  const check = await findCheck(readStore, checkId);
  if (!check || check.user_id !== userId || !check.result) throw new NotFound('No such check');
  // Checks recorded before a field existed get its default (no missing evidence, no marks).
  const stored = walletAnalysisSchema.safeParse(check.result);
  const analysis = stored.success ? stored.data : check.result;
  const checkCase = await findCheckCase(readStore, check.id);
  const review = checkCase ? { case: checkCase, requestedBy: (await emailOfUser(readStore, check.user_id)) ?? '' } : undefined;
  return {
    analysis,
    evidence: { checkId: check.id, network: check.network, createdAt: check.created_at, sources: check.evidence_sources ?? [], ...(review ? { review } : {}) },
  };
}

export async function renderStoredCheckPdf(readStore: ReadStore, userId: string, checkId: string, now: Date): Promise<{ pdf: Buffer; fileName: string }> {
  const { analysis, evidence } = await storedCheckForPdf(readStore, userId, checkId);
  return { pdf: await renderAmlReportPdf(analysis, evidence, now), fileName: pdfFileName(analysis.wallet_address) };
}
