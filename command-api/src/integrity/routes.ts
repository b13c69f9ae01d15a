import { acknowledgeIntegrityBreakSchema, adminStoreIntegritySchema } from '@walletscreen/contracts';
import { Unavailable, type BusinessError } from '@walletscreen/domain/errors';
import { integrityMessages } from '@walletscreen/contracts';
import type { Request } from 'express';
import { currentUser, sessionAuth, type Authenticator } from '../http/auth';
import { consistencyTokenAnswer, setConsistencyToken } from '../http/consistency';
import { auditReaderAnswers, route, routeGroup, type RouteGroup } from '../http/route';
import type { IntegrityMonitor } from './monitor';

/**
 * GET /api/admin/integrity (admins and auditors): the event store's integrity with what to do;
 * POST /api/admin/integrity/acknowledge (admins): acknowledge the break writes are halted on.
 */
export function integrityRoutes(deps: { auth: Authenticator; integrity: IntegrityMonitor }): RouteGroup {
  const tags = ['Admin: audit'];
  return routeGroup(
    [
      route({
        method: 'get',
        path: '/admin/integrity',
        summary:
          "The event store's integrity as last verified (at start, then every minute): how far the hash chain holds, or where it breaks and what to do (admins and auditors)",
        tags,
        auth: 'audit',
        responses: { 200: { description: 'The report', schema: adminStoreIntegritySchema }, ...auditReaderAnswers },
        handle(_input, _req, res) {
          res.json(deps.integrity.adminReport());
        },
      }),
      route({
        method: 'post',
        path: '/admin/integrity/acknowledge',
        summary:
          'Acknowledge the break writes are halted on, with a note (admins only): recorded in the audit log (IntegrityBreakAcknowledged); the verification then passes over it and writes resume',
        tags,
        auth: 'admin',
        whileWritesHalted: true,
        request: { body: acknowledgeIntegrityBreakSchema },
        responses: {
          200: { description: 'Acknowledged: the report after verifying on', schema: adminStoreIntegritySchema, headers: consistencyTokenAnswer },
          400: { description: 'No note, or one too long' },
          401: { description: 'Not signed in' },
          403: { description: 'Not an admin' },
          409: { description: 'Nothing is halted, or the break is no longer at that position, or it was acknowledged already' },
        },
        async handle({ body }, _req, res) {
          const user = currentUser(res);
          const { position, integrity } = await deps.integrity.acknowledge({ userId: user.userId, email: user.email }, body.position, body.note);
          setConsistencyToken(res, position);
          res.json(integrity);
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}

/**
 * The refusal of a write while the store's integrity halts writes: 503, telling an admin the break
 * and the way out, anyone else (customers, API keys) only that the service is paused.
 */
export function haltedWrites(deps: { auth: Authenticator; integrity: IntegrityMonitor }): (req: Request) => Promise<BusinessError | null> {
  return async (req) => {
    const halted = deps.integrity.halted();
    if (!halted) return null;
    const admin = await deps.auth.authenticate(req.headers.authorization).then(
      (user) => user.role === 'admin',
      () => false,
    );
    return new Unavailable(admin ? integrityMessages.haltedForAdmin(halted) : integrityMessages.halted);
  };
}
