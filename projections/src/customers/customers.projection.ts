import type { Customer, Role } from '@walletscreen/contracts';
import type { RecordedEvent } from '@walletscreen/platform';
import type { Projection } from '../projection';

/** The admin Customers read model: one document per user. */
export const CUSTOMERS = 'customers';

type Data = { userId: string; at: string } & Record<string, unknown>;

export const customersProjection: Projection<Customer> = {
  name: 'customers-v1',
  collection: CUSTOMERS,
  handles: ['UserRegistered', 'UserRoleChanged', 'CheckCharged', 'CheckRefunded'],
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
      default:
        return doc;
    }
  },
  indexes: [['email'], ['created_at'], ['role']],
};
