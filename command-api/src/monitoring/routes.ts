/**
 * The watchlist and the alerts inbox: for the signed-in user (`/api/watchlist`, `/api/alerts`) and,
 * through an API key with the `monitor` scope, for the public API (`/api/v1/watchlist`, `/api/v1/alerts`).
 */
import { z } from 'zod';
import {
  alertListSchema,
  alertSchema,
  alertStatuses,
  resolveAlertRequestSchema,
  updateWatchRequestSchema,
  WATCH_BODY_MAX_BYTES,
  watchListSchema,
  watchRequestSchema,
  watchResultSchema,
  watchSchema,
  type WatchItem,
  type WatchRequest,
} from '@walletscreen/contracts';
import type { WatchVia } from '@walletscreen/domain/watch/events';
import type { RateLimiter } from '@walletscreen/platform/rate-limit/rate-limiter';
import { apiKeyAuth, currentApiKey, type ApiKeyAuthenticator } from '../http/api-key-auth';
import { currentUser, sessionAuth, type Authenticator } from '../http/auth';
import { route, routeGroup, type RouteAuth } from '../http/route';
import type { Monitoring } from './service';
import { setConsistencyToken } from '../http/consistency';

const idSchema = z.object({ id: z.uuid({ error: 'Not an id' }) });
const watchListQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(500).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
  status: z.enum(['active', 'unwatched', 'all']).default('active').meta({ description: 'Default: active' }),
  address: z.string().trim().max(200).optional().meta({ description: 'Case-insensitive substring of the address' }),
});
const alertListQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
  status: z
    .enum([...alertStatuses, 'all'])
    .default('all')
    .meta({ description: 'open, acknowledged, resolved or all (default)' }),
  watch_id: z.uuid({ error: 'watch_id must be a watch id' }).optional(),
});

type Wait = (position: number) => Promise<void>;

const itemsOf = (body: WatchRequest): { items: WatchItem[]; many: boolean } =>
  'items' in body ? { items: body.items, many: true } : { items: [body], many: false };

function declarations(deps: { monitoring: Monitoring; waitForReadModels: Wait }, auth: RouteAuth, prefix: '' | '/v1') {
  const { monitoring } = deps;
  const tags = [prefix === '' ? 'Monitoring' : 'Monitoring (API)'];
  const refusals: Record<number, { description: string }> =
    prefix === ''
      ? { 401: { description: 'Not signed in' }, 403: { description: 'Account blocked' } }
      : {
          401: { description: 'No API key, or not a valid one' },
          403: { description: 'The key lacks the monitor scope, or the account is blocked' },
          429: { description: 'Rate limit reached; see Retry-After' },
        };
  const via = (res: Parameters<typeof currentApiKey>[0]): WatchVia => (prefix === '' ? { kind: 'web' } : { kind: 'api', apiKeyId: currentApiKey(res).keyId });
  /**
   * An answer that shows the watch as the read model keeps it (its open alerts counted) reads it
   * once it shows this change: a read with the change's consistency token, as the browser's next
   * read is. An answer built from the command itself carries the token instead.
   */
  const settled = async (position: number | null) => {
    if (position) await deps.waitForReadModels(position);
  };

  return [
    route({
      method: 'get',
      path: `${prefix}/watchlist`,
      summary: 'The watched wallets: last verdict, next re-screen, a skipped re-screen and why, and the pricing of re-screens',
      tags,
      auth,
      request: { query: watchListQuerySchema },
      responses: { 200: { description: 'The watchlist, newest first', schema: watchListSchema }, 400: { description: 'Invalid filters' }, ...refusals },
      async handle({ query }, _req, res) {
        res.json(
          await monitoring.list(currentUser(res).userId, {
            limit: query.limit,
            offset: query.offset,
            status: query.status,
            ...(query.address ? { search: query.address } : {}),
          }),
        );
      },
    }),
    route({
      method: 'post',
      path: `${prefix}/watchlist`,
      summary: 'Watch a wallet, or many at once (`{ items: [...] }`, up to 10,000): watching a watched wallet again changes nothing',
      description:
        'Each wallet is re-screened on its interval (daily by default); a scheduled re-screen costs one check. Every wallet is parsed before anything is recorded: one bad address refuses the call. The next re-screen is compared with `check_id`, or with your latest completed check of the wallet.',
      tags,
      auth,
      request: { body: watchRequestSchema, bodyLimit: WATCH_BODY_MAX_BYTES },
      responses: {
        201: { description: 'The watches, each saying whether it was created or watched already', schema: watchResultSchema },
        400: { description: 'An address, interval, tag or check id is not valid' },
        409: { description: 'The watchlist would exceed its limit' },
        ...refusals,
      },
      async handle({ body }, _req, res) {
        const { items, many } = itemsOf(body);
        const { position, ...result } = await monitoring.watch(currentUser(res).userId, items, via(res), many);
        setConsistencyToken(res, position);
        res.status(201).json(result);
      },
    }),
    route({
      method: 'get',
      path: `${prefix}/watchlist/:id`,
      summary: 'One watched wallet',
      tags,
      auth,
      request: { params: idSchema, paramsNotFound: 'No such watched wallet' },
      responses: { 200: { description: 'The watch', schema: watchSchema }, 404: { description: 'No such watched wallet' }, ...refusals },
      async handle({ params }, _req, res) {
        res.json(await monitoring.get(currentUser(res).userId, params.id));
      },
    }),
    route({
      method: 'patch',
      path: `${prefix}/watchlist/:id`,
      summary: "Edit a watched wallet's reference, tags or re-screen interval (a new interval counts from now)",
      tags,
      auth,
      request: { params: idSchema, paramsNotFound: 'No such watched wallet', body: updateWatchRequestSchema },
      responses: {
        200: { description: 'The watch', schema: watchSchema },
        400: { description: 'Invalid interval, reference or tags, or nothing to change (no body, or none of them sent)' },
        404: { description: 'No such watched wallet' },
        ...refusals,
      },
      async handle({ params, body }, _req, res) {
        const userId = currentUser(res).userId;
        await settled((await monitoring.update(userId, params.id, body)).position);
        res.json(await monitoring.get(userId, params.id));
      },
    }),
    route({
      method: 'delete',
      path: `${prefix}/watchlist/:id`,
      summary: 'Unwatch a wallet: no more re-screens or alerts (its alerts stay in the inbox)',
      tags,
      auth,
      request: { params: idSchema, paramsNotFound: 'No such watched wallet' },
      responses: { 200: { description: 'The watch, unwatched', schema: watchSchema }, 404: { description: 'No such watched wallet' }, ...refusals },
      async handle({ params }, _req, res) {
        const userId = currentUser(res).userId;
        await settled((await monitoring.unwatch(userId, params.id)).position);
        res.json(await monitoring.get(userId, params.id));
      },
    }),
    route({
      method: 'get',
      path: `${prefix}/alerts`,
      summary: 'Alerts raised by re-screens of watched wallets, newest first, with the number still open',
      tags,
      auth,
      request: { query: alertListQuerySchema },
      responses: { 200: { description: 'The alerts', schema: alertListSchema }, 400: { description: 'Invalid filters' }, ...refusals },
      async handle({ query }, _req, res) {
        res.json(
          await monitoring.alerts(currentUser(res).userId, {
            status: query.status,
            limit: query.limit,
            offset: query.offset,
            ...(query.watch_id ? { watchId: query.watch_id } : {}),
          }),
        );
      },
    }),
  ];
}

