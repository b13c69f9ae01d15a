export * from './projection';
export * from './audit/audit.projection';
export * from './rebuild';
export * from './generations';
export * from './runner';
export * from './customers/customers.projection';
export * from './checks/checks.projection';
export * from './checks/pending-charges.projection';
export * from './insights/wallets.projection';
export * from './insights/stats-daily.projection';
export * from './billing/purchases.projection';
export * from './batches/batches.projection';
export * from './monitoring/watchlist.projection';
export * from './webhooks/webhooks.projection';
export * from './cases/cases.projection';

import { purchasesProjection } from './billing/purchases.projection';
import { batchesProjection } from './batches/batches.projection';
import { casesProjection } from './cases/cases.projection';
import { auditProjection } from './audit/audit.projection';
import { checksProjection } from './checks/checks.projection';
import { pendingChargesProjection } from './checks/pending-charges.projection';
import { customersProjection } from './customers/customers.projection';
import { statsDailyProjection } from './insights/stats-daily.projection';
import { walletsProjection } from './insights/wallets.projection';
import { alertsProjection, watchlistProjection } from './monitoring/watchlist.projection';
import type { Projection } from './projection';
import { webhookDeliveriesProjection, webhookEndpointHealthProjection } from './webhooks/webhooks.projection';

/** Every read model of the product, in the order they are started. */
export const allProjections: readonly Projection[] = [customersProjection as Projection, checksProjection as Projection, pendingChargesProjection as Projection, walletsProjection as Projection, statsDailyProjection as Projection, purchasesProjection as Projection, batchesProjection as Projection, watchlistProjection as Projection, alertsProjection as Projection, casesProjection as Projection, webhookDeliveriesProjection as Projection, webhookEndpointHealthProjection as Projection, auditProjection as Projection];
export * from './watch';
