import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  adminMessages,
  ADMIN_BLOCK_REASON,
  ADMIN_UNBLOCK_REASON,
  customersQuerySchema,
  roleChangeRequestSchema,
  topUpRequestSchema,
  type AdminActionResponse,
  type Role,
} from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { currentUser, requireAdmin, type Authenticator } from '../http/auth';
import { parseInput } from '../http/validation';
import { Invalid, NotFound } from '../shared/errors';
import { listCustomers } from './customers-query';
import { adminHistoryQuerySchema, findAdminCheck, findAdminHistory } from './transactions-query';

interface Actor {
  userId: string;
  email: string;
}

/** What an admin command did (the accounts feature's answer, handed in by the composition root). */
export interface AdminChange {
  changed: boolean;
  user: { id: string; email: string; role: Role; remaining_checks: number; bonus_checks: number };
  position: number | null;
}

/** The commands on a user's account that admins run; the accounts feature implements them. */
export interface AdminCommands {
  topUp(userId: string, input: { amount: number; reason: string; idempotencyKey?: string }, by: Actor): Promise<AdminChange>;
  block(userId: string, by: Actor, reason: string): Promise<AdminChange>;
  unblock(userId: string, by: Actor, reason: string): Promise<AdminChange>;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;
/** Customer and check ids are UUIDs; anything else is simply not found. */
const idSchema = z.uuid();

function idOf(req: Request, message: string): string {
  const id = idSchema.safeParse(req.params.id);
  if (!id.success) throw new NotFound(message);
  return id.data;
}

function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get('Idempotency-Key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new Invalid('The Idempotency-Key header must be 8 to 200 visible ASCII characters', { 'Idempotency-Key': 'Invalid Idempotency-Key' });
  }
  return key;
}

function actorOf(res: Response): Actor {
  const user = currentUser(res);
  return { userId: user.userId, email: user.email };
}

/**
 * GET /api/admin/customers, POST /api/admin/topup/:id, POST /api/admin/block-user/:id,
 * POST /api/admin/unblock-user/:id, GET /api/admin/transactions, GET /api/admin/transactions/:id.
 * Every admin route checks the admin role on the server. A command answers once the read models
 * show it, so the list the browser reloads next already has the change.
 */
export function adminRoutes(deps: { auth: Authenticator; readStore: ReadStore; commands: AdminCommands; waitForReadModels: (position: number) => Promise<void> }): Router {
  const router = Router();
  router.use('/admin', requireAdmin(deps.auth));

  const answer = async (res: Response, change: AdminChange) => {
    if (change.position !== null) await deps.waitForReadModels(change.position);
    const body: AdminActionResponse = { ...change.user, changed: change.changed };
    res.json(body);
  };

  router.get('/admin/customers', async (req, res) => {
    const query = parseInput(customersQuerySchema, req.query);
    res.json(await listCustomers(deps.readStore, query));
  });

  router.post('/admin/topup/:id', async (req, res) => {
    const userId = idOf(req, adminMessages.customerNotFound);
    const input = parseInput(topUpRequestSchema, req.body);
    const idempotencyKey = idempotencyKeyOf(req);
    await answer(res, await deps.commands.topUp(userId, { ...input, ...(idempotencyKey ? { idempotencyKey } : {}) }, actorOf(res)));
  });

  router.post('/admin/block-user/:id', async (req, res) => {
    const userId = idOf(req, adminMessages.customerNotFound);
    const { reason } = parseInput(roleChangeRequestSchema, req.body);
    await answer(res, await deps.commands.block(userId, actorOf(res), reason ?? ADMIN_BLOCK_REASON));
  });

  router.post('/admin/unblock-user/:id', async (req, res) => {
    const userId = idOf(req, adminMessages.customerNotFound);
    const { reason } = parseInput(roleChangeRequestSchema, req.body);
    await answer(res, await deps.commands.unblock(userId, actorOf(res), reason ?? ADMIN_UNBLOCK_REASON));
  });

  router.get('/admin/transactions', async (req, res) => {
    const query = parseInput(adminHistoryQuerySchema, req.query);
    res.json(await findAdminHistory(deps.readStore, query));
  });

  router.get('/admin/transactions/:id', async (req, res) => {
    const detail = await findAdminCheck(deps.readStore, idOf(req, adminMessages.checkNotFound));
    if (!detail) throw new NotFound(adminMessages.checkNotFound);
    res.json(detail);
  });

  return router;
}
