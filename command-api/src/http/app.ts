import express, { type Express, type Router } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '@walletscreen/platform';
import { openApiDocument as legacyOpenApiDocument } from './openapi';
import { openApiDocument } from './openapi-document';
import type { RouteGroup } from './route';
import { apiNotFound, problemHandler } from './problem';

export interface AppOptions {
  routers: Router[];
  /** Routes declared with http/route.ts: mounted after `routers`, and described in /api/openapi.json. */
  groups?: RouteGroup[];
  logger: Logger;
  /** The built SPA (frontend/dist); served with index.html for every non-API path. */
  staticDir?: string;
  trustProxy: boolean;
  /** Largest JSON body accepted; larger ones get 413. */
  bodyLimit?: string;
  /** Paths under /api whose routes parse their own (larger) bodies, after checking who may send them. */
  ownBodyPaths?: string[];
}

/** The HTTP app: JSON API under /api, the SPA everywhere else, one origin. */
export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy);
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });

  const api = express.Router();
  const json = express.json({ limit: options.bodyLimit ?? '64kb', strict: true });
  const own = options.ownBodyPaths ?? [];
  api.use((req, res, next) => (own.some((p) => req.path === p || req.path.startsWith(`${p}/`)) ? next() : json(req, res, next)));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.get('/health', (_req, res) => void res.json({ status: 'ok' }));
  const groups = options.groups ?? [];
  const documented = groups.flatMap((g) => g.routes);
  const document = (serverUrl: string) => openApiDocument(documented, serverUrl, legacyOpenApiDocument(serverUrl).paths);
  api.get('/openapi.json', (req, res) => void res.json(document(`${req.protocol}://${req.get('host') ?? 'localhost'}`)));
  api.get('/docs', (req, res) => void res.json(document(`${req.protocol}://${req.get('host') ?? 'localhost'}`)));
  for (const r of options.routers) api.use(r);
  for (const g of groups) api.use(g.router);
  api.use(apiNotFound);
  app.use('/api', api);

  const dir = options.staticDir;
  if (dir && existsSync(path.join(dir, 'index.html'))) {
    app.use(express.static(dir, { index: false, maxAge: '1h', setHeaders: (res, file) => file.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache') }));
    app.get(/^(?!\/api\/|\/socket\.io\/).*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(dir, 'index.html'));
    });
  } else {
    options.logger.warn({ staticDir: dir }, 'the SPA is not built (run npm run build): only the API is served');
  }
  app.use(problemHandler(options.logger));
  return app;
}
