import type { Customer } from '@walletscreen/contracts';
import type { UserEvent } from '@walletscreen/domain/user/events';
import type { RecordedEvent } from '@walletscreen/platform';
import { collection } from '../collection';
import type { Projection } from '../projection';

/**
 * A user as the admin Customers screen shows them (contracts' Customer), with the balance of their
 * checks, and the ids of their API keys a block suspended (absent until a block suspends one: a
 * document folded before keys were suspended has none, as a rebuild of it does).
 */
export type CustomerDoc = Omit<Customer, 'suspended_api_keys'> & { suspended_api_key_ids?: string[] };

/** The document as the Customers screen shows it. */
export const customerOf = ({ suspended_api_key_ids: ids, ...doc }: CustomerDoc): Customer => ({ ...doc, suspended_api_keys: ids?.length ?? 0 });

/** The admin Customers read model: one document per user; the other read models name users by id, and look their e-mail up here. */
export const customers = collection<CustomerDoc>('customers');

/** The events it folds, all on the user's stream. */
type Folded = Extract<
  UserEvent,
  {
    type:
      | 'UserRegistered'
      | 'UserRoleChanged'
      | 'CheckCharged'
      | 'CheckRefunded'
      | 'ChecksToppedUp'
      | 'ChecksPurchased'
      | 'PurchasedChecksExpired'
      | 'EmailConfirmed'
      | 'ApiKeysSuspended'
      | 'ApiKeysReenabled'
      | 'ApiKeyRevoked';
  }
>;

export const customersProjection: Projection<CustomerDoc> = {
  name: 'customers-v1',
  collection: customers.name,
  handles: [
    'UserRegistered',
    'UserRoleChanged',
    'CheckCharged',
    'CheckRefunded',
    'ChecksToppedUp',
    'ChecksPurchased',
    'PurchasedChecksExpired',
    'EmailConfirmed',
    'ApiKeysSuspended',
    'ApiKeysReenabled',
    'ApiKeyRevoked',
  ],
  keyOf: (event: RecordedEvent) => (event.data as Folded['data']).userId ?? null,
  fold(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as Folded;
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        return {
          id: d.userId,
          email: d.email,
          username: d.username,
          role: d.role,
          remaining_checks: d.bonusChecks,
          bonus_checks: d.bonusChecks,
          purchased_checks: 0,
          created_at: d.at,
        };
      }
      case 'UserRoleChanged':
        return doc ? { ...doc, role: event.data.role } : doc;
      case 'CheckCharged':
      case 'CheckRefunded': {
        if (!doc) return doc;
        const step = event.type === 'CheckCharged' ? -1 : 1;
        const bonus = doc.bonus_checks + (event.data.source === 'bonus' ? step : 0);
        const purchased = doc.purchased_checks + (event.data.source === 'purchased' ? step : 0);
        return { ...doc, bonus_checks: bonus, purchased_checks: purchased, remaining_checks: bonus + purchased };
      }
      case 'ChecksToppedUp':
      case 'EmailConfirmed': {
        // An admin's top-up, and the welcome checks granted when the user confirms their e-mail address, are bonus checks.
        if (!doc) return doc;
        const bonus = doc.bonus_checks + (event.type === 'ChecksToppedUp' ? event.data.amount : event.data.bonusChecks);
        return { ...doc, bonus_checks: bonus, remaining_checks: bonus + doc.purchased_checks };
      }
      case 'ChecksPurchased':
      case 'PurchasedChecksExpired': {
        // A purchase adds its checks; its expiry takes away what was left of it.
        if (!doc) return doc;
        const purchased = doc.purchased_checks + (event.type === 'ChecksPurchased' ? 1 : -1) * event.data.checks;
        return { ...doc, purchased_checks: purchased, remaining_checks: doc.bonus_checks + purchased };
      }
      case 'ApiKeysSuspended':
        return doc ? { ...doc, suspended_api_key_ids: [...new Set([...(doc.suspended_api_key_ids ?? []), ...event.data.keyIds])].sort() } : doc;
      case 'ApiKeysReenabled':
      case 'ApiKeyRevoked': {
        // Only a document that has suspended keys changes (a revoke of a key never suspended leaves it as it was).
        const ids = doc?.suspended_api_key_ids;
        if (!doc || !ids) return doc;
        const gone = new Set(event.type === 'ApiKeysReenabled' ? event.data.keyIds : [event.data.keyId]);
        return { ...doc, suspended_api_key_ids: ids.filter((id) => !gone.has(id)) };
      }
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  indexes: [['email'], ['created_at'], ['role']],
};
