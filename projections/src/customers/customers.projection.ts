import type { Customer, Role } from '@walletscreen/contracts';
import type { RecordedEvent } from '@walletscreen/platform';
import type { Projection } from '../projection';

/** The admin Customers read model: one document per user. */
export const CUSTOMERS = 'customers';

type Data = { userId: string; at: string } & Record<string, unknown>;

export const customersProjection: Projection<Customer> = {
  name: 'customers-v1',
  collection: CUSTOMERS,
  handles: ['UserRegistered', 'UserRoleChanged', 'CheckCharged', 'CheckRefunded', 'ChecksToppedUp', 'ChecksPurchased', 'PurchasedChecksExpired'],
  keyOf: (event: RecordedEvent) => (event.data as Data).userId ?? null,
  fold(doc, event) {
    const d = event.data as Data;
    switch (event.type) {
      case 'UserRegistered':
        return {
          id: d.userId,
          email: d.email as string,
          username: d.username as string,
          role: d.role as Role,
          remaining_checks: d.bonusChecks as number,
          bonus_checks: d.bonusChecks as number,
          purchased_checks: 0,
          created_at: d.at,
        };
      case 'UserRoleChanged':
        return doc ? { ...doc, role: d.role as Role } : doc;
      case 'CheckCharged':
      case 'CheckRefunded': {
        if (!doc) return doc;
        const step = event.type === 'CheckCharged' ? -1 : 1;
        const bonus = doc.bonus_checks + (d.source === 'bonus' ? step : 0);
        const purchased = doc.purchased_checks + (d.source === 'purchased' ? step : 0);
        return { ...doc, bonus_checks: bonus, purchased_checks: purchased, remaining_checks: bonus + purchased };
      }
      case 'ChecksToppedUp': {
        // An admin's top-up is credited as bonus checks.
        if (!doc) return doc;
        const bonus = doc.bonus_checks + (d.amount as number);
        return { ...doc, bonus_checks: bonus, remaining_checks: bonus + doc.purchased_checks };
      }
      case 'ChecksPurchased':
      case 'PurchasedChecksExpired': {
        // A purchase adds its checks; its expiry takes away what was left of it.
        if (!doc) return doc;
        const purchased = doc.purchased_checks + (event.type === 'ChecksPurchased' ? 1 : -1) * (d.checks as number);
        return { ...doc, purchased_checks: purchased, remaining_checks: doc.bonus_checks + purchased };
      }
      default:
        return doc;
    }
  },
  indexes: [['email'], ['created_at'], ['role']],
};
