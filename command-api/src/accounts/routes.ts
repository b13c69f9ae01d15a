import {
  accountMessages,
  accountSessionsSchema,
  adminLoginResponseSchema,
  changePasswordRequestSchema,
  confirmEmailRequestSchema,
  endedSessionsSchema,
  sessionIdParamsSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  profileSchema,
  registerRequestSchema,
  registerResponseSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from '@walletscreen/contracts';
import { currentUser, sessionAuth } from '../http/auth';
import { route, routeGroup, type RouteGroup } from '../http/route';
import { Conflict, NotFound } from '@walletscreen/domain/errors';
import { awaitingEmailConfirmation } from '@walletscreen/domain/user/state';
import { CONFIRMATION_LINKS_PER_HOUR, withinConfirmationLinkBudget, withinRegistrationBudget, type RegistrationLimiters } from './registration-throttle';
import type { Accounts } from './service';

const tags = ['Accounts'];

const retryAfter = { 'Retry-After': 'Seconds until the next attempt is allowed' };

const signedIn = { 401: { description: 'Not signed in, or the session ended or expired' }, 403: { description: 'Blocked' } };

/**
 * POST /api/auth/*, GET /api/profile, POST /api/admin/admin-login, and the Account screen's
 * sessions and password change (/api/account/sessions, /api/account/password).
 */
export function accountRoutes(accounts: Accounts, limiters: RegistrationLimiters, readModelsShow: (position: number) => Promise<void>): RouteGroup {
  return routeGroup(
    [
      route({
        method: 'post',
        path: '/auth/register',
        summary: 'Register, and be signed in: the account gets 20 free premium checks (where e-mail confirmation is on, once the address is confirmed)',
        description: [
          'The answer carries a session token, as sign-in does (100 minutes). Where the server sends e-mail, a link to confirm the address is sent to it and the free checks are added when it is opened (POST /api/auth/confirm-email); until then `email_confirmation_pending` is true here and in the profile, and a check with nothing else to spend is refused (402) saying so.',
          `Registrations are rate-limited per client address and in total, each per hour (429 with Retry-After, ${JSON.stringify(accountMessages.tooManyRegistrations)} or ${JSON.stringify(accountMessages.registrationsBusy)}). A registration refused for its fields does not count; one refused because the e-mail is taken does.`,
        ].join('\n\n'),
        tags,
        auth: 'none',
        request: { body: registerRequestSchema },
        responses: {
          201: { description: 'Registered and signed in', schema: registerResponseSchema },
          400: { description: 'Invalid fields' },
          409: { description: accountMessages.registrationFailed },
          413: { description: 'Body too large' },
          429: { description: 'Too many registrations from this address, or from all addresses, in the last hour', headers: retryAfter },
        },
        async handle({ body }, req, res) {
          const address = req.ip ?? 'unknown';
          const { token, emailConfirmationPending } = await withinRegistrationBudget(limiters, address, () =>
            accounts.signUp(body, address, req.get('user-agent')),
          );
          res.status(201).json({
            message: emailConfirmationPending ? accountMessages.registeredConfirmEmail : accountMessages.registered,
            token,
            email_confirmation_pending: emailConfirmationPending,
          });
        },
      }),
      route({
        method: 'post',
        path: '/auth/confirm-email',
        summary: "Confirm the account's e-mail address with the link sent to it: the free checks are added (the same link again changes nothing)",
        tags,
        auth: 'none',
        request: { body: confirmEmailRequestSchema },
        responses: {
          200: { description: 'Confirmed', schema: messageResponseSchema },
          400: { description: accountMessages.confirmationLinkInvalid },
          403: { description: 'Account blocked' },
        },
        async handle({ body }, _req, res) {
          const { position } = await accounts.confirmEmail(body.token);
          if (position !== null) await readModelsShow(position);
          res.json({ message: accountMessages.emailConfirmed });
        },
      }),
      route({
        method: 'post',
        path: '/account/email-confirmation',
        summary: 'Send the link to confirm the e-mail address again (earlier links stay valid)',
        description: `At most ${CONFIRMATION_LINKS_PER_HOUR} an hour per account (429 with Retry-After beyond).`,
        tags,
        auth: 'session',
        responses: {
          200: { description: 'Sent', schema: messageResponseSchema },
          409: { description: accountMessages.emailAlreadyConfirmed },
          ...signedIn,
          429: { description: accountMessages.tooManyConfirmationRequests, headers: retryAfter },
        },
        async handle(_input, _req, res) {
          const me = currentUser(res);
          // Refused before the budget counts it: a confirmed address needs no link.
          const user = await accounts.load(me.userId);
          if (user.status === 'registered' && !awaitingEmailConfirmation(user)) throw new Conflict(accountMessages.emailAlreadyConfirmed);
          await withinConfirmationLinkBudget(limiters, me.userId);
          await accounts.requestEmailConfirmation(me.userId);
          res.json({ message: accountMessages.confirmationSent });
        },
      }),
      route({
        method: 'post',
        path: '/auth/login',
        summary: 'Sign in',
        tags,
        auth: 'none',
        // Signing in records the session: it runs while writes are halted, so that an admin can act on the halt.
        whileWritesHalted: true,
        request: { body: loginRequestSchema },
        responses: {
          200: { description: 'Session token (100 minutes)', schema: loginResponseSchema },
          400: { description: 'Invalid fields' },
          401: { description: accountMessages.invalidCredentials },
          403: { description: 'Account blocked' },
          429: { description: 'Too many attempts', headers: { 'Retry-After': 'Seconds until the next attempt is allowed' } },
        },
        async handle({ body }, req, res) {
          res.json({ token: await accounts.login(body, req.ip ?? 'unknown', req.get('user-agent')) });
        },
      }),
      route({
        method: 'post',
        path: '/admin/admin-login',
        summary: "Admin-area sign-in, for admins and auditors (the answer's role says which; an auditor's session is read-only)",
        tags,
        auth: 'none',
        // Signing in records the session: it runs while writes are halted, so that an admin can act on the halt.
        whileWritesHalted: true,
        request: { body: loginRequestSchema },
        responses: {
          200: { description: 'Admin session token', schema: adminLoginResponseSchema },
          400: { description: 'Invalid fields' },
          401: { description: `${accountMessages.invalidCredentials} (also for an account that is neither an admin nor an auditor, or is blocked)` },
          429: { description: 'Too many attempts', headers: { 'Retry-After': 'Seconds until the next attempt is allowed' } },
        },
        async handle({ body }, req, res) {
          res.json(await accounts.adminLogin(body, req.ip ?? 'unknown', req.get('user-agent')));
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
        responses: {
          200: { description: 'Password changed', schema: messageResponseSchema },
          400: { description: 'Invalid or expired token, or invalid password' },
        },
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
        responses: {
          200: { description: 'Profile', schema: profileSchema },
          401: { description: 'Not signed in, or the session expired' },
          403: { description: 'Blocked' },
        },
        async handle(_input, _req, res) {
          const user = await accounts.load(currentUser(res).userId);
          if (user.status !== 'registered') throw new Error('authenticated user has no state');
          res.json(accounts.profile(user));
        },
      }),
      route({
        method: 'post',
        path: '/auth/logout',
        summary: 'Sign out: ends the session of this token (its token answers 401 from now on)',
        tags,
        auth: 'session',
        ownSessionOnly: true,
        responses: {
          200: { description: 'Signed out', schema: messageResponseSchema },
          404: { description: 'The token has no recorded session (issued before sessions were recorded)' },
          ...signedIn,
        },
        async handle(_input, _req, res) {
          const me = currentUser(res);
          if (me.sessionId === undefined) throw new NotFound(accountMessages.sessionNotFound);
          await accounts.endSession(me.userId, me.sessionId, 'signed-out');
          res.json({ message: accountMessages.signedOut });
        },
      }),
      route({
        method: 'post',
        path: '/account/password',
        summary: 'Change the password: the current one is required; every other session ends, this one stays',
        description:
          'A wrong current password counts as a failed sign-in (the same throttle answers 429); the new one follows the registration rules. Nothing is recorded when either is refused.',
        tags,
        auth: 'session',
        request: { body: changePasswordRequestSchema },
        responses: {
          200: { description: 'Password changed', schema: messageResponseSchema },
          400: { description: `${accountMessages.currentPasswordWrong}, or the new password is not acceptable (per-field messages)` },
          ...signedIn,
          429: { description: 'Too many attempts', headers: { 'Retry-After': 'Seconds until the next attempt is allowed' } },
        },
        async handle({ body }, req, res) {
          await accounts.changePassword(currentUser(res), { currentPassword: body.current_password, newPassword: body.new_password }, req.ip ?? 'unknown');
          res.json({ message: accountMessages.passwordChanged });
        },
      }),
      route({
        method: 'get',
        path: '/account/sessions',
        summary: "The signed-in user's open sessions, newest first, the one asking marked `current`",
        tags,
        auth: 'session',
        responses: { 200: { description: 'Open sessions', schema: accountSessionsSchema }, ...signedIn },
        async handle(_input, _req, res) {
          const me = currentUser(res);
          res.json(await accounts.listSessions(me.userId, me.sessionId));
        },
      }),
      route({
        method: 'delete',
        path: '/account/sessions',
        summary: 'Sign out of every other session (and of tokens issued before sessions were recorded); this one stays',
        tags,
        auth: 'session',
        ownSessionOnly: true,
        responses: { 200: { description: 'How many listed sessions ended', schema: endedSessionsSchema }, ...signedIn },
        async handle(_input, _req, res) {
          const me = currentUser(res);
          const ended = await accounts.endOtherSessions(me.userId, me.sessionId);
          res.json({ ended, message: accountMessages.otherSessionsEnded });
        },
      }),
      route({
        method: 'delete',
        path: '/account/sessions/:id',
        summary: 'End one of your sessions (this one too: that signs out); its token answers 401 from now on',
        tags,
        auth: 'session',
        ownSessionOnly: true,
        request: { params: sessionIdParamsSchema, paramsNotFound: accountMessages.sessionNotFound },
        responses: { 200: { description: 'Ended', schema: endedSessionsSchema }, 404: { description: 'No such open session of yours' }, ...signedIn },
        async handle({ params }, _req, res) {
          const me = currentUser(res);
          await accounts.endSession(me.userId, params.id, params.id === me.sessionId ? 'signed-out' : 'ended-elsewhere');
          res.json({ ended: 1, message: params.id === me.sessionId ? accountMessages.signedOut : 'Session ended' });
        },
      }),
    ],
    { auth: sessionAuth(accounts) },
  );
}
