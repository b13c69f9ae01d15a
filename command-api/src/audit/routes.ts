import { Router, type Request } from 'express';
import { z } from 'zod';
import { auditFiltersSchema, auditQuerySchema, balanceAsOfQuerySchema, type ChainVerificationResponse } from '@walletscreen/contracts';
import type { ChainVerification, EventStore, ReadStore } from '@walletscreen/platform';
import { requireAdmin, type Authenticator } from '../http/auth';
import { parseInput } from '../http/validation';
import { Conflict, NotFound } from '../shared/errors';
import { auditTypes, findAuditEntries, streamAuditEntries } from './audit-query';
import { balanceAsOf, balanceHistory, type UserLedger } from './balance';

const userIdSchema = z.uuid();
const notFound = 'Customer not found';

function userIdOf(req: Request): string {
  const id = userIdSchema.safeParse(req.params.userId);
  if (!id.success) throw new NotFound(notFound);
  return id.data;
}

export function verificationResponse(result: ChainVerification, checkedAt: string): ChainVerificationResponse {
  const p = result.problem;
  return {
    ok: result.ok,
    count: result.count,
    head_position: result.headPosition,
    head_hash: result.headHash,
    problem: p && { kind: p.kind, position: p.position, stream: p.streamId, type: p.type, revision: p.revision, event_id: p.eventId, message: p.message },
    checked_at: checkedAt,
  };
}

/**
 * GET /api/admin/audit (filters: type, user, admin, stream, from, to; limit, offset),
 * GET /api/admin/audit/types, GET /api/admin/audit/export (JSON Lines, streamed),
 * GET /api/admin/audit/balance/:userId?at=, GET /api/admin/audit/balance-history/:userId,
 * GET /api/admin/audit/verify. Admins only, checked on the server.
 */
export function auditRoutes(deps: {
  auth: Authenticator;
  readStore: ReadStore;
  eventStore: EventStore;
  ledger: UserLedger<never>;
  /** Absent where the event store keeps no hash chain (EventStoreDB). */
  verify?: () => Promise<ChainVerification>;
  clock: () => Date;
}): Router {
  const router = Router();
  const ledger = deps.ledger as UserLedger<unknown>;
  router.use('/admin/audit', requireAdmin(deps.auth));

  router.get('/admin/audit', async (req, res) => {
    res.json(await findAuditEntries(deps.readStore, parseInput(auditQuerySchema, req.query)));
  });

  router.get('/admin/audit/types', async (_req, res) => {
    res.json({ types: await auditTypes(deps.readStore) });
  });

  router.get('/admin/audit/export', async (req, res) => {
    const filters = parseInput(auditFiltersSchema, req.query);
    const stamp = deps.clock().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="walletscreen-audit-${stamp}.jsonl"`);
    let aborted = false;
    req.on('close', () => {
      aborted = !res.writableFinished;
    });
    for await (const entry of streamAuditEntries(deps.readStore, filters)) {
      if (aborted) return;
      if (!res.write(`${JSON.stringify(entry)}\n`)) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
    }
    res.end();
  });

  router.get('/admin/audit/balance/:userId', async (req, res) => {
    const userId = userIdOf(req);
    const { at } = parseInput(balanceAsOfQuerySchema, req.query);
    const events = await deps.eventStore.readStream(ledger.streamId(userId));
    if (events.length === 0) throw new NotFound(notFound);
    res.json(balanceAsOf(ledger, userId, events, at ? new Date(at).toISOString() : deps.clock().toISOString()));
  });

  router.get('/admin/audit/balance-history/:userId', async (req, res) => {
    const userId = userIdOf(req);
    const events = await deps.eventStore.readStream(ledger.streamId(userId));
    if (events.length === 0) throw new NotFound(notFound);
    res.json(balanceHistory(ledger, userId, events));
  });

  router.get('/admin/audit/verify', async (_req, res) => {
    if (!deps.verify) {
      throw new Conflict('This event store keeps no hash chain: the chain is kept by the SQLite event store. EventStoreDB keeps its own append-only log with a checksum on every record.');
    }
    res.json(verificationResponse(await deps.verify(), deps.clock().toISOString()));
  });

  return router;
}
