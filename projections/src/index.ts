/**
 * What the composition roots need of the projections: every read model's projection, the runner
 * that folds them, their generations and rebuild, and the watch of their checkpoints. A read model's
 * handle and queries are imported by path (`@walletscreen/projections/<read-model>/queries`).
 */
import { auditProjection } from './audit/audit.projection';
import { batchesProjection } from './batches/batches.projection';
import { purchasesProjection } from './billing/purchases.projection';
import { casesProjection } from './cases/cases.projection';
import { checksProjection } from './checks/checks.projection';
import { pendingChargesProjection } from './checks/pending-charges.projection';
import { customersProjection } from './customers/customers.projection';
import { feedLabelsProjection } from './feeds/feed-labels.projection';
import { logTreeProjection } from './log-tree/log-tree.projection';
import { statsDailyProjection } from './insights/stats-daily.projection';
import { walletsProjection } from './insights/wallets.projection';
import { alertsProjection, watchlistProjection } from './monitoring/watchlist.projection';
import type { ReadModelProjection } from './projection';
import { webhookDeliveriesProjection, webhookEndpointHealthProjection } from './webhooks/webhooks.projection';

export * from './projection';
export * from './runner';
export * from './generations';
export * from './rebuild';
export * from './watch';

/** Every read model of the product, in the order they are started. */
export const allProjections: readonly ReadModelProjection[] = [
  customersProjection,
  checksProjection,
  pendingChargesProjection,
  walletsProjection,
  statsDailyProjection,
  purchasesProjection,
  batchesProjection,
  watchlistProjection,
  alertsProjection,
  casesProjection,
  webhookDeliveriesProjection,
  webhookEndpointHealthProjection,
  feedLabelsProjection,
  auditProjection,
  logTreeProjection,
];
