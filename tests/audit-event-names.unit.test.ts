/**
 * Every event type the product records has a human name in the audit log. The event types are the
 * aggregates' own (their zod unions, registered in domain/src/events.ts, where every event of the
 * product is declared), so a new event type without a name fails here.
 */
import { auditEventName, auditEventNames } from '@walletscreen/contracts';
import { declaredEventTypes } from '@walletscreen/domain/events';

const types = new Set(declaredEventTypes);

describe('human names of the audit log’s events', () => {
  it('finds the events of every aggregate', () => {
    for (const type of [
      'UserRegistered',
      'UserRoleChanged',
      'ChecksPurchased',
      'WalletCheckCompleted',
      'AlertRaised',
      'SanctionsListImported',
      'WebhookDeliveryAttempted',
      'CustomListRemoved',
    ]) {
      expect(types.has(type)).toBe(true);
    }
  });

  it('names every recorded event type', () => {
    const unnamed = [...types].filter((type) => auditEventNames[type] === undefined);
    expect(unnamed).toEqual([]);
  });

  it('gives each type its own name, and names nothing that is not recorded', () => {
    const names = Object.values(auditEventNames);
    expect(new Set(names).size).toBe(names.length);
    // EventIdClaimed is appended by the EventStoreDB adapter without a union of its own.
    expect(Object.keys(auditEventNames).filter((type) => !types.has(type) && type !== 'EventIdClaimed')).toEqual([]);
  });

  it('spells out a type it does not know rather than showing nothing', () => {
    expect(auditEventName('UserRoleChanged')).toBe('Role changed');
    expect(auditEventName('SomethingNewHappened')).toBe('Something new happened');
    expect(auditEventName('')).toBe('');
  });
});
