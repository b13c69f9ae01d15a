/**
 * GET /api/docs: the API reference page. Redoc's standalone bundle renders /api/openapi.json in the
 * browser; the bundle is served by this server (from node_modules, or from dist/docs where
 * `npm run build` copies it), never from a CDN. The page loads no inline script, and its
 * Content-Security-Policy lets it reach nothing but this origin.
 */
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const REDOC_BUNDLE = 'redoc.standalone.js';
/** Where the page loads the renderer from (under /api). */
export const DOCS_ASSETS_PATH = '/docs/assets';

/** The renderer's folder: redoc's own in node_modules, else the copy `npm run build` leaves in dist/docs. */
export function findDocsRenderer(from: string = __dirname): string | undefined {
  try {
    return path.dirname(require.resolve(`redoc/bundles/${REDOC_BUNDLE}`));
  } catch {
    // Not installed (a production image keeps only the copy in dist/docs).
  }
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'dist', 'docs');
    if (existsSync(path.join(candidate, REDOC_BUNDLE))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The page's Content-Security-Policy (helmet writes it; see security-headers.ts). Redoc styles itself with <style> elements and draws icons as data: images; its search runs in a
 * worker made from a blob. Nothing else is allowed: no other origin, no inline script, no frames.
 * (Its footer's logo points at its maker's CDN: the policy blocks it, and the footer shows the
 * words alone.)
 */
export const DOCS_CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

const theme = JSON.stringify({
  colors: { primary: { main: '#4f46e5' } },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace' },
  },
  sidebar: { width: '300px' },
});

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page: Redoc reads its options from the element's attributes, so no inline script is needed. */
export function docsPageHtml(options: { specUrl: string; rendererUrl: string; rendererFound: boolean }): string {
  const fallback = options.rendererFound
    ? 'Loading the API reference…'
    : 'The reference page’s renderer is not installed on this server (run npm ci, or npm run build).';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>WalletScreen API reference</title>
<link rel="icon" href="data:,">
<style>body { margin: 0; } .fallback { font-family: system-ui, sans-serif; padding: 2rem; }</style>
</head>
<body>
<redoc spec-url="${escapeAttribute(options.specUrl)}" required-props-first="true" expand-responses="200,201" json-sample-expand-level="3" theme="${escapeAttribute(theme)}"><p class="fallback">${fallback} The OpenAPI document is at <a href="${escapeAttribute(options.specUrl)}">${escapeAttribute(options.specUrl)}</a>.</p></redoc>
${options.rendererFound ? `<script src="${escapeAttribute(options.rendererUrl)}"></script>` : ''}
</body>
</html>
`;
}

/**
 * Serves the renderer's files (cached for an hour: they change only with the installed version), as
 * the .br or .gz `npm run build` leaves beside the copy in dist/docs when the browser accepts one.
 */
export function docsAssets(dir: string | undefined): RequestHandler {
  if (!dir) return (_req, _res, next) => next();
  const files = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { index: false, maxAge: '1h', fallthrough: true },
  });
  return (req, res, next) => {
    if (req.path !== `/${REDOC_BUNDLE}`) return next();
    res.removeHeader('Cache-Control'); // the API's no-store, which express.static would not replace
    files(req, res, next);
  };
}
