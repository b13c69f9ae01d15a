import type { Response } from 'express';
import { z } from 'zod';
import {
  analyzeRequestSchema,
  checkFailedProblemSchema,
  checkProgressSchema,
  checkResultSchema,
  historyDetailSchema,
  historyItemSchema,
  networks,
  NOT_BLANK,
  parseAddress,
  parsedAddressResponseSchema,
  premiumRequiredProblemSchema,
  type CheckProgress,
  DAY_FILTER_REFUSED,
} from '@walletscreen/contracts';
import type { Logger, ReadStore } from '@walletscreen/platform';
import { currentUser, sessionAuth, type Authenticator } from '../http/auth';
import { consistencyTokenAnswer, setConsistencyToken } from '../http/consistency';
import { idempotencyKeyHeaders } from '../http/headers';
import { route, routeGroup, type RouteGroup } from '../http/route';
import { Invalid, NotFound, PaymentRequired } from '@walletscreen/domain/errors';
import { findCheckCase } from '../shared/check-case';
import { sendUserHistoryCsv } from '../shared/history-export';
import { historyDetail, historyFilterSchema, historyItem, historyQuerySchema } from '../shared/check-history';
import { findCheck, findHistory, findRunningChecks } from '@walletscreen/projections/checks/queries';
import { evidenceAnswers, sendEvidenceBundle, type EvidenceBundles } from '../shared/evidence-bundle';
import type { Checks } from './service';

export const parseAddressRequestSchema = z.object({
  address: z
    .string({ error: 'Enter a wallet address' })
    .regex(NOT_BLANK, { error: 'Enter a wallet address' })
    .trim()
    .min(1, { error: 'Enter a wallet address' })
    .max(200, { error: 'That is too long to be a wallet address' }),
  network: z.enum(networks, { error: `network must be one of: ${networks.join(', ')}` }).optional(),
});

const checkIdSchema = z.object({ id: z.uuid({ error: 'Not a check id' }) });
const waitSchema = z.object({
  wait: z.coerce.number().int().min(0).max(30_000).default(0).meta({ description: 'Milliseconds to wait for the check to finish' }),
});

const tags = ['Checks'];
/** The running checks listed at most: a person runs one at a time from the Wallet Checker. */
const RUNNING_LISTED = 10;
const signedIn = { 401: { description: 'Not signed in, or the session expired' }, 403: { description: 'Blocked' } };
/** The answers of a check: its analysis when completed, its progress while running, a problem when it failed. */
const checkAnswers = {
  200: {
    description: 'The completed analysis, with check_id and status (and its consistency token)',
    schema: checkResultSchema,
    headers: consistencyTokenAnswer,
  },
  202: {
    description: 'Still running: its progress (follow it over socket.io or GET /api/transactions/checks/{id})',
    schema: checkProgressSchema,
    headers: consistencyTokenAnswer,
  },
  502: {
    description: 'The analysis failed; its check was refunded (`check_id`, `refunded: true`)',
    schema: checkFailedProblemSchema,
    headers: consistencyTokenAnswer,
  },
};

/** A finished check answers with the analysis fields; a running one with 202 and its progress. Each carries the check's consistency token. */
function answer(res: Response, { progress, position }: { progress: CheckProgress; position: number }) {
  setConsistencyToken(res, position);
  if (progress.status === 'completed' && progress.result) {
    res.json({ ...progress.result, check_id: progress.check_id, status: progress.status });
  } else if (progress.status === 'failed') {
    res
      .status(502)
      .type('application/problem+json')
      .json({
        type: 'about:blank',
        title: 'Check failed',
        status: 502,
        error: progress.error ?? 'The analysis could not be completed',
        check_id: progress.check_id,
        refunded: true,
      });
  } else {
    res.status(202).json(progress);
  }
}

