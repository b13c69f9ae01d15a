/**
 * One declaration per route: its method, path, who may call it, the zod schemas of its request and
 * responses, and its handler. The same declaration mounts the route on an Express router (the
 * schemas validate the request there) and describes it in the OpenAPI document
 * (http/openapi-document.ts), so the document cannot drift from what is served.
 */
import escapeStringRegexp from 'escape-string-regexp';
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { Invalid, NotFound } from '@walletscreen/domain/errors';
import { parseInput } from './validation';
import { refuseNulCharacters } from './control-characters';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * How a route authenticates, for the document's `security` (and, given an `AuthMiddleware`, its
 * checking): `audit` is the admin area's reads, open to admins and (recorded) to auditors.
 */
/**
 * Who may call a route. `{ apiKey }` takes an API key with that scope; `anonymous` marks a route the
 * operator has opened to callers without a key (with their own rate limit per client address).
 */
export type RouteAuth = 'none' | 'session' | 'admin' | 'audit' | { apiKey: string; anonymous?: true };

/** The refusals of an `audit` route, for its `responses`. */
export const auditReaderAnswers = { 401: { description: 'Not signed in' }, 403: { description: 'Neither an admin nor an auditor' } } as const;

export interface RouteResponse {
  description: string;
  /** The body's schema; omitted for a body-less answer. */
  schema?: z.ZodType;
  /** Defaults to application/json (application/problem+json for 4xx and 5xx). */
  contentType?: string;
  /** Response headers, by name, with their description. */
  headers?: Record<string, string>;
  /**
   * OpenAPI links: the operations this answer leads to, by name, with the parameters taken from it
   * (runtime expressions such as `$response.body#/items/0/id`). Clients and testers follow them.
   */
  links?: Record<string, { operationId: string; parameters: Record<string, string>; description: string }>;
}

export interface RouteRequest {
  params?: z.ZodObject;
  query?: z.ZodObject;
  /**
   * Request headers by their usual spelling (`Idempotency-Key`): each is read from the request
   * whatever its case, and an invalid one is reported under that name.
   */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** Defaults to application/json. A route that reads its own body (a stream) states its type here. */
  bodyContentType?: string;
  /** Other content types the body may come in, with their schemas (documented; read by the route, so only with `rawBody`). */
  alternativeBodies?: Record<string, z.ZodType>;
  /** The body may be left out. */
  bodyOptional?: boolean;
  /** Set when the route reads the raw body itself (`body` is then only documented, not parsed). */
  rawBody?: boolean;
  /**
   * What a path parameter that does not parse answers, 404: an id that cannot exist is simply not
   * found (default: the schema's message for it).
   */
  paramsNotFound?: string;
  /**
   * The path parameters are input to look up (a wallet address), not ids: one that does not parse
   * is invalid, 400 naming it, rather than not found.
   */
  paramsAreInput?: boolean;
  /**
   * The largest body the route takes, in bytes (default `DEFAULT_BODY_LIMIT`); a larger one answers
   * 413 before it is read. A route that reads its own body (`rawBody`) gives its readers this limit.
   * Documented as the operation's `x-body-limit` and its 413 answer.
   */
  bodyLimit?: number;
}

