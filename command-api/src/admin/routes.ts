import { Router, type Response } from 'express';
import { z } from 'zod';
import {
  adminActionResponseSchema,
  adminMemberSchema,
  createAdminRequestSchema,
  promoteAdminRequestSchema,
  ADMIN_ADDED_REASON,
  ADMIN_REMOVED_REASON,
  type AdminMember,
  adminHistoryDetailSchema,
  adminHistoryItemSchema,
  adminMessages,
  auditorSchema,
  createAuditorRequestSchema,
  ADMIN_BLOCK_REASON,
  ADMIN_UNBLOCK_REASON,
  customerSchema,
  customersQuerySchema,
  roleChangeRequestSchema,
  topUpRequestSchema,
  refundCheckRequestSchema,
  type AdminActionResponse,
  type Role,
  DAY_FILTER_REFUSED,
} from '@walletscreen/contracts';
import type { Logger, ReadStore } from '@walletscreen/platform';
import { currentUser, requireAdmin, sessionAuth, type Authenticator } from '../http/auth';
import { idempotencyKeyHeaders } from '../http/headers';
import { auditReaderAnswers, expressPathRegExp, route, routeGroup, type RouteGroup } from '../http/route';
import { NotFound } from '@walletscreen/domain/errors';
import { findCustomers } from '@walletscreen/projections/customers/queries';
import { sendAdminHistoryCsv } from '../shared/history-export';
import { adminHistoryFilterSchema, adminHistoryQuerySchema, findAdminCheck, findAdminHistory } from './transactions-query';
import { setConsistencyToken } from '../http/consistency';

interface Actor {
  userId: string;
  email: string;
}

/** What an admin command did (the accounts feature's answer, handed in by the composition root). */
export interface AdminChange {
  changed: boolean;
  user: { id: string; email: string; role: Role; remaining_checks: number; bonus_checks: number; suspended_api_keys: number };
  position: number | null;
}

/** The commands on a user's account that admins run; the accounts feature implements them. */
export interface AdminCommands {
  topUp(userId: string, input: { amount: number; reason: string; idempotencyKey?: string }, by: Actor): Promise<AdminChange>;
  block(userId: string, by: Actor, reason: string): Promise<AdminChange>;
  unblock(userId: string, by: Actor, reason: string): Promise<AdminChange>;
  reenableApiKeys(userId: string, by: Actor): Promise<AdminChange>;
  /** Refunds one recorded check to the customer its own stream names (never the caller's word). */
  refundRecordedCheck(checkId: string, reason: string, by: Actor): Promise<AdminChange>;
  createAuditor(
    input: { email: string; username: string; password: string },
    by: Actor,
  ): Promise<{ user: { userId: string; email: string; username: string; registeredAt: string }; position: number }>;
  listAdmins(): Promise<AdminMember[]>;
  createAdmin(input: { email: string; username: string; password: string }, by: Actor): Promise<AdminRosterChange>;
  promoteAdmin(email: string, by: Actor, reason: string): Promise<AdminRosterChange>;
  removeAdmin(userId: string, by: Actor, reason: string): Promise<AdminRosterChange>;
}

/** What a change to the admins did: the admins as they now are, and the event position to wait for. */
export interface AdminRosterChange {
  admins: AdminMember[];
  position: number | null;
}

/** Customer and check ids are UUIDs; anything else is simply not found. */
const idSchema = z.object({ id: z.uuid().meta({ description: 'The id' }) });
const customerIdSchema = z.object({ id: z.uuid().meta({ description: 'The customer id' }) });
const checkIdSchema = z.object({ checkId: z.uuid().meta({ description: 'The check id' }) });

function actorOf(res: Response): Actor {
  const user = currentUser(res);
  return { userId: user.userId, email: user.email };
}

const tags = ['Admin: customers'];
const admins = { 401: { description: 'Not signed in' }, 403: { description: 'Not an admin' } };
const roleChangeAnswers = {
  200: { description: 'The customer as they now are (`changed: false` when already so)', schema: adminActionResponseSchema },
  400: { description: 'Invalid reason' },
  404: { description: 'No such customer' },
  ...admins,
};

