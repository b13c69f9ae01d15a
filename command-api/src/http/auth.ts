import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { accountMessages } from '@walletscreen/contracts';
import { Forbidden } from '../shared/errors';
import type { AuthMiddleware } from './route';

export interface AuthenticatedUser {
  userId: string;
  email: string;
  role: 'user' | 'admin' | 'blocked';
  /** The session the token belongs to (absent for tokens issued before sessions were recorded, and for API keys). */
  sessionId?: string;
}

export interface Authenticator {
  authenticate(authorization: string | undefined): Promise<AuthenticatedUser>;
}

/** Locals set by the auth middleware. */
export function currentUser(res: Response): AuthenticatedUser {
  const user = res.locals.user as AuthenticatedUser | undefined;
  if (!user) throw new Error('route is missing the auth middleware');
  return user;
}

export function requireUser(auth: Authenticator): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    auth.authenticate(req.headers.authorization).then((user) => {
      res.locals.user = user;
      next();
    }, next);
  };
}

/** The admin role is checked here, on the server, against the user's current state. */
export function requireAdmin(auth: Authenticator): RequestHandler {
  return (req, res, next) => {
    auth.authenticate(req.headers.authorization).then((user) => {
      if (user.role !== 'admin') return next(new Forbidden(accountMessages.forbidden));
      res.locals.user = user;
      next();
    }, next);
  };
}

/**
 * A route's `auth` checked with the session token: `session` for any signed-in user who is not
 * blocked, `admin` for admins. Routes taking an API key need a group with the key's middleware.
 */
export function sessionAuth(auth: Authenticator): AuthMiddleware {
  const user = requireUser(auth);
  const admin = requireAdmin(auth);
  return (kind) => {
    if (kind === 'session') return user;
    if (kind === 'admin') return admin;
    throw new Error(`sessionAuth cannot check an API key (scope ${kind.apiKey}): give the group the API key middleware`);
  };
}