/** The largest JSON body a route takes unless it says otherwise: 64 KiB. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** `65536` → `64 KB`, `10485760` → `10 MB`: a body limit as the document and a 413 say it. */
export const sizeText = (bytes: number): string => (bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${+(bytes / 1024).toFixed(1)} KB`);

export interface Parsed<R extends RouteRequest> {
  params: R['params'] extends z.ZodObject ? z.output<R['params']> : Record<string, never>;
  query: R['query'] extends z.ZodObject ? z.output<R['query']> : Record<string, never>;
  headers: R['headers'] extends z.ZodObject ? z.output<R['headers']> : Record<string, never>;
  body: R['body'] extends z.ZodType ? (R['rawBody'] extends true ? undefined : z.output<R['body']>) : undefined;
}

export interface RouteDeclaration<R extends RouteRequest = RouteRequest> {
  method: Method;
  /** Under /api, Express style: `/v1/screenings/:id` (from the server's root when `atRoot`). */
  path: string;
  /**
   * The path is from the server's root, not under /api: another service's own path, for its
   * clients that change nothing but the host (TRM's `/public/v1/sanctions/screening`). Served and
   * answered as the API is (problem JSON, never the web app, for anything else below its first
   * segment: http/app.ts), and documented at that path.
   */
  atRoot?: true;
  summary: string;
  description?: string;
  tags: string[];
  auth: RouteAuth;
  /**
   * The route changes nothing but the caller's own sign-in (signing out, ending one's sessions):
   * open to an auditor's read-only session as well. Documented as `x-auditors-may-call`.
   */
  ownSessionOnly?: true;
  /**
   * The route runs while writes are halted on a break of the event store (signing in, the break's
   * acknowledgement); any other route but reads is then refused (http/write-halt.ts). Routes that
   * change nothing but the caller's own sign-in (`ownSessionOnly`) run too.
   */
  whileWritesHalted?: true;
  /** Runs first, before authentication: what every answer needs, refusals included (e.g. `Connection: close`). */
  before?: RequestHandler[];
  /** Runs before the request is parsed, after the group's authentication (authentication, rate limits, body readers). */
  middleware?: RequestHandler[];
  request?: R;
  responses: Record<number, RouteResponse>;
  handle(input: Parsed<R>, req: Request, res: Response): Promise<void> | void;
  /** The operation's id in the document, when it should have a stable one. */
  operationId?: string;
}

/** Typed identity: keeps the request's schema types for the handler. */
export function route<R extends RouteRequest>(declaration: RouteDeclaration<R>): RouteDeclaration<R> {
  return declaration;
}

/** A declaration whatever its request types (for lists of them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the handler's input type varies per route
export type AnyRoute = RouteDeclaration<any>;

/**
 * The middleware that checks a route's declared `auth` (`session`, `admin` or `{ apiKey }`). Given
 * to a group, every route of it is checked as it is documented.
 */
export type AuthMiddleware = (auth: Exclude<RouteAuth, 'none'>, route?: { ownSessionOnly?: true }) => RequestHandler;

export interface MountOptions {
  /** Derives each route's authentication from its `auth`; it runs before the route's own `middleware`. */
  auth?: AuthMiddleware;
}

/** The request's headers with each declared one under its declared spelling (Node lower-cases them). */
function headersOf(schema: z.ZodObject, req: Request): Record<string, unknown> {
  const headers: Record<string, unknown> = { ...req.headers };
  for (const name of Object.keys(schema.shape)) headers[name] = req.headers[name.toLowerCase()];
  return headers;
}

/** What a call without the JSON body its route requires is told (when its schema would take `{}`). */
export const BODY_REQUIRED = 'Send the request body, as JSON (Content-Type: application/json)';

/**
 * A JSON body: one that was not sent (or not as JSON) is read as `{}`, so its required fields are
 * named; a route that requires a body refuses it even when `{}` would do, as its document says.
 */
function parseBody(r: RouteRequest, schema: z.ZodType, sent: unknown): unknown {
  const body = parseInput(schema, sent);
  if (sent === undefined && !r.bodyOptional) throw new Invalid(BODY_REQUIRED, { body: BODY_REQUIRED });
  return body;
}

function parseRequest(r: RouteRequest, req: Request): Parsed<RouteRequest> {
  let params: Record<string, unknown> = {};
  if (r.params && r.paramsAreInput) {
    params = parseInput(r.params, req.params);
  } else if (r.params) {
    const result = r.params.safeParse(req.params);
    if (!result.success) throw new NotFound(r.paramsNotFound ?? result.error.issues[0]?.message ?? 'Not found');
    params = result.data;
  }
  // The query, then the body, then the headers: a retried call with a bad body hears about the body.
  const query = r.query ? parseInput(r.query, req.query) : {};
  const body = r.body && !r.rawBody ? parseBody(r, r.body, req.body) : undefined;
  const headers = r.headers ? parseInput(r.headers, headersOf(r.headers, req)) : {};
  return { params, query, headers, body } as Parsed<RouteRequest>;
}

/**
 * A route's Express path (`/v1/screenings/:id`) as a regular expression over request paths: its
 * text literal, each parameter one segment, then `end` (`(?:/|$)`: the path and what is below it;
 * `/?$`: the path alone).
 */
export const expressPathRegExp = (path: string, end: string): RegExp => new RegExp(`^${escapeStringRegexp(path).replace(/:[A-Za-z0-9_]+/g, '[^/]+')}${end}`);

/**
 * A body whose Content-Length is past the limit is refused at once (413), unread, and the
 * connection closed: the JSON parser would read all of it first, however large, before refusing.
 */
const refuseDeclaredTooLarge =
  (limit: number): RequestHandler =>
  (req, res, next) => {
    const length = req.headers['content-length'];
    // Without one (a chunked body), the parser counts as it reads.
    if (length === undefined || Number(length) <= limit) return next();
    res.setHeader('Connection', 'close');
    next(Object.assign(new Error(`request entity too large (over ${limit} bytes)`), { status: 413, type: 'entity.too.large', limit }));
  };

/**
 * The reader of a route's JSON body, with its own limit: only a route that takes a JSON body reads
 * one, after its caller is authenticated.
 */
const jsonBody = (r: RouteRequest): RequestHandler[] => {
  if (!r.body || r.rawBody) return [];
  const limit = r.bodyLimit ?? DEFAULT_BODY_LIMIT;
  return [refuseDeclaredTooLarge(limit), express.json({ limit, strict: true })];
};

/**
 * Mounts declarations on a router: `before`, authentication, middleware, the JSON body (within the
 * route's limit), then the request (no NUL in the body or query it takes: control-characters.ts)
 * parsed with its schemas, then the handler.
 */
export function mount(declarations: AnyRoute[], router: Router = Router(), options: MountOptions = {}): Router {
  for (const d of declarations as RouteDeclaration[]) {
    const parse: RequestHandler = (req, res, next: NextFunction) => {
      let input: Parsed<RouteRequest>;
      try {
        input = parseRequest(d.request ?? {}, req);
      } catch (error) {
        return next(error);
      }
      Promise.resolve(d.handle(input, req, res)).catch(next);
    };
    const auth = options.auth && d.auth !== 'none' ? [options.auth(d.auth, d.ownSessionOnly ? { ownSessionOnly: true } : {})] : [];
    const r = d.request ?? {};
    const nul = r.body || r.query ? [refuseNulCharacters] : [];
    router[d.method](d.path, ...(d.before ?? []), ...auth, ...(d.middleware ?? []), ...jsonBody(r), ...nul, parse);
  }
  return router;
}

/**
 * A group of declarations that mounts as one router (under /api) and is documented as a whole; its
 * routes declared `atRoot` mount on a router of their own, for the server's root.
 */
export interface RouteGroup {
  routes: RouteDeclaration[];
  router: Router;
  rootRouter: Router;
}

export function routeGroup(declarations: AnyRoute[], options: MountOptions = {}): RouteGroup {
  const routes = declarations as RouteDeclaration[];
  return {
    routes,
    router: mount(
      routes.filter((r) => !r.atRoot),
      Router(),
      options,
    ),
    rootRouter: mount(
      routes.filter((r) => r.atRoot),
      Router(),
      options,
    ),
  };
}

/** Where a declared route is served: `/api/v1/screenings/:id`, or its own path when `atRoot`. */
export const servedPath = (route: Pick<RouteDeclaration, 'path' | 'atRoot'>): string => (route.atRoot ? route.path : `/api${route.path}`);
