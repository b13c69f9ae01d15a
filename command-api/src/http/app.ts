import compression from 'compression';
import express, { type Express, type Router } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '@walletscreen/platform';
import { DOCS_ASSETS_PATH, DOCS_CONTENT_SECURITY_POLICY, REDOC_BUNDLE, docsAssets, docsPageHtml, findDocsRenderer } from './docs-page';
import { openApiDocument, type ApiTag, type ApiWebhook, type OpenApiJson } from './openapi-document';
import { route, routeGroup, type RouteDeclaration, type RouteGroup } from './route';
import { apiNotFound, methodNotAllowed, problemHandler } from './problem';
import { contentSecurityPolicy, securityHeaders } from './security-headers';
import { spaRouter } from './spa';
import { readYourWrites, type ReadModelsAt } from './consistency';
import { haltWrites, type WriteHalt } from './write-halt';
import { healthSchema, integrityNotKept, type Health } from '@walletscreen/contracts';

export interface AppOptions {
  /** Routes declared with http/route.ts, mounted in this order under /api and described in /api/openapi.json. */
  groups?: RouteGroup[];
  /**
   * Plain routers, mounted before the groups. They are not in the document, so the coverage test
   * (tests/openapi.int.test.ts) fails for any route on them: declare routes with http/route.ts instead.
   */
  routers?: Router[];
  logger: Logger;
  /** The built SPA (frontend/dist); served with index.html for every non-API path. */
  staticDir?: string;
  /** Where reads wait for the read models to reach a request's consistency token (http/consistency.ts). */
  readModelsAt?: ReadModelsAt;
  trustProxy: boolean;
  /** Where users reach the service (PUBLIC_URL): https turns on HSTS. */
  publicUrl?: string;
  /** The reference page's sections, in order, with their descriptions (other tags follow). */
  tags?: ApiTag[];
  /** The messages the server sends to users' webhook endpoints, documented beside the routes. */
  webhooks?: ApiWebhook[];
  /** The health report of /api/health (default: ok, the store keeping no hash chain). */
  health?: () => Health;
  /** Refuses writes while the event store's integrity halts them (http/write-halt.ts). */
  writeHalt?: WriteHalt;
}

/** The health of a service that does not watch its store's integrity. */
const healthWithoutIntegrity = (): Health => ({ status: 'ok', integrity: integrityNotKept });

const docsPolicy = contentSecurityPolicy(DOCS_CONTENT_SECURITY_POLICY);

/**
 * The service's own calls: liveness, this document and its reference page. `document` builds the
 * OpenAPI document for a server URL (it is only called when the document is asked for).
 */
