import {
  accountMessages,
  adminLoginResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  profileSchema,
  registerRequestSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from '@walletscreen/contracts';
import { currentUser, sessionAuth } from '../http/auth';
import { route, routeGroup, type RouteGroup } from '../http/route';
import type { Accounts } from './service';

const tags = ['Accounts'];

/** POST /api/auth/*, GET /api/profile and POST /api/admin/admin-login. */
export function accountRoutes(accounts: Accounts): RouteGroup {
  return routeGroup(
    [
      route({
        method: 'post',
        path: '/auth/register',
        summary: 'Register; the account gets 20 free premium checks',
        tags,
        auth: 'none',
        request: { body: registerRequestSchema },
        responses: {
          201: { description: 'Registered', schema: messageResponseSchema },
          400: { description: 'Invalid fields' },
          409: { description: accountMessages.registrationFailed },
          413: { description: 'Body too large' },
        },
        async handle({ body }, _req, res) {
          await accounts.register(body);
          res.status(201).json({ message: 'Registration successful. You can now sign in.' });
        },
      }),
      route({
        method: 'post',
        path: '/auth/login',
        summary: 'Sign in',
        tags,
        auth: 'none',
        request: { body: loginRequestSchema },
        responses: {
          200: { description: 'Session token (100 minutes)', schema: loginResponseSchema },
          400: { description: 'Invalid fields' },
          401: { description: accountMessages.invalidCredentials },
          403: { description: 'Account blocked' },
          429: { description: 'Too many attempts', headers: { 'Retry-After': 'Seconds until the next attempt is allowed' } },
        },
        async handle({ body }, req, res) {
          res.json({ token: await accounts.login(body, req.ip ?? 'unknown') });
        },
      }),
      route({
        method: 'post',
        path: '/admin/admin-login',
        summary: "Admin-area sign-in, for admins and auditors (the answer's role says which; an auditor's session is read-only)",
        tags,
        auth: 'none',
        request: { body: loginRequestSchema },
        responses: {
          200: { description: 'Admin session token', schema: adminLoginResponseSchema },
          400: { description: 'Invalid fields' },
          401: { description: `${accountMessages.invalidCredentials} (also for an account that is neither an admin nor an auditor, or is blocked)` },
          429: { description: 'Too many attempts', headers: { 'Retry-After': 'Seconds until the next attempt is allowed' } },
        },
        async handle({ body }, req, res) {
          res.json(await accounts.adminLogin(body, req.ip ?? 'unknown'));
        },
      }),
      route({
        method: 'post',
        path: '/auth/request-password-reset',
        summary: 'Send a password-reset link (the answer is the same for unknown e-mails)',
        tags,
        auth: 'none',
        request: { body: requestPasswordResetSchema },
        responses: { 200: { description: 'Neutral confirmation', schema: messageResponseSchema }, 400: { description: 'Invalid fields' } },
        async handle({ body }, _req, res) {
          await accounts.requestPasswordReset(body.email);
          res.json({ message: accountMessages.resetRequested });
        },
      }),
      route({
        method: 'post',
        path: '/auth/reset-password',
        summary: 'Set a new password with a reset token (single use, 30 minutes)',
        tags,
        auth: 'none',
        request: { body: resetPasswordSchema },
        responses: { 200: { description: 'Password changed', schema: messageResponseSchema }, 400: { description: 'Invalid or expired token, or invalid password' } },
        async handle({ body }, _req, res) {
          await accounts.resetPassword(body);
          res.json({ message: accountMessages.resetDone });
        },
      }),
      route({
        method: 'get',
        path: '/profile',
        summary: 'The signed-in user',
        tags,
        auth: 'session',
        responses: { 200: { description: 'Profile', schema: profileSchema }, 401: { description: 'Not signed in, or the session expired' }, 403: { description: 'Blocked' } },
        async handle(_input, _req, res) {
          const user = await accounts.load(currentUser(res).userId);
          if (user.status !== 'registered') throw new Error('authenticated user has no state');
          res.json(accounts.profile(user));
        },
      }),
    ],
    { auth: sessionAuth(accounts) },
  );
}
