import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { accountMessages } from '@walletscreen/contracts';
import { Forbidden } from '../shared/errors';

export interface AuthenticatedUser {
  userId: string;
  email: string;
  role: 'user' | 'admin' | 'blocked';
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
