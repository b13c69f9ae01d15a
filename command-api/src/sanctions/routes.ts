import { Router } from 'express';
import type { SanctionsStatus, SanctionsSyncResponse } from '@walletscreen/contracts';
import { requireAdmin, requireUser, type Authenticator } from '../http/auth';

/**
 * GET /api/sanctions/status, for signed-in users: whether an OFAC list is loaded (the Wallet
 * Checker warns when none is), its version, and how the last sync went. The composition root
 * supplies the reader.
 */
export function sanctionsRoutes(deps: { auth: Authenticator; status: () => Promise<SanctionsStatus> }): Router {
  const router = Router();
  router.get('/sanctions/status', requireUser(deps.auth), async (_req, res) => {
    res.json(await deps.status());
  });
  return router;
}

/**
 * POST /api/admin/sanctions/sync, admins only: runs the OFAC sync now (the one the daily refresh
 * runs, recorded in the sync log) and answers with its result and the status after it. A failed
 * download is an answer too (`result: failed`), not an error: the list in force stays.
 */
export function adminSanctionsRoutes(deps: { auth: Authenticator; sync: () => Promise<Omit<SanctionsSyncResponse, 'status'>>; status: () => Promise<SanctionsStatus> }): Router {
  const router = Router();
  router.post('/admin/sanctions/sync', requireAdmin(deps.auth), async (_req, res) => {
    const outcome = await deps.sync();
    const body: SanctionsSyncResponse = { ...outcome, status: await deps.status() };
    res.json(body);
  });
  return router;
}
