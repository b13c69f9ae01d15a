import { legalDocumentParamsSchema, legalDocumentSchema, publicConfigSchema, type PublicConfig } from '@walletscreen/contracts';
import { route, routeGroup, type RouteGroup } from '../http/route';
import type { LegalDocuments } from './legal';

/**
 * GET /api/config (public): the settings the public pages show, so an operator changes the
 * contact addresses with CONTACT_EMAIL and SALES_EMAIL instead of rebuilding the SPA.
 * GET /api/legal/{document} (public): the Terms of Service and the Privacy notice (legal.ts).
 */
export function siteRoutes(config: PublicConfig, legal: LegalDocuments): RouteGroup {
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
    route({
      method: 'get',
      path: '/legal/:document',
      summary: "The Terms of Service or the Privacy notice: the operator's text (Markdown or HTML) or the default one (public)",
      tags: ['Service'],
      auth: 'none',
      request: { params: legalDocumentParamsSchema, paramsNotFound: 'There is no such document: ask for terms or privacy' },
      responses: {
        200: { description: 'The document', schema: legalDocumentSchema },
        404: { description: 'No such document' },
      },
      handle({ params }, _req, res) {
        res.set('Cache-Control', 'public, max-age=300').json(legal[params.document]);
      },
    }),
  ]);
}