export function serviceRoutes(
  document: (serverUrl: string) => OpenApiJson,
  renderer: string | undefined,
  health: () => Health = healthWithoutIntegrity,
): RouteDeclaration[] {
  const tags = ['Service'];
  const serverUrl = (req: express.Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  return [
    route({
      method: 'get',
      path: '/health',
      summary: "Liveness, and the event store's integrity: `degraded` while writes are halted on a break of its hash chain",
      tags,
      auth: 'none',
      responses: { 200: { description: 'The server is up (reads are served even when degraded)', schema: healthSchema } },
      handle(_input, _req, res) {
        res.json(health());
      },
    }),
    route({
      method: 'get',
      path: '/openapi.json',
      summary: 'This API described as OpenAPI 3.1, generated from the schemas that validate each call',
      tags,
      auth: 'none',
      responses: { 200: { description: 'The OpenAPI document', schema: z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document' }) } },
      handle(_input, req, res) {
        res.json(document(serverUrl(req)));
      },
    }),
    route({
      method: 'get',
      path: '/docs',
      summary: 'The API reference page: this document rendered for reading, served by this server',
      tags,
      auth: 'none',
      responses: { 200: { description: 'An HTML page', contentType: 'text/html' } },
      handle(_input, req, res) {
        // The page's own policy replaces the SPA's (helmet writes it; the middleware calls on at once).
        docsPolicy(req, res, () => {
          res
            .type('html')
            .send(
              docsPageHtml({ specUrl: '/api/openapi.json', rendererUrl: `/api${DOCS_ASSETS_PATH}/${REDOC_BUNDLE}`, rendererFound: renderer !== undefined }),
            );
        });
      },
    }),
  ];
}

/** Every documented route of an app with these groups: the groups', then the service's own calls. */
export function documentedRoutes(
  groups: RouteGroup[],
  document: (serverUrl: string) => OpenApiJson = () => ({ openapi: '3.1.0', paths: {} }),
): RouteDeclaration[] {
  return [...groups.flatMap((g) => g.routes), ...serviceRoutes(document, undefined)];
}

/** The OpenAPI document of an app with these groups, built without serving anything. */
export function apiDocument(groups: RouteGroup[], serverUrl: string, tags: ApiTag[] = [], webhooks: ApiWebhook[] = []): OpenApiJson {
  return openApiDocument(documentedRoutes(groups), serverUrl, tags, webhooks);
}

/**
 * The routes declared `atRoot` (another service's own path, route.ts), served as the API is:
 * answered with no-store, halted with writes, and everything else below their first segments
 * (`/public/…`) answered with problem JSON (404, or 405 with Allow), never the web app.
 */
function rootRoutes(groups: RouteGroup[], writeHalt: WriteHalt | undefined): Router {
  const declared = groups.flatMap((g) => g.routes).filter((r) => r.atRoot);
  const prefixes = [...new Set(declared.map((r) => `/${r.path.split('/')[1]!.toLowerCase()}`))];
  const router = express.Router();
  // Any other path leaves this router at once, for the web app.
  router.use((req, _res, next) => {
    const path = req.path.toLowerCase();
    next(prefixes.some((p) => path === p || path.startsWith(`${p}/`)) ? undefined : 'router');
  });
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  if (writeHalt) router.use(haltWrites(writeHalt, declared));
  for (const g of groups) router.use(g.rootRouter);
  router.use(methodNotAllowed(declared));
  router.use(apiNotFound);
  return router;
}

/** The HTTP app: JSON API under /api (and the routes declared at the root), the SPA everywhere else, one origin. */
export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy);
  app.use(securityHeaders({ publicUrl: options.publicUrl }));
  // Answers the build did not compress (index.html, JSON, the OpenAPI document, the docs' renderer)
  // are compressed as they are sent, when larger than 1 KB; the precompressed assets already carry
  // a Content-Encoding and pass untouched.
  app.use(compression());

  const groups = options.groups ?? [];
  const declared = groups.flatMap((g) => g.routes);
  // Each route reads its own body, within its own limit (route.ts).
  const api = express.Router();
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(readYourWrites(options.readModelsAt));

  // The document is built once; only its server URL follows the request.
  let built: OpenApiJson | undefined;
  const document = (serverUrl: string): OpenApiJson => {
    built ??= openApiDocument(documentedRoutes(groups), serverUrl, options.tags, options.webhooks);
    return { ...built, servers: [{ url: serverUrl }] };
  };
  const renderer = findDocsRenderer();
  if (!renderer)
    options.logger.warn(
      'the API reference page has no renderer (redoc is not installed and dist/docs is missing): /api/docs shows only a link to /api/openapi.json',
    );
  const service = serviceRoutes(document, renderer, options.health);
  if (options.writeHalt)
    api.use(
      haltWrites(
        options.writeHalt,
        declared.filter((r) => !r.atRoot),
      ),
    );
  api.use(routeGroup(service).router);
  api.use(DOCS_ASSETS_PATH, docsAssets(renderer));
  for (const r of options.routers ?? []) api.use(r);
  for (const g of groups) api.use(g.router);
  api.use(methodNotAllowed([...service, ...declared].filter((r) => !r.atRoot)));
  api.use(apiNotFound);
  app.use('/api', api);
  app.use(rootRoutes(groups, options.writeHalt));

  const dir = options.staticDir;
  if (dir && existsSync(path.join(dir, 'index.html'))) {
    app.use(spaRouter(dir));
  } else {
    options.logger.warn({ staticDir: dir }, 'the SPA is not built (run npm run build): only the API is served');
  }
  app.use(problemHandler(options.logger));
  return app;
}
