import { Router } from 'express';
import { STATS_MAX_DAYS, statsQuerySchema, walletChecksQuerySchema, walletKeySchema, walletsQuerySchema } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { requireAdmin, type Authenticator } from '../http/auth';
import { parseInput } from '../http/validation';
import { Invalid, NotFound } from '../shared/errors';
import { computeStats, statsRange } from './stats-query';
import { findWallet, listWallets } from './wallets-query';

/**
 * GET /api/admin/wallets, GET /api/admin/wallets/:network/:address and GET /api/admin/stats: the
 * Wallets and Financial stats screens. Admins only, checked on the server.
 */
export function insightsRoutes(deps: { auth: Authenticator; readStore: ReadStore; clock: () => Date }): Router {
  const router = Router();
  const admin = requireAdmin(deps.auth);

  router.get('/admin/wallets', admin, async (req, res) => {
    res.json(await listWallets(deps.readStore, parseInput(walletsQuerySchema, req.query)));
  });

  router.get('/admin/wallets/:network/:address', admin, async (req, res) => {
    const key = parseInput(walletKeySchema, req.params);
    const page = parseInput(walletChecksQuerySchema, req.query);
    const wallet = await findWallet(deps.readStore, key.network, key.address, page);
    if (!wallet) throw new NotFound('No check of this wallet was found');
    res.json(wallet);
  });

  router.get('/admin/stats', admin, async (req, res) => {
    const range = statsRange(parseInput(statsQuerySchema, req.query), deps.clock());
    if ((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 >= STATS_MAX_DAYS) {
      throw new Invalid(`The range may span at most ${STATS_MAX_DAYS} days`, { from: `The range may span at most ${STATS_MAX_DAYS} days` });
    }
    res.json(await computeStats(deps.readStore, range));
  });

  return router;
}
