export * from './projection';
export * from './runner';
export * from './customers/customers.projection';
export * from './checks/checks.projection';
export * from './checks/pending-charges.projection';

import { checksProjection } from './checks/checks.projection';
import { pendingChargesProjection } from './checks/pending-charges.projection';
import { customersProjection } from './customers/customers.projection';
import type { Projection } from './projection';

/** Every read model of the product, in the order they are started. */
export const allProjections: readonly Projection[] = [customersProjection as Projection, checksProjection as Projection, pendingChargesProjection as Projection];
