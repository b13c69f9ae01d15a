import { Router } from 'express';
import type { SanctionsStatus } from '@walletscreen/contracts';
import { requireUser, type Authenticator } from '../http/auth';

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
