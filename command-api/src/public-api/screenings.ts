/**
 * The public API's screenings: the same check command as the web app (same charging, one check per
 * Idempotency-Key), read back by id or listed with History's filters, and the PDF report.
 */
import type { Response } from 'express';
import { z } from 'zod';
import {
  createScreeningRequestSchema,
  screeningListSchema,
  screeningSchema,
  shownRiskScore,
  type Screening,
  DAY_FILTER_REFUSED,
} from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { currentUser } from '../http/auth';
import { route } from '../http/route';
import { currentApiKey } from '../http/api-key-auth';
import { consistencyTokenAnswer, setConsistencyToken } from '../http/consistency';
import { idempotencyKeyHeaders } from '../http/headers';
import type { CheckCommand, RenderCheckPdf } from '../shared/check-command';
import { historyQuerySchema } from '../shared/check-history';
import { findHistory, type CheckDoc } from '@walletscreen/projections/checks/queries';
import { screeningOf } from '../shared/screening';
import { evidenceAnswers, sendEvidenceBundle, type EvidenceBundles } from '../shared/evidence-bundle';

/** The check command and query, handed in by the composition root. */
export type ScreeningChecks = CheckCommand;
export type { RenderCheckPdf };

const idSchema = z.object({ id: z.uuid({ error: 'Not a screening id' }) });
const waitSchema = z.object({
  wait: z.coerce
    .number({ error: 'wait must be a number of milliseconds' })
    .int()
    .min(0)
    .max(30_000, { error: 'wait may be at most 30000 ms' })
    .optional()
    .meta({ description: 'Milliseconds to wait for the result before answering 202 (POST: default 25000; GET: default 0)' }),
});
const idempotencyHeaders = idempotencyKeyHeaders('8 to 200 visible ASCII characters. The same key always answers with the same screening and charges once.');
const listQuerySchema = historyQuerySchema.safeExtend({
  reference: z.string().trim().max(200).optional().meta({ description: 'Only screenings with this reference' }),
  status: z.enum(['running', 'completed', 'failed', 'all']).default('completed').meta({ description: 'Default: completed' }),
});

function answer(res: Response, screening: Screening, position: number) {
  setConsistencyToken(res, position);
  if (screening.status === 'running') {
    res.status(202).setHeader('Location', screening.links.self);
    res.setHeader('Retry-After', '2');
  }
  res.json(screening);
}

