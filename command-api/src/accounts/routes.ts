import { Router } from 'express';
import {
  accountMessages,
  loginRequestSchema,
  registerRequestSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from '@walletscreen/contracts';
import { currentUser, requireUser } from '../http/auth';
import { parseInput } from '../http/validation';
import type { Accounts } from './service';

/** POST /api/auth/*, GET /api/profile and POST /api/admin/admin-login. */
export function accountRoutes(accounts: Accounts): Router {
  const router = Router();

  router.post('/auth/register', async (req, res) => {
    const input = parseInput(registerRequestSchema, req.body);
    await accounts.register(input);
    res.status(201).json({ message: 'Registration successful. You can now sign in.' });
  });

  router.post('/auth/login', async (req, res) => {
    const input = parseInput(loginRequestSchema, req.body);
    res.json({ token: await accounts.login(input, req.ip ?? 'unknown') });
  });

  router.post('/admin/admin-login', async (req, res) => {
    const input = parseInput(loginRequestSchema, req.body);
    res.json({ token: await accounts.adminLogin(input, req.ip ?? 'unknown'), role: 'admin' });
  });

  router.post('/auth/request-password-reset', async (req, res) => {
    const { email } = parseInput(requestPasswordResetSchema, req.body);
    await accounts.requestPasswordReset(email);
    res.json({ message: accountMessages.resetRequested });
  });

  router.post('/auth/reset-password', async (req, res) => {
    const input = parseInput(resetPasswordSchema, req.body);
    await accounts.resetPassword(input);
    res.json({ message: accountMessages.resetDone });
  });

  router.get('/profile', requireUser(accounts), async (_req, res) => {
    const user = await accounts.load(currentUser(res).userId);
    if (user.status !== 'registered') throw new Error('authenticated user has no state');
    res.json(accounts.profile(user));
  });

  return router;
}
