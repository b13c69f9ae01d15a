import { Router } from 'express';
import { customersQuerySchema } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { requireAdmin, type Authenticator } from '../http/auth';
import { parseInput } from '../http/validation';
import { listCustomers } from './customers-query';

/** GET /api/admin/customers. Every admin route checks the admin role on the server. */
export function adminRoutes(deps: { auth: Authenticator; readStore: ReadStore }): Router {
  const router = Router();
  router.use('/admin', requireAdmin(deps.auth));
  router.get('/admin/customers', async (req, res) => {
    const query = parseInput(customersQuerySchema, req.query);
    res.json(await listCustomers(deps.readStore, query));
  });
  return router;
}
