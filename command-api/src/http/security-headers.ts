/**
 * The security headers of every answer, set by helmet (a maintained middleware that keeps up with
 * what browsers honour) rather than by hand. The SPA's Content-Security-Policy lets it load code from
 * this origin only: no inline script, no eval, no other origin.
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';

type Directives = Record<string, string[]>;

/**
 * The SPA's policy.
 * - script-src 'self': the built bundle only; index.html has no inline script.
 * - style-src 'unsafe-inline': Mantine writes its theme's CSS variables into a <style> element at
 *   run time and turns style props (`mih`, `maw`, `ta`…) into style attributes; neither can carry a
 *   nonce or a hash known at build time. Styles cannot run code, so this is allowed for styles only.
 * - img-src data:: Mantine's stylesheet draws some controls (checkbox ticks, select chevrons) as
 *   data: SVG images.
 * - connect-src: the API and socket.io, same origin. 'self' covers ws:/wss: to this host in CSP
 *   Level 3 browsers; the public URL's ws(s) origin is named too for browsers that read 'self' as
 *   http(s) only.
 */
export function spaDirectives(publicUrl: string | undefined): Directives {
  const socketOrigin = publicUrl ? new URL(publicUrl).origin.replace(/^http/, 'ws') : undefined;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(socketOrigin ? [socketOrigin] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // An https deployment also asks the browser to fetch any http: URL it meets over https; on plain
    // http (a LAN install) that would break every asset, so it is only sent with https.
    ...(publicUrl?.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * helmet with this service's choices: the SPA's policy; frames refused; no referrer sent; HSTS only
 * when the public URL is https (on plain http a browser ignores it, and a wrong one locks a host out
 * of http for a year). The other headers are helmet's defaults (nosniff, COOP/CORP same-origin,
 * Origin-Agent-Cluster, no DNS prefetch, X-XSS-Protection: 0).
 */
export function securityHeaders(options: { publicUrl: string | undefined }): RequestHandler {
  const https = options.publicUrl?.startsWith('https:') ?? false;
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: spaDirectives(options.publicUrl) },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/** A page's own policy, replacing the SPA's (the API docs page needs a little more, and less). */
export function contentSecurityPolicy(directives: Directives): RequestHandler {
  return helmet.contentSecurityPolicy({ useDefaults: false, directives });
}
