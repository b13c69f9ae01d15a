import {
  STATS_MAX_DAYS,
  statsQuerySchema,
  statsSchema,
  walletChecksQuerySchema,
  walletDetailSchema,
  walletKeySchema,
  walletsPageSchema,
  walletsQuerySchema,
  DAY_FILTER_REFUSED,
} from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { sessionAuth, type Authenticator } from '../http/auth';
import { auditReaderAnswers, route, routeGroup, type RouteGroup } from '../http/route';
import { Invalid, NotFound } from '@walletscreen/domain/errors';
import { computeStats, statsRange } from './stats-query';
import { findWallet, listWallets } from './wallets-query';

const tags = ['Admin: insights'];

/**
 * GET /api/admin/wallets, GET /api/admin/wallets/:network/:address and GET /api/admin/stats: the
 * Wallets and Financial stats screens. Admins only, checked on the server.
 */
export function insightsRoutes(deps: { auth: Authenticator; readStore: ReadStore; clock: () => Date }): RouteGroup {
  return routeGroup(
    [
      route({
        method: 'get',
        path: '/admin/wallets',
        summary: 'Every screened address: how often and by how many customers it was checked, its latest score and level (admins and auditors)',
        tags,
        auth: 'audit',
        request: { query: walletsQuerySchema },
        responses: {
          200: {
            description: 'A page of wallets and how many match',
            schema: walletsPageSchema,
            links: {
              wallet: {
                operationId: 'getAdminWalletsByNetworkByAddress',
                parameters: { network: '$response.body#/items/0/network', address: '$response.body#/items/0/address' },
                description: 'The first wallet of the page, with its checks',
              },
            },
          },
          400: { description: 'Invalid query' },
          ...auditReaderAnswers,
        },
        async handle({ query }, _req, res) {
          res.json(await listWallets(deps.readStore, query));
        },
      }),
      route({
        method: 'get',
        path: '/admin/wallets/:network/:address',
        summary: 'One screened address and its checks, newest first, with the customer e-mail and report of each (admins and auditors)',
        tags,
        auth: 'audit',
        request: { params: walletKeySchema, query: walletChecksQuerySchema, paramsAreInput: true },
        responses: {
          200: { description: 'The wallet, a page of its checks and how many there are', schema: walletDetailSchema },
          400: { description: 'Unknown network' },
          404: { description: 'Never checked' },
          ...auditReaderAnswers,
        },
        async handle({ params, query }, _req, res) {
          const wallet = await findWallet(deps.readStore, params.network, params.address, query);
          if (!wallet) throw new NotFound('No check of this wallet was found');
          res.json(wallet);
        },
      }),
      route({
        method: 'get',
        path: '/admin/stats',
        summary:
          'Financial stats (admins and auditors): revenue, purchases, checks, refunds and active customers (who checked or bought) over a range, per day or month, the risk-level distribution of completed checks and the top customers by checks and by revenue. Days are UTC.',
        tags,
        auth: 'audit',
        request: { query: statsQuerySchema },
        responses: { 200: { description: 'Stats', schema: statsSchema }, 400: { description: DAY_FILTER_REFUSED }, ...auditReaderAnswers },
        async handle({ query }, _req, res) {
          const range = statsRange(query, deps.clock());
          if ((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 >= STATS_MAX_DAYS) {
            throw new Invalid(`The range may span at most ${STATS_MAX_DAYS} days`, { from: `The range may span at most ${STATS_MAX_DAYS} days` });
          }
          res.json(await computeStats(deps.readStore, range));
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}
