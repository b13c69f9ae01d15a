/**
 * The built SPA (frontend/dist). Its files under /assets are named by their content's hash, so a
 * browser may keep them forever: a new build links new names from index.html, which is revalidated
 * on every visit. The build writes a .br and a .gz beside each asset; express-static-gzip sends the
 * one the browser accepts (brotli first), so nothing is compressed per request.
 */
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import path from 'node:path';
import { NotFound } from '@walletscreen/domain/errors';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files outside /assets (the favicon, color-scheme.js) keep their names across builds: cached for an hour. */
const UNHASHED = 'public, max-age=3600';

export function spaRouter(dir: string): Router {
  const router = express.Router();
  const assets = path.join(dir, 'assets') + path.sep;
  const index = path.join(dir, 'index.html');
  router.use(
    expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        index: false,
        // `file` is the one sent: with a .br or .gz ending when a compressed copy is.
        setHeaders: (res, file) => res.setHeader('Cache-Control', file.startsWith(assets) ? IMMUTABLE : file.startsWith(index) ? 'no-cache' : UNHASHED),
      },
    }),
  );
  // A missing asset is a 404, not the SPA's index.html: a tab still running an older build then
  // fails to load a removed chunk plainly instead of parsing HTML as a script.
  router.use((req, _res, next) => next(req.path.startsWith('/assets/') ? new NotFound(`No file ${req.path}`) : undefined));
  // Every other path is a screen of the SPA: index.html, revalidated each time (it names the current build's assets).
  router.get(/^(?!\/api\/|\/socket\.io\/).*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
