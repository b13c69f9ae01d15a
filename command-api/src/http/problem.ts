import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '@walletscreen/platform';
import type { Problem } from '@walletscreen/contracts';
import { BusinessError, InvalidLines, NotFound, TooManyRequests } from '@walletscreen/domain/errors';

function problemOf(status: number, title: string, message: string, fields?: Record<string, string>): Problem {
  return { type: 'about:blank', title, status, detail: message, error: message, ...(fields ? { errors: fields } : {}) };
}

/** Unknown /api paths answer 404 problem JSON rather than the SPA. */
export const apiNotFound: RequestHandler = (req, _res, next) => next(new NotFound(`No API route ${req.method} ${req.path}`));

/** Turns errors into problem-details JSON; anything unexpected is a 500 logged with its stack. */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof BusinessError) {
      if (error instanceof TooManyRequests) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      const problem = problemOf(error.status, error.title, error.message, error.fields);
      res
        .status(error.status)
        .type('application/problem+json')
        .json(error instanceof InvalidLines ? { ...problem, lines: error.lines, line_errors: error.lineErrors } : problem);
      return;
    }
    // body-parser's errors carry a status and a type.
    const e = error as { status?: number; type?: string; message?: string };
    if (e?.type === 'entity.too.large') {
      res
        .status(413)
        .type('application/problem+json')
        .json(problemOf(413, 'Payload too large', 'The request body is too large'));
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
