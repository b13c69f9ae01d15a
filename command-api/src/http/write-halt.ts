/**
 * Writes halted: while the event store's integrity is in doubt (integrity/monitor.ts), every call
 * but reads (GET, HEAD, OPTIONS) is refused before its route runs, with the refusal `refusal`
 * answers (a 503 problem), except the routes that must run for anyone to act on it: signing in
 * and out, and the acknowledgement itself (declared `whileWritesHalted` or `ownSessionOnly`).
 */
import type { Request, RequestHandler } from 'express';
import type { BusinessError } from '@walletscreen/domain/errors';
import { expressPathRegExp, type RouteDeclaration } from './route';

/** The refusal of a write now (null: writes run). */
export type WriteHalt = (req: Request) => Promise<BusinessError | null>;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a declared route is refused while writes are halted (the document lists its 503). */
export const haltedWithWrites = (route: RouteDeclaration): boolean =>
  !READS.has(route.method.toUpperCase()) && !route.whileWritesHalted && !route.ownSessionOnly;

export function haltWrites(halt: WriteHalt, routes: readonly RouteDeclaration[]): RequestHandler {
  const open = routes.filter((r) => !haltedWithWrites(r)).map((r) => ({ method: r.method.toUpperCase(), test: expressPathRegExp(r.path, '/?$') }));
  return (req, _res, next) => {
    if (READS.has(req.method) || open.some((r) => r.method === req.method && r.test.test(req.path))) return next();
    halt(req).then((refusal) => next(refusal ?? undefined), next);
  };
}
