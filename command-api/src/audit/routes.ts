import { z } from 'zod';
import {
  auditFiltersSchema,
  auditPageSchema,
  auditQuerySchema,
  auditTypesSchema,
  balanceAsOfQuerySchema,
  balanceAsOfSchema,
  balanceHistorySchema,
  chainVerificationResponseSchema,
  type ChainVerificationResponse,
  DAY_FILTER_REFUSED,
} from '@walletscreen/contracts';
import { verifyChain, type BreakFinder, type ChainSource, type ChainVerification, type EventStore, type ReadStore } from '@walletscreen/platform';
import { sessionAuth, type Authenticator } from '../http/auth';
import { drainedOrClosed } from '../http/drain';
import { auditReaderAnswers, route, routeGroup, type RouteGroup } from '../http/route';
import { Conflict, NotFound } from '@walletscreen/domain/errors';
import { auditEventTypes } from '@walletscreen/projections/audit/queries';
import { findAuditEntries, streamAuditEntries } from './audit-query';
import { balanceAsOf, balanceHistory } from './balance';
import { userLedger as ledger } from './user-ledger';

const userIdSchema = z.object({ userId: z.uuid().meta({ description: 'The customer id' }) });
const notFound = 'Customer not found';

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
  /**
   * The event store's hash chain, to verify; absent where the store keeps none (EventStoreDB).
   * Which store keeps one is the composition root's to say.
   */
  hashChain?: ChainSource;
  /** The store's integrity (integrity/monitor.ts): a break this walk finds halts writes (it walks the whole chain itself, as at start). */
  integrity: { verifyWhole(foundBy: BreakFinder): Promise<unknown> };
  clock: () => Date;
}): RouteGroup {
  const tags = ['Admin: audit'];

  return routeGroup(
    [
      route({
        method: 'get',
        path: '/admin/audit',
        summary: 'Every recorded event, newest first, filtered on the server (admins and auditors)',
        tags,
        auth: 'audit',
        request: { query: auditQuerySchema },
        responses: { 200: { description: 'A page of the log', schema: auditPageSchema }, 400: { description: DAY_FILTER_REFUSED }, ...auditReaderAnswers },
        async handle({ query }, _req, res) {
          res.json(await findAuditEntries(deps.readStore, query));
        },
      }),
      route({
        method: 'get',
        path: '/admin/audit/types',
        summary: 'The event types recorded so far (admins and auditors)',
        tags,
        auth: 'audit',
        responses: { 200: { description: 'Types', schema: auditTypesSchema }, ...auditReaderAnswers },
        async handle(_input, _req, res) {
          res.json({ types: await auditEventTypes(deps.readStore) });
        },
      }),
      route({
        method: 'get',
        path: '/admin/audit/export',
        summary: 'The filtered events, oldest first, as JSON Lines (attachment walletscreen-audit-<time>.jsonl), streamed (admins and auditors)',
        tags,
        auth: 'audit',
        request: { query: auditFiltersSchema },
        responses: {
          200: {
            description: 'One audit entry (as in GET /api/admin/audit) per line',
            contentType: 'application/x-ndjson',
            schema: z.string(),
            headers: { 'Content-Disposition': 'attachment; filename="walletscreen-audit-<time>.jsonl"' },
          },
          400: { description: DAY_FILTER_REFUSED },
          ...auditReaderAnswers,
        },
        async handle({ query: filters }, req, res) {
          const stamp = deps.clock().toISOString().slice(0, 19).replace(/[:T]/g, '-');
          res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
          res.setHeader('Content-Disposition', `attachment; filename="walletscreen-audit-${stamp}.jsonl"`);
          let aborted = false;
          req.on('close', () => {
            aborted = !res.writableFinished;
          });
          for await (const entry of streamAuditEntries(deps.readStore, filters)) {
            if (aborted) return;
            if (!res.write(`${JSON.stringify(entry)}\n`)) await drainedOrClosed(res);
          }
          res.end();
        },
      }),
      route({
        method: 'get',
        path: '/admin/audit/balance/:userId',
        summary: "A customer's balance as of a moment, folded from their stream's events recorded up to it (admins and auditors)",
        tags,
        auth: 'audit',
        request: { params: userIdSchema, paramsNotFound: notFound, query: balanceAsOfQuerySchema },
        responses: {
          200: { description: 'The balance then', schema: balanceAsOfSchema },
          400: { description: 'Invalid moment' },
          404: { description: 'No such customer' },
          ...auditReaderAnswers,
        },
        async handle({ params, query }, _req, res) {
          const events = await deps.eventStore.readStream(ledger.streamId(params.userId));
          if (events.length === 0) throw new NotFound(notFound);
          res.json(balanceAsOf(ledger, params.userId, events, query.at ? new Date(query.at).toISOString() : deps.clock().toISOString()));
        },
      }),
      route({
        method: 'get',
        path: '/admin/audit/balance-history/:userId',
        summary: 'Each balance-changing event of a customer with the balance after it (admins and auditors)',
        tags,
        auth: 'audit',
        request: { params: userIdSchema, paramsNotFound: notFound },
        responses: {
          200: { description: 'The changes, oldest first', schema: balanceHistorySchema },
          404: { description: 'No such customer' },
          ...auditReaderAnswers,
        },
        async handle({ params }, _req, res) {
          const events = await deps.eventStore.readStream(ledger.streamId(params.userId));
          if (events.length === 0) throw new NotFound(notFound);
          res.json(balanceHistory(ledger, params.userId, events));
        },
      }),
      route({
        method: 'get',
        path: '/admin/audit/verify',
        summary:
          "Walks the event store's hash chain: the count and head hash, or the first event altered, removed or inserted (admins and auditors); a break it finds halts writes until an admin acknowledges it",
        tags,
        auth: 'audit',
        responses: {
          200: { description: 'The verification', schema: chainVerificationResponseSchema },
          409: { description: 'This event store keeps no hash chain (EventStoreDB)' },
          ...auditReaderAnswers,
        },
        async handle(_input, _req, res) {
          if (!deps.hashChain) {
            throw new Conflict(
              'This event store keeps no hash chain: the chain is kept by the SQLite event store. EventStoreDB keeps its own append-only log with a checksum on every record.',
            );
          }
          const result = await verifyChain(deps.hashChain);
          // A break found here halts writes as one found at start does (acknowledged ones aside), before the admin reads it.
          if (!result.ok) await deps.integrity.verifyWhole('admin-verify');
          res.json(verificationResponse(result, deps.clock().toISOString()));
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}