export function screeningRoutes(deps: { checks: ScreeningChecks; readStore: ReadStore; renderPdf: RenderCheckPdf; evidence: EvidenceBundles }) {
  const common = {
    401: { description: 'No API key, or not a valid one' },
    403: { description: 'The key lacks the scope, or the account is blocked' },
    429: { description: 'Rate limit reached; see Retry-After' },
  };
  const running = {
    202: {
      description: 'Still running: poll the Location',
      schema: screeningSchema,
      headers: { Location: 'The screening to poll', 'Retry-After': 'Seconds to wait before polling', ...consistencyTokenAnswer },
    },
  };

  return [
    route({
      method: 'post',
      path: '/v1/screenings',
      summary: 'Screen an address: charges one check (none for a repeated Idempotency-Key)',
      description:
        'Runs the same analysis as the web app. Answers 200 with the result when it is ready within `wait`, else 202 with a Location to poll. A screening that fails, or completes Incomplete (the evidence for a verdict was unavailable), is refunded (`refunded: true`). With no checks left the answer is 402.',
      tags: ['Screenings'],
      auth: { apiKey: 'screen' },
      request: { body: createScreeningRequestSchema, query: waitSchema, headers: idempotencyHeaders },
      responses: {
        200: { description: 'Completed (or failed and refunded)', schema: screeningSchema, headers: consistencyTokenAnswer },
        ...running,
        400: { description: 'Not a wallet address, or an invalid Idempotency-Key' },
        402: { description: 'No checks left: buy checks in the web app' },
        409: { description: 'This Idempotency-Key was used for another address' },
        ...common,
      },
      async handle({ body, query, headers }, _req, res) {
        const { progress, request, position } = await deps.checks.start(
          currentUser(res).userId,
          { wallet_address: body.address, ...(body.network ? { network: body.network } : {}) },
          headers['Idempotency-Key'],
          {
            ...(body.reference ? { reference: body.reference } : {}),
            apiKeyId: currentApiKey(res).keyId,
            ...(query.wait !== undefined ? { waitMs: query.wait } : {}),
          },
        );
        answer(res, screeningOf(progress, request), position);
      },
    }),
    route({
      method: 'get',
      path: '/v1/screenings/:id',
      summary: 'A screening: its status, and its result once completed',
      tags: ['Screenings'],
      auth: { apiKey: 'read' },
      request: { params: idSchema, paramsNotFound: 'No such screening', query: waitSchema },
      responses: {
        200: { description: 'Completed or failed', schema: screeningSchema },
        ...running,
        404: { description: 'No such screening (or not yours)' },
        ...common,
      },
      async handle({ params, query }, _req, res) {
        const { progress, request, position } = await deps.checks.follow(currentUser(res).userId, params.id, query.wait ?? 0);
        answer(res, screeningOf(progress, request), position);
      },
    }),
    route({
      method: 'get',
      path: '/v1/screenings',
      summary: "The account's screenings, newest first, filtered like History (and by reference and status)",
      tags: ['Screenings'],
      auth: { apiKey: 'read' },
      request: { query: listQuerySchema },
      responses: { 200: { description: 'A page of screenings', schema: screeningListSchema }, 400: { description: DAY_FILTER_REFUSED }, ...common },
      async handle({ query: q }, _req, res) {
        const docs = await findHistory(deps.readStore, q, currentUser(res).userId, { status: q.status, ...(q.reference ? { reference: q.reference } : {}) });
        const items = docs.map((d: CheckDoc) => ({
          id: d.id,
          status: d.status,
          address: d.wallet_address,
          network: d.network,
          reference: d.reference ?? null,
          requested_at: d.created_at,
          risk_score: shownRiskScore(d.risk_level, d.risk_score),
          risk_level: d.risk_level,
          aml_status: d.aml_status,
        }));
        res.json({ items, limit: q.limit, offset: q.offset });
      },
    }),
    route({
      method: 'get',
      path: '/v1/screenings/:id/report.pdf',
      summary: "A completed screening's PDF report",
      tags: ['Screenings'],
      auth: { apiKey: 'read' },
      request: { params: idSchema, paramsNotFound: 'No such screening' },
      responses: {
        200: { description: 'The report', contentType: 'application/pdf' },
        404: { description: 'No such completed screening (or not yours)' },
        ...common,
      },
      async handle({ params }, _req, res) {
        const { pdf, fileName } = await deps.renderPdf(currentUser(res).userId, params.id);
        res.setHeader('Content-Type', 'application/pdf');
        res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
        res.setHeader('Content-Length', String(pdf.length));
        res.end(pdf);
      },
    }),
    route({
      method: 'get',
      path: '/v1/screenings/:id/evidence',
      summary:
        "A finished screening's evidence bundle: its events as stored with their inclusion proofs against a signed tree head of the audit log, the public key, and the list, feed and model versions it used",
      description: "Verifies offline with the repository's verifier (`npx walletscreen-verify <file>`).",
      tags: ['Screenings'],
      auth: { apiKey: 'read' },
      request: { params: idSchema, paramsNotFound: 'No such screening' },
      responses: { ...evidenceAnswers, 404: { description: 'No such screening (or not yours)' }, ...common },
      async handle({ params }, _req, res) {
        sendEvidenceBundle(res, await deps.evidence.bundle(params.id, { userId: currentUser(res).userId }));
      },
    }),
  ];
}
