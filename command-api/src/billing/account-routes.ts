import { accountMessages, accountPurchasesQuerySchema, accountPurchasesSchema, purchaseIdParamsSchema } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { currentUser, sessionAuth, type Authenticator } from '../http/auth';
import { route, routeGroup, type RouteGroup } from '../http/route';
import { receiptFileName, renderReceiptPdf, type ReceiptSeller } from './receipt-pdf';
import { NotFound } from '@walletscreen/domain/errors';
import { listOwnPurchases, ownPurchase } from './purchases-query';

const tags = ['Accounts'];
const signedIn = { 401: { description: 'Not signed in, or the session ended or expired' }, 403: { description: 'Blocked' } };

/** GET /api/account/purchases and GET /api/account/purchases/:id/receipt: the signed-in user's own purchases (the purchases read model). */
export function accountPurchaseRoutes(deps: { auth: Authenticator; readStore: ReadStore; seller: ReceiptSeller; clock: () => Date }): RouteGroup {
  return routeGroup(
    [
      route({
        method: 'get',
        path: '/account/purchases',
        summary: "The signed-in user's purchases, newest first, a page at a time, with their receipt numbers",
        tags,
        auth: 'session',
        request: { query: accountPurchasesQuerySchema },
        responses: {
          200: { description: 'A page of purchases and how many there are', schema: accountPurchasesSchema },
          400: { description: 'Invalid query' },
          ...signedIn,
        },
        async handle({ query }, _req, res) {
          res.json(await listOwnPurchases(deps.readStore, currentUser(res).userId, query));
        },
      }),
      route({
        method: 'get',
        path: '/account/purchases/:id/receipt',
        summary: 'The receipt of one of your purchases, as a PDF (attachment Receipt_<number>.pdf)',
        description: "Test payments (the built-in provider, or Stripe in test mode) are marked as such on the receipt. Another user's purchase is not found.",
        tags,
        auth: 'session',
        request: { params: purchaseIdParamsSchema, paramsNotFound: accountMessages.receiptNotFound },
        responses: {
          200: { description: 'The PDF', contentType: 'application/pdf', headers: { 'Content-Disposition': 'attachment; filename="Receipt_<number>.pdf"' } },
          404: { description: 'No such purchase of yours' },
          ...signedIn,
        },
        async handle({ params }, _req, res) {
          const me = currentUser(res);
          const purchase = await ownPurchase(deps.readStore, me.userId, params.id);
          if (!purchase) throw new NotFound(accountMessages.receiptNotFound);
          const pdf = await renderReceiptPdf(
            {
              receiptNumber: purchase.receipt_number,
              purchaseId: purchase.id,
              createdAt: purchase.created_at,
              planName: purchase.type,
              checks: purchase.checks,
              amount: purchase.amount,
              currency: purchase.currency,
              provider: purchase.provider,
              paymentReference: purchase.provider_ref,
              test: purchase.test,
              expiresAt: purchase.expires_at,
              buyer: me.email,
            },
            deps.seller,
            deps.clock(),
          );
          res.setHeader('Content-Type', 'application/pdf');
          res.setHeader('Content-Disposition', `attachment; filename="${receiptFileName(purchase.receipt_number)}"`);
          res.setHeader('Content-Length', String(pdf.length));
          res.end(pdf);
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}
