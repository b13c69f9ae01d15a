import { publicConfigSchema, type PublicConfig } from '@walletscreen/contracts';
import { route, routeGroup, type RouteGroup } from '../http/route';

/**
 * GET /api/config (public): the settings the public pages show, so an operator changes the
 * contact addresses with CONTACT_EMAIL and SALES_EMAIL instead of rebuilding the SPA.
 */
export function siteRoutes(config: PublicConfig): RouteGroup {
  return routeGroup([
    route({
      method: 'get',
      path: '/config',
      summary: 'The public settings the web pages show: the contact and sales e-mail addresses (public)',
      tags: ['Service'],
      auth: 'none',
      responses: { 200: { description: 'Public settings', schema: publicConfigSchema } },
      handle(_input, _req, res) {
        res.set('Cache-Control', 'public, max-age=300').json(config);
      },
    }),
  ]);
}
