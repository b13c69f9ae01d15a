import { PDF_REQUEST_MAX_BYTES, pdfRequestSchema, walletAnalysisSchema, type WalletAnalysis } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { currentUser, sessionAuth, type Authenticator } from '../http/auth';
import { route, routeGroup, type RouteGroup } from '../http/route';
import { renderAmlReportPdf, type PdfEvidence } from './render';
import { pdfFileName, storedCheckForPdf } from './stored-check';

/** The score, level and status a posted report states in its closing lines ("Risk score: 12/100", …). */
export function headlineOf(report: string): Partial<Pick<WalletAnalysis, 'risk_score' | 'risk_level' | 'aml_status'>> {
  const line = (name: string) => new RegExp(`^\\s*${name}:\\s*(.+)$`, 'im').exec(report)?.[1]?.trim();
  const score = Number(/^(\d{1,3})/.exec(line('risk score') ?? '')?.[1]);
  return {
    ...(Number.isInteger(score) && score >= 0 && score <= 100 ? { risk_score: score } : {}),
    ...(line('risk level') ? { risk_level: line('risk level') } : {}),
    ...(line('aml status') ? { aml_status: line('aml status') } : {}),
  };
}

/**
 * POST /api/pdf/download_aml_report. With `check_id`, the user's own stored check is rendered with
 * its fields and sources; without, the posted report text (the spec's body) is rendered.
 */
export function pdfRoutes(deps: { auth: Authenticator; readStore: ReadStore; clock: () => Date }): RouteGroup {
  return routeGroup(
    [
      route({
        method: 'post',
        path: '/pdf/download_aml_report',
        summary: 'The AML report as a PDF (attachment AML_Report_<address>.pdf)',
        description: "With `check_id`, the caller's stored check is rendered with its fields and evidence sources; without, the posted report text is.",
        tags: ['Checks'],
        // Records nothing: answered while writes are halted.
        whileWritesHalted: true,
        auth: 'session',
        request: { body: pdfRequestSchema, bodyLimit: PDF_REQUEST_MAX_BYTES },
        responses: {
          200: {
            description: 'The PDF',
            contentType: 'application/pdf',
            headers: { 'Content-Disposition': 'attachment; filename="AML_Report_<address>.pdf"' },
          },
          400: { description: 'Empty report or address' },
          401: { description: 'Not signed in, or the session expired' },
          403: { description: 'Blocked' },
          404: { description: 'No such check of yours' },
        },
        async handle({ body: input }, _req, res) {
          let analysis: WalletAnalysis = walletAnalysisSchema.parse({
            wallet_address: input.wallet_address,
            aml_report: input.aml_report,
            ...headlineOf(input.aml_report),
          });
          let evidence: PdfEvidence | null = null;
          if (input.check_id) ({ analysis, evidence } = await storedCheckForPdf(deps.readStore, currentUser(res).userId, input.check_id));
          const pdf = await renderAmlReportPdf(analysis, evidence, deps.clock());
          res.setHeader('Content-Type', 'application/pdf');
          res.setHeader('Content-Disposition', `attachment; filename="${pdfFileName(analysis.wallet_address)}"`);
          res.setHeader('Content-Length', String(pdf.length));
          res.end(pdf);
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}