/** The inbox's actions: acknowledge, resolve with a note (events, in the audit log). Web app only. */
function alertActions(deps: { monitoring: Monitoring; waitForReadModels: Wait }) {
  const { monitoring } = deps;
  const refusals = { 401: { description: 'Not signed in' }, 403: { description: 'Account blocked' }, 404: { description: 'No such alert' } };
  return [
    route({
      method: 'post',
      path: '/alerts/:id/acknowledge',
      summary: 'Acknowledge an alert: someone is looking at it',
      tags: ['Monitoring'],
      auth: 'session',
      request: { params: idSchema, paramsNotFound: 'No such alert' },
      responses: { 200: { description: 'The alert', schema: alertSchema }, ...refusals },
      async handle({ params }, _req, res) {
        const user = currentUser(res);
        const { position } = await monitoring.acknowledge({ userId: user.userId, email: user.email }, params.id);
        if (position) await deps.waitForReadModels(position);
        res.json(await monitoring.alert(user.userId, params.id));
      },
    }),
    route({
      method: 'post',
      path: '/alerts/:id/resolve',
      summary: 'Resolve an alert with a note saying what was done',
      tags: ['Monitoring'],
      auth: 'session',
      request: { params: idSchema, paramsNotFound: 'No such alert', body: resolveAlertRequestSchema },
      responses: {
        200: { description: 'The alert', schema: alertSchema },
        400: { description: 'No note, or too long' },
        409: { description: 'Already resolved' },
        ...refusals,
      },
      async handle({ params, body }, _req, res) {
        const user = currentUser(res);
        const { position } = await monitoring.resolve({ userId: user.userId, email: user.email }, params.id, body.note);
        if (position) await deps.waitForReadModels(position);
        res.json(await monitoring.alert(user.userId, params.id));
      },
    }),
  ];
}

export function monitoringRoutes(deps: { auth: Authenticator; monitoring: Monitoring; waitForReadModels: Wait }) {
  return routeGroup([...declarations(deps, 'session', ''), ...alertActions(deps)], { auth: sessionAuth(deps.auth) });
}

export function publicMonitoringRoutes(deps: { auth: ApiKeyAuthenticator; limiter: RateLimiter; monitoring: Monitoring; waitForReadModels: Wait }) {
  return routeGroup(declarations(deps, { apiKey: 'monitor' }, '/v1'), { auth: apiKeyAuth({ auth: deps.auth, limiter: deps.limiter }) });
}
