import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '@walletscreen/platform';
import type { Problem } from '@walletscreen/contracts';
import { BusinessError, InvalidLines, MethodNotAllowed, NotFound, TooManyRequests } from '@walletscreen/domain/errors';
import { expressPathRegExp, sizeText } from './route';

function problemOf(status: number, title: string, message: string, fields?: Record<string, string>): Problem {
  return { type: 'about:blank', title, status, detail: message, error: message, ...(fields ? { errors: fields } : {}) };
}

/** Unknown /api paths answer 404 problem JSON rather than the SPA. */
export const apiNotFound: RequestHandler = (req, _res, next) => next(new NotFound(`No API route ${req.method} ${req.path}`));

/**
 * A declared path asked with a method it does not take answers 405 with `Allow` (RFC 9110 §15.5.6),
 * not 404: the path is there. `routes` are the declared routes' methods and Express paths (the
 * path below the router's mount point, `/v1/screenings/:id`); GET takes HEAD too.
 */
export function methodNotAllowed(routes: ReadonlyArray<{ method: string; path: string }>): RequestHandler {
  const byPath = new Map<string, { test: RegExp; methods: Set<string> }>();
  for (const r of routes) {
    const entry = byPath.get(r.path) ?? {
      test: expressPathRegExp(r.path, '/?$'),
      methods: new Set<string>(),
    };
    entry.methods.add(r.method.toUpperCase());
    if (r.method.toLowerCase() === 'get') entry.methods.add('HEAD');
    byPath.set(r.path, entry);
  }
  return (req, res, next) => {
    const allowed = new Set<string>();
    for (const { test, methods } of byPath.values()) if (test.test(req.path)) for (const m of methods) allowed.add(m);
    if (allowed.size === 0 || allowed.has(req.method)) return next();
    const allow = [...allowed].sort();
    next(new MethodNotAllowed(`${req.path} does not take ${req.method}: it takes ${allow.join(', ')}`, allow));
  };
}

/** Turns errors into problem-details JSON; anything unexpected is a 500 logged with its stack. */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof BusinessError) {
      if (error instanceof TooManyRequests) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      if (error instanceof MethodNotAllowed) res.setHeader('Allow', error.allow.join(', '));
      const problem = problemOf(error.status, error.title, error.message, error.fields);
      res
        .status(error.status)
        .type('application/problem+json')
        .json(error instanceof InvalidLines ? { ...problem, lines: error.lines, line_errors: error.lineErrors } : problem);
      return;
    }
    // body-parser's errors carry a status and a type (and the limit, when too large).
    const e = error as { status?: number; type?: string; message?: string; limit?: number };
    if (e?.type === 'entity.too.large') {
      const message =
        typeof e.limit === 'number' ? `The request body is too large: this call takes at most ${sizeText(e.limit)}` : 'The request body is too large';
      res
        .status(413)
        .type('application/problem+json')
        .json(problemOf(413, 'Payload too large', message));
      return;
    }
    if (e?.type === 'entity.parse.failed') {
      res
        .status(400)
        .type('application/problem+json')
        .json(problemOf(400, 'Invalid request', 'The request body is not valid JSON', { body: 'The request body is not valid JSON' }));
      return;
    }
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      res
        .status(e.status)
        .type('application/problem+json')
        .json(problemOf(e.status, 'Invalid request', 'The request could not be read'));
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'unexpected error');
    res
      .status(500)
      .type('application/problem+json')
      .json(problemOf(500, 'Internal error', 'Something went wrong. Please try again.'));
  };
}
