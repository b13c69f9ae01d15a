/**
 * Typed business errors. One middleware (http/problem.ts) turns each into problem-details JSON
 * with its status; anything else is a 500 whose details stay in the log.
 */
export abstract class BusinessError extends Error {
  abstract readonly status: number;
  abstract readonly title: string;
  constructor(
    message: string,
    /** Per-field messages for invalid input. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class Invalid extends BusinessError {
  readonly status = 400;
  readonly title = 'Invalid request';
}
/** Invalid lines of a file: each with its line number and message (and how many in all, when more were found than listed). */
export class InvalidLines extends Invalid {
  constructor(
    message: string,
    readonly lines: ReadonlyArray<{ line: number; message: string }>,
    readonly lineErrors: number,
  ) {
    super(message);
  }
}
export class Unauthorized extends BusinessError {
  readonly status = 401;
  readonly title = 'Unauthorized';
}
export class PaymentRequired extends BusinessError {
  readonly status = 402;
  readonly title = 'Payment required';
}
export class Forbidden extends BusinessError {
  readonly status = 403;
  readonly title = 'Forbidden';
}
export class NotFound extends BusinessError {
  readonly status = 404;
  readonly title = 'Not found';
}
/** A method the path does not take: the answer's `Allow` header names those it does. */
export class MethodNotAllowed extends BusinessError {
  readonly status = 405;
  readonly title = 'Method not allowed';
  constructor(
    message: string,
    readonly allow: readonly string[],
  ) {
    super(message);
  }
}
export class Conflict extends BusinessError {
  readonly status = 409;
  readonly title = 'Conflict';
}
export class PayloadTooLarge extends BusinessError {
  readonly status = 413;
  readonly title = 'Payload too large';
}
export class TooManyRequests extends BusinessError {
  readonly status = 429;
  readonly title = 'Too many requests';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
/** What the answer needs is not available now (e.g. no sanctions list loaded): retry later. */
export class Unavailable extends BusinessError {
  readonly status = 503;
  readonly title = 'Service unavailable';
}
