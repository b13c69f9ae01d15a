/**
 * One declaration per route: its method, path, who may call it, the zod schemas of its request and
 * responses, and its handler. The same declaration mounts the route on an Express router (the
 * schemas validate the request there) and describes it in the OpenAPI document (http/openapi.ts),
 * so the document cannot drift from what is served.
 */
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { parseInput } from './validation';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** How a route authenticates, for the document's `security` (the middleware does the checking). */
export type RouteAuth = 'none' | 'session' | 'admin' | { apiKey: string };

export interface RouteResponse {
  description: string;
  /** The body's schema; omitted for a body-less answer. */
  schema?: z.ZodType;
  /** Defaults to application/json (application/problem+json for 4xx and 5xx). */
  contentType?: string;
  /** Response headers, by name, with their description. */
  headers?: Record<string, string>;
}

export interface RouteRequest {
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** Defaults to application/json. A route that reads its own body (a stream) states its type here. */
  bodyContentType?: string;
  /** Set when the route reads the raw body itself (`body` is then only documented, not parsed). */
  rawBody?: boolean;
}

export interface Parsed<R extends RouteRequest> {
  params: R['params'] extends z.ZodObject ? z.output<R['params']> : Record<string, never>;
  query: R['query'] extends z.ZodObject ? z.output<R['query']> : Record<string, never>;
  headers: R['headers'] extends z.ZodObject ? z.output<R['headers']> : Record<string, never>;
  body: R['body'] extends z.ZodType ? (R['rawBody'] extends true ? undefined : z.output<R['body']>) : undefined;
}

export interface RouteDeclaration<R extends RouteRequest = RouteRequest> {
  method: Method;
  /** Under /api, Express style: `/v1/screenings/:id`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: RouteAuth;
  /** Runs before the request is parsed (authentication, rate limits). */
  middleware?: RequestHandler[];
  request?: R;
  responses: Record<number, RouteResponse>;
  handle(input: Parsed<R>, req: Request, res: Response): Promise<void> | void;
  /** Left out of the document (still mounted): none so far; the coverage test lists any. */
  operationId?: string;
}

/** Typed identity: keeps the request's schema types for the handler. */
export function route<R extends RouteRequest>(declaration: RouteDeclaration<R>): RouteDeclaration<R> {
  return declaration;
}

/** A declaration whatever its request types (for lists of them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the handler's input type varies per route
export type AnyRoute = RouteDeclaration<any>;

/** Mounts declarations on a router: middleware, then the request parsed with its schemas, then the handler. */
export function mount(declarations: AnyRoute[], router: Router = Router()): Router {
  for (const d of declarations as RouteDeclaration[]) {
    const parse: RequestHandler = (req, res, next: NextFunction) => {
      const r = d.request ?? {};
      let input: Parsed<RouteRequest>;
      try {
        input = {
          params: r.params ? parseInput(r.params, req.params) : {},
          query: r.query ? parseInput(r.query, req.query) : {},
          headers: r.headers ? parseInput(r.headers, req.headers) : {},
          body: r.body && !r.rawBody ? parseInput(r.body, req.body) : undefined,
        } as Parsed<RouteRequest>;
      } catch (error) {
        return next(error);
      }
      Promise.resolve(d.handle(input, req, res)).catch(next);
    };
    router[d.method](d.path, ...(d.middleware ?? []), parse);
  }
  return router;
}

/** A group of declarations that mounts as one router and is documented as a whole. */
export interface RouteGroup {
  routes: RouteDeclaration[];
  router: Router;
}

export function routeGroup(declarations: AnyRoute[]): RouteGroup {
  const routes = declarations as RouteDeclaration[];
  return { routes, router: mount(routes) };
}
