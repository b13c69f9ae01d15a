import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { accountMessages, type Role } from '@walletscreen/contracts';
import { Forbidden } from '@walletscreen/domain/errors';
import type { AuthMiddleware } from './route';
import { setConsistencyToken } from './consistency';

export interface AuthenticatedUser {
  userId: string;
  email: string;
  role: Role;
  /** The session the token belongs to (absent for tokens issued before sessions were recorded, and for API keys). */
  sessionId?: string;
}

/** What an auditor asked for, recorded before it is answered. */
export interface AuditorAccess {
  method: string;
  path: string;
  params: Record<string, string>;
}

export interface Authenticator {
  authenticate(authorization: string | undefined): Promise<AuthenticatedUser>;
  /** Records an auditor's read of the admin area's data (answering with the record's store position); the read is refused when it cannot be recorded. */
  recordAuditorAccess?(auditor: AuthenticatedUser, access: AuditorAccess): Promise<number | null>;
}

/** Methods that read: the only ones an auditor's session may call. */
const READS = new Set(['GET', 'HEAD']);

/** An auditor changes nothing: any other method is refused before the route runs, whatever the route. */
function refuseAuditorWrites(user: AuthenticatedUser, req: Request): void {
  if (user.role === 'auditor' && !READS.has(req.method)) throw new Forbidden(accountMessages.auditorReadOnly);
}

/** Locals set by the auth middleware. */
export function currentUser(res: Response): AuthenticatedUser {
  const user = res.locals.user as AuthenticatedUser | undefined;
  if (!user) throw new Error('route is missing the auth middleware');
  return user;
}

/** Any signed-in user who is not blocked; an auditor only on reads, unless the route changes nothing but the caller's own sign-in. */
export function requireUser(auth: Authenticator, options: { ownSessionOnly?: true } = {}): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    auth
      .authenticate(req.headers.authorization)
      .then((user) => {
        if (!options.ownSessionOnly) refuseAuditorWrites(user, req);
        res.locals.user = user;
      })
      .then(() => next(), next);
  };
}

/** The admin role is checked here, on the server, against the user's current state. */
export function requireAdmin(auth: Authenticator): RequestHandler {
  return (req, res, next) => {
    auth
      .authenticate(req.headers.authorization)
      .then((user) => {
        refuseAuditorWrites(user, req);
        if (user.role !== 'admin') throw new Forbidden(accountMessages.forbidden);
        res.locals.user = user;
      })
      .then(() => next(), next);
  };
}

/**
 * The admin area's reads: admins, and auditors, whose every call here is recorded (what they
 * asked for, by whom, when) before it is answered; a read that cannot be recorded is not answered.
 */
export function requireAuditReader(auth: Authenticator): RequestHandler {
  return (req, res, next) => {
    auth
      .authenticate(req.headers.authorization)
      .then(async (user) => {
        refuseAuditorWrites(user, req);
        if (user.role !== 'admin' && user.role !== 'auditor') throw new Forbidden(accountMessages.forbidden);
        if (user.role === 'auditor') {
          if (!auth.recordAuditorAccess) throw new Error("the authenticator cannot record auditors' reads");
          // The read recorded something: its answer carries that record's consistency token.
          setConsistencyToken(
            res,
            await auth.recordAuditorAccess(user, { method: req.method, path: req.originalUrl, params: { ...(req.params as Record<string, string>) } }),
          );
        }
        res.locals.user = user;
      })
      .then(() => next(), next);
  };
}

/**
 * A route's `auth` checked with the session token: `session` for any signed-in user who is not
 * blocked, `admin` for admins, `audit` for admins and auditors (reads only). An auditor's session
 * may call no route but reads. Routes taking an API key need a group with the key's middleware.
 */
export function sessionAuth(auth: Authenticator): AuthMiddleware {
  const user = requireUser(auth);
  const ownSession = requireUser(auth, { ownSessionOnly: true });
  const admin = requireAdmin(auth);
  const audit = requireAuditReader(auth);
  return (kind, route) => {
    if (kind === 'session') return route?.ownSessionOnly ? ownSession : user;
    if (kind === 'admin') return admin;
    if (kind === 'audit') return audit;
    throw new Error(`sessionAuth cannot check an API key (scope ${kind.apiKey}): give the group the API key middleware`);
  };
}