/** POST /api/transactions/analyze-realtime, GET /api/transactions/checks/{id}, the history calls. */
export function checkRoutes(deps: {
  auth: Authenticator;
  checks: Checks;
  readStore: ReadStore;
  logger: Logger;
  clock: () => Date;
  evidence: EvidenceBundles;
}): RouteGroup {
  return routeGroup(
    [
      route({
        method: 'get',
        path: '/transactions/history',
        summary: "The caller's completed checks, newest first, filtered by the server",
        tags,
        auth: 'session',
        request: { query: historyQuerySchema },
        responses: { 200: { description: 'History rows', schema: z.array(historyItemSchema) }, 400: { description: DAY_FILTER_REFUSED }, ...signedIn },
        async handle({ query }, _req, res) {
          res.json((await findHistory(deps.readStore, query, currentUser(res).userId)).map(historyItem));
        },
      }),
      route({
        method: 'get',
        path: '/transactions/history.csv',
        summary: "The caller's whole History as CSV, with the same filters",
        description:
          'Every completed check that matches, newest first: time, check id, wallet, network, score, level, status, sanctions hits, the top three risk factors, reference and batch.',
        tags,
        auth: 'session',
        request: { query: historyFilterSchema },
        responses: { 200: { description: 'The CSV file', contentType: 'text/csv' }, 400: { description: DAY_FILTER_REFUSED }, ...signedIn },
        async handle({ query }, _req, res) {
          await sendUserHistoryCsv(res, { readStore: deps.readStore, logger: deps.logger, now: deps.clock() }, currentUser(res).userId, query);
        },
      }),
      route({
        method: 'get',
        path: '/transactions/history/:id',
        summary: "One of the caller's completed checks with its report",
        tags,
        auth: 'session',
        request: { params: checkIdSchema, paramsNotFound: 'No such check' },
        responses: {
          200: { description: 'The row with the report fields', schema: historyDetailSchema },
          404: { description: 'No such check of yours' },
          ...signedIn,
        },
        async handle({ params }, _req, res) {
          const doc = await findCheck(deps.readStore, params.id);
          // Another user's check is not found: nobody learns it exists.
          if (!doc || doc.user_id !== currentUser(res).userId || doc.status !== 'completed') throw new NotFound('No such check');
          const checkCase = await findCheckCase(deps.readStore, doc.id);
          res.json({ ...historyDetail(doc), ...(checkCase ? { case: checkCase } : {}) });
        },
      }),
      route({
        method: 'post',
        path: '/transactions/analyze-realtime',
        summary: 'Check a wallet: charges one premium check (bonus first) and runs the seven-stage analysis',
        description: 'Answers with the analysis when it is done within CHECK_WAIT_MS, with its progress (202) otherwise.',
        tags,
        auth: 'session',
        request: {
          body: analyzeRequestSchema,
          headers: idempotencyKeyHeaders('One per check; a retry with the same key gives the same check and one charge'),
        },
        responses: {
          ...checkAnswers,
          400: { description: 'Not a valid address, or a bad Idempotency-Key; nothing is charged' },
          401: { description: 'Not signed in; or no premium checks left (`require_premium: true`)', schema: premiumRequiredProblemSchema },
          403: { description: 'Blocked' },
          409: { description: 'The Idempotency-Key was used for another address' },
        },
        async handle({ body, headers }, _req, res) {
          try {
            answer(res, await deps.checks.start(currentUser(res).userId, body, headers['Idempotency-Key']));
          } catch (error) {
            if (!(error instanceof PaymentRequired)) throw error;
            // The spec's 401 with require_premium: the browser offers Top Up and keeps the session.
            res
              .status(401)
              .type('application/problem+json')
              .json({ type: 'about:blank', title: 'Payment required', status: 401, error: error.message, require_premium: true });
          }
        },
      }),
      route({
        method: 'get',
        path: '/transactions/running',
        summary: "The caller's wallet checks still running, newest first, each with the stages done so far",
        description:
          'Checks started from the Wallet Checker (not those of a batch, an API key or a watchlist re-screen) that have neither completed nor failed: a reloaded page, or another tab or device, picks them up and follows them to the end. `stage` counts the stages recorded so far.',
        tags,
        auth: 'session',
        responses: { 200: { description: 'Running checks (at most 10)', schema: z.array(checkProgressSchema) }, ...signedIn },
        async handle(_input, _req, res) {
          const userId = currentUser(res).userId;
          const candidates = await findRunningChecks(deps.readStore, userId, RUNNING_LISTED);
          // The read model says which checks to look at; their events say how far each has come
          // (and whether it has just finished, which the read model may not show yet).
          const running: CheckProgress[] = [];
          for (const doc of candidates) {
            const { progress, request } = await deps.checks.follow(userId, doc.id).catch(() => ({ progress: null, request: null }));
            if (!progress || !request || progress.status !== 'running') continue;
            if (request.batchId || request.apiKeyId || request.rescreen) continue;
            running.push(progress);
          }
          res.json(running);
        },
      }),
      route({
        method: 'get',
        path: '/transactions/checks/:id',
        summary: "One of the caller's checks: the analysis when completed, its progress while running",
        tags,
        auth: 'session',
        request: { params: checkIdSchema, paramsNotFound: 'No such check', query: waitSchema },
        responses: { ...checkAnswers, 400: { description: 'A bad wait' }, 404: { description: 'No such check of yours' }, ...signedIn },
        async handle({ params, query }, _req, res) {
          answer(res, await deps.checks.follow(currentUser(res).userId, params.id, query.wait));
        },
      }),
      route({
        method: 'get',
        path: '/transactions/checks/:id/evidence',
        summary:
          "One of the caller's finished checks as an evidence bundle: its events as stored, each with its inclusion proof against a signed tree head of the audit log, the public key, the list, feed and model versions it used",
        description:
          "Verifies offline with the repository's verifier (`npx walletscreen-verify <file>`): the signature, every inclusion proof, the hash-chain links, and the recorded risk model re-run on the recorded evidence.",
        tags,
        auth: 'session',
        request: { params: checkIdSchema, paramsNotFound: 'No such check' },
        responses: { ...evidenceAnswers, 404: { description: 'No such check of yours' }, ...signedIn },
        async handle({ params }, _req, res) {
          sendEvidenceBundle(res, await deps.evidence.bundle(params.id, { userId: currentUser(res).userId }));
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}

/** POST /api/addresses/parse: which chain and network an address belongs to, and its canonical form. */
export function addressRoutes(): RouteGroup {
  return routeGroup([
    route({
      method: 'post',
      path: '/addresses/parse',
      summary:
        'Parse, validate and normalize a wallet address (Bitcoin, EVM, TRON, Solana, Litecoin, Dogecoin, Bitcoin Cash, XRP; an XRP X-address is normalized to its classic address, with its tag)',
      tags: ['Addresses'],
      // Records nothing: answered while writes are halted.
      whileWritesHalted: true,
      auth: 'none',
      request: { body: parseAddressRequestSchema },
      responses: {
        200: { description: 'The chain, network and canonical form', schema: parsedAddressResponseSchema },
        400: { description: 'Not a valid address, with the reason' },
      },
      handle({ body }, _req, res) {
        const result = parseAddress(body.address, body.network);
        if (!result.ok) throw new Invalid(result.reason, { address: result.reason });
        const { chain, network, normalized, kind, xAddress, tag } = result.address;
        res.json({ chain, network, normalized, kind, ...(xAddress ? { x_address: xAddress, tag } : {}) });
      },
    }),
  ]);
}