/**
 * GET /api/admin/customers, POST /api/admin/topup/:id, POST /api/admin/block-user/:id,
 * POST /api/admin/unblock-user/:id, POST /api/admin/reenable-api-keys/:id, POST /api/admin/checks/:checkId/refund,
 * GET /api/admin/transactions,
 * GET /api/admin/transactions/:id.
 * Every admin route checks the admin role on the server. A command answers once the read models
 * show it: its consistency token makes the list the browser reloads next show the change.
 */
export function adminRoutes(deps: { auth: Authenticator; readStore: ReadStore; commands: AdminCommands; logger: Logger; clock: () => Date }): RouteGroup {
  const answer = (res: Response, change: AdminChange) => {
    setConsistencyToken(res, change.position);
    const body: AdminActionResponse = { ...change.user, changed: change.changed };
    res.json(body);
  };

  const adminsTags = ['Admin: admins'];
  const rosterAnswer = (res: Response, change: AdminRosterChange, status = 200) => {
    setConsistencyToken(res, change.position);
    res.status(status).json(change.admins);
  };

  return routeGroup(
    [
      route({
        method: 'get',
        path: '/admin/admins',
        summary: 'The admins, by e-mail (admins and auditors)',
        tags: adminsTags,
        auth: 'audit',
        responses: { 200: { description: 'The admins', schema: z.array(adminMemberSchema) }, ...auditReaderAnswers },
        async handle(_input, _req, res) {
          res.json(await deps.commands.listAdmins());
        },
      }),
      route({
        method: 'post',
        path: '/admin/admins',
        summary: "Create another admin's account with its first password, recorded with the admin who created it (admins only)",
        tags: adminsTags,
        auth: 'admin',
        request: { body: createAdminRequestSchema },
        responses: {
          201: { description: 'The admins as they now are', schema: z.array(adminMemberSchema) },
          400: { description: 'Invalid e-mail, name or password (too short, or one of the commonest); nothing is stored' },
          409: { description: adminMessages.emailTaken },
          ...admins,
        },
        async handle({ body }, _req, res) {
          rosterAnswer(res, await deps.commands.createAdmin(body, actorOf(res)), 201);
        },
      }),
      route({
        method: 'post',
        path: '/admin/admins/promote',
        summary: 'Make an existing account (by its e-mail) an admin, recorded with the admin who did it and the reason (admins only)',
        tags: adminsTags,
        auth: 'admin',
        request: { body: promoteAdminRequestSchema },
        responses: {
          200: { description: 'The admins as they now are', schema: z.array(adminMemberSchema) },
          400: { description: 'Invalid e-mail or reason' },
          404: { description: adminMessages.noAccountWithEmail },
          409: { description: adminMessages.cannotPromoteBlocked },
          ...admins,
        },
        async handle({ body }, _req, res) {
          rosterAnswer(res, await deps.commands.promoteAdmin(body.email, actorOf(res), body.reason ?? ADMIN_ADDED_REASON));
        },
      }),
      route({
        method: 'post',
        path: '/admin/admins/:id/remove',
        summary:
          'Remove an admin: they become an ordinary user. Never oneself, never the last admin (even against two admins removing each other at once); recorded with the admin who did it (admins only)',
        tags: adminsTags,
        auth: 'admin',
        request: { params: customerIdSchema, paramsNotFound: adminMessages.customerNotFound, body: roleChangeRequestSchema, bodyOptional: true },
        responses: {
          200: { description: 'The admins as they now are', schema: z.array(adminMemberSchema) },
          400: { description: 'Invalid reason' },
          404: { description: 'No such account' },
          409: { description: `${adminMessages.lastAdmin}; or oneself; or not an admin` },
          ...admins,
        },
        async handle({ params, body }, _req, res) {
          rosterAnswer(res, await deps.commands.removeAdmin(params.id, actorOf(res), body.reason ?? ADMIN_REMOVED_REASON));
        },
      }),
      route({
        method: 'get',
        path: '/admin/customers',
        summary: 'Customers, newest first (admins and auditors)',
        tags,
        auth: 'audit',
        request: { query: customersQuerySchema },
        responses: { 200: { description: 'Customers', schema: z.array(customerSchema) }, 400: { description: 'Invalid query' }, ...auditReaderAnswers },
        async handle({ query }, _req, res) {
          res.json(await findCustomers(deps.readStore, query));
        },
      }),
      route({
        method: 'post',
        path: '/admin/topup/:id',
        summary: 'Credit a customer with checks (1 to 10,000, as bonus checks: spent first, never expire), recording the admin and the reason (admins only)',
        tags,
        auth: 'admin',
        request: {
          params: customerIdSchema,
          paramsNotFound: adminMessages.customerNotFound,
          body: topUpRequestSchema,
          headers: idempotencyKeyHeaders('A retry with the same key is applied once'),
        },
        responses: {
          200: { description: 'The customer as they now are (`changed: false` for a retried key)', schema: adminActionResponseSchema },
          400: { description: 'Invalid amount, reason or Idempotency-Key; nothing is stored' },
          404: { description: 'No such customer' },
          409: { description: 'The Idempotency-Key was used for another amount' },
          ...admins,
        },
        async handle({ params, body, headers }, _req, res) {
          const idempotencyKey = headers['Idempotency-Key'];
          answer(res, await deps.commands.topUp(params.id, { ...body, ...(idempotencyKey ? { idempotencyKey } : {}) }, actorOf(res)));
        },
      }),
      route({
        method: 'post',
        path: '/admin/block-user/:id',
        summary:
          'Block a customer: they cannot sign in, check or buy, their open sessions stop at once and their API keys are suspended (an unblock leaves them so until re-enabled). Admins and oneself cannot be blocked (admins only)',
        tags,
        auth: 'admin',
        request: { params: customerIdSchema, paramsNotFound: adminMessages.customerNotFound, body: roleChangeRequestSchema, bodyOptional: true },
        responses: { ...roleChangeAnswers, 409: { description: 'The customer is an admin, or oneself: they cannot be blocked' } },
        async handle({ params, body }, _req, res) {
          answer(res, await deps.commands.block(params.id, actorOf(res), body.reason ?? ADMIN_BLOCK_REASON));
        },
      }),
      route({
        method: 'post',
        path: '/admin/unblock-user/:id',
        summary: 'Give a blocked customer back the role they had; their API keys stay suspended until re-enabled (admins only)',
        tags,
        auth: 'admin',
        request: { params: customerIdSchema, paramsNotFound: adminMessages.customerNotFound, body: roleChangeRequestSchema, bodyOptional: true },
        responses: roleChangeAnswers,
        async handle({ params, body }, _req, res) {
          answer(res, await deps.commands.unblock(params.id, actorOf(res), body.reason ?? ADMIN_UNBLOCK_REASON));
        },
      }),
      route({
        method: 'post',
        path: '/admin/reenable-api-keys/:id',
        summary:
          "Re-enable the API keys a block suspended, once the customer is unblocked (an unblock leaves them suspended, as it leaves the block's ended sessions ended); those revoked or expired since stay so (admins only)",
        tags,
        auth: 'admin',
        request: { params: customerIdSchema, paramsNotFound: adminMessages.customerNotFound },
        responses: {
          200: { description: 'The customer as they now are (`changed: false` when no key was suspended)', schema: adminActionResponseSchema },
          404: { description: 'No such customer' },
          409: { description: 'The customer is blocked, or re-enabling would pass the most API keys an account may have working' },
          ...admins,
        },
        async handle({ params }, _req, res) {
          answer(res, await deps.commands.reenableApiKeys(params.id, actorOf(res)));
        },
      }),
      route({
        method: 'post',
        path: '/admin/checks/:checkId/refund',
        summary:
          'Refund one recorded check to the customer who was charged for it (found from the check itself), recording the admin and the reason (admins only)',
        description:
          'For a check an earlier build left charged (one that came back Incomplete when only failed checks were refunded, say): an upgrade never refunds history by itself, an admin does, once. The check goes back to the balance it came from.',
        tags,
        auth: 'admin',
        request: { params: checkIdSchema, paramsNotFound: adminMessages.checkNotFound, body: refundCheckRequestSchema },
        responses: {
          200: { description: 'The customer as they now are', schema: adminActionResponseSchema },
          400: { description: 'Invalid reason; nothing is stored' },
          404: { description: `${adminMessages.checkNotFound}; or it was never charged (a free re-screen): nothing is stored` },
          409: { description: 'The check was refunded already (the answer says when, why and by whom); nothing is stored' },
          ...admins,
        },
        async handle({ params, body }, _req, res) {
          answer(res, await deps.commands.refundRecordedCheck(params.checkId, body.reason, actorOf(res)));
        },
      }),
      route({
        method: 'post',
        path: '/admin/auditors',
        summary: "Create an auditor's account with its first password: read-only access to the admin area, every read recorded (admins only)",
        tags,
        auth: 'admin',
        request: { body: createAuditorRequestSchema },
        responses: {
          201: { description: 'The auditor', schema: auditorSchema },
          400: { description: 'Invalid e-mail, name or password (too short, or one of the commonest); nothing is stored' },
          409: { description: adminMessages.emailTaken },
          ...admins,
        },
        async handle({ body }, _req, res) {
          const { user, position } = await deps.commands.createAuditor(body, actorOf(res));
          setConsistencyToken(res, position);
          res.status(201).json({ id: user.userId, email: user.email, username: user.username, role: 'auditor', created_at: user.registeredAt });
        },
      }),
      route({
        method: 'get',
        path: '/admin/transactions',
        summary: "Every user's completed checks with user_email, newest first, filtered by the server (admins and auditors)",
        tags,
        auth: 'audit',
        request: { query: adminHistoryQuerySchema },
        responses: {
          200: {
            description: 'History rows with user_email',
            schema: z.array(adminHistoryItemSchema),
            links: {
              check: {
                operationId: 'getAdminTransactionsById',
                parameters: { id: '$response.body#/0/id' },
                description: 'The first check of the page, in full',
              },
            },
          },
          400: { description: DAY_FILTER_REFUSED },
          ...auditReaderAnswers,
        },
        async handle({ query }, _req, res) {
          res.json(await findAdminHistory(deps.readStore, query));
        },
      }),
      route({
        method: 'get',
        path: '/admin/transactions.csv',
        summary: "Every user's completed checks as CSV, with user_email and the same filters (admins and auditors)",
        tags,
        auth: 'audit',
        request: { query: adminHistoryFilterSchema },
        responses: { 200: { description: 'The CSV file', contentType: 'text/csv' }, 400: { description: DAY_FILTER_REFUSED }, ...auditReaderAnswers },
        async handle({ query }, _req, res) {
          await sendAdminHistoryCsv(res, { readStore: deps.readStore, logger: deps.logger, now: deps.clock() }, query);
        },
      }),
      route({
        method: 'get',
        path: '/admin/transactions/:id',
        summary: "Any user's completed check with its report and user_email (admins and auditors)",
        tags,
        auth: 'audit',
        request: { params: idSchema, paramsNotFound: adminMessages.checkNotFound },
        responses: {
          200: { description: 'The row with the report fields', schema: adminHistoryDetailSchema },
          404: { description: 'No such check' },
          ...auditReaderAnswers,
        },
        async handle({ params }, _req, res) {
          const detail = await findAdminCheck(deps.readStore, params.id);
          if (!detail) throw new NotFound(adminMessages.checkNotFound);
          res.json(detail);
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}

/**
 * Every other /api/admin path answers a caller who is not an admin with 401 or 403 before 404:
 * which admin paths exist is not told to others. Mounted after every group. The admin paths anyone
 * may call (the admin's sign-in) are no secret: asked with another method, they answer 405 as
 * every other path does.
 */
export function adminPathsGuard(auth: Authenticator, groups: RouteGroup[]): RouteGroup {
  const open = groups.flatMap((g) => g.routes).filter((r) => r.auth === 'none' && r.path.startsWith('/admin/'));
  const tests = open.map((r) => expressPathRegExp(r.path.slice('/admin'.length), '/?$'));
  const admin = requireAdmin(auth);
  return {
    routes: [],
    router: Router().use('/admin', (req, res, next) => (tests.some((t) => t.test(req.path)) ? next() : admin(req, res, next))),
    rootRouter: Router(),
  };
}
