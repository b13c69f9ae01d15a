import { Router, type Response } from 'express';
import { z } from 'zod';
import { networks, parseAddress, type CheckProgress } from '@walletscreen/contracts';
import { currentUser, requireUser, type Authenticator } from '../http/auth';
import { Invalid, PaymentRequired } from '../shared/errors';
import { parseInput } from '../http/validation';
import type { ReadStore } from '@walletscreen/platform';
import { NotFound } from '../shared/errors';
import { findCheck, findHistory, historyDetail, historyItem, historyQuerySchema } from './history';
import type { Checks } from './service';

export const parseAddressRequestSchema = z.object({
  address: z.string({ error: 'Enter a wallet address' }).max(200, { error: 'That is too long to be a wallet address' }),
  network: z.enum(networks, { error: `network must be one of: ${networks.join(', ')}` }).optional(),
});

export const analyzeRequestSchema = z.object({
  wallet_address: z.string({ error: 'Enter a wallet address' }).trim().min(1, { error: 'Enter a wallet address' }).max(200, { error: 'That is too long to be a wallet address' }),
  network: z.enum(networks, { error: `network must be one of: ${networks.join(', ')}` }).optional(),
});

const checkIdSchema = z.object({ id: z.uuid({ error: 'Not a check id' }) });
const waitSchema = z.object({ wait: z.coerce.number().int().min(0).max(30_000).default(0) });

/** A finished check answers with the analysis fields; a running one with 202 and its progress. */
function answer(res: Response, progress: CheckProgress) {
  if (progress.status === 'completed' && progress.result) {
    res.json({ ...progress.result, check_id: progress.check_id, status: progress.status });
  } else if (progress.status === 'failed') {
    res.status(502).type('application/problem+json').json({
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
export function checkRoutes(deps: { auth: Authenticator; checks: Checks; readStore: ReadStore }): Router {
  const router = Router();

  router.get('/transactions/history', requireUser(deps.auth), async (req, res) => {
    const query = parseInput(historyQuerySchema, req.query);
    res.json((await findHistory(deps.readStore, query, currentUser(res).userId)).map(historyItem));
  });

  router.get('/transactions/history/:id', requireUser(deps.auth), async (req, res) => {
    const { id } = parseInput(checkIdSchema, req.params);
    const doc = await findCheck(deps.readStore, id);
    // Another user's check is not found: nobody learns it exists.
    if (!doc || doc.user_id !== currentUser(res).userId || doc.status !== 'completed') throw new NotFound('No such check');
    res.json(historyDetail(doc));
  });

  router.post('/transactions/analyze-realtime', requireUser(deps.auth), async (req, res) => {
    const input = parseInput(analyzeRequestSchema, req.body);
    try {
      answer(res, await deps.checks.analyze(currentUser(res).userId, input, req.get('Idempotency-Key') ?? undefined));
    } catch (error) {
      if (!(error instanceof PaymentRequired)) throw error;
      // The spec's 401 with require_premium: the browser offers Top Up and keeps the session.
      res.status(401).type('application/problem+json').json({ type: 'about:blank', title: 'Payment required', status: 401, error: error.message, require_premium: true });
    }
  });

  router.get('/transactions/checks/:id', requireUser(deps.auth), async (req, res) => {
    const { id } = parseInput(checkIdSchema, req.params);
    const { wait } = parseInput(waitSchema, req.query);
    answer(res, await deps.checks.get(currentUser(res).userId, id, wait));
  });

  return router;
}

/** POST /api/addresses/parse: which chain and network an address belongs to, and its canonical form. */
export function addressRoutes(): Router {
  const router = Router();
  router.post('/addresses/parse', (req, res) => {
    const input = parseInput(parseAddressRequestSchema, req.body);
    const result = parseAddress(input.address, input.network);
    if (!result.ok) throw new Invalid(result.reason, { address: result.reason });
    const { chain, network, normalized, kind, xAddress, tag } = result.address;
    res.json({ chain, network, normalized, kind, ...(xAddress ? { x_address: xAddress, tag } : {}) });
  });
  return router;
}
