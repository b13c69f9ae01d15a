import { accountMessages, adminMessages } from '@walletscreen/contracts';
import { deciderSpec } from '../../testing/decider-spec';
import { Conflict, Forbidden } from '../errors';
import { adminRosterDecider, type AdminRosterCommand } from './decide';
import type { AdminRosterEvent } from './events';

const given = deciderSpec(adminRosterDecider);
const now = '2026-11-28T09:00:00.000Z';
const ann = { userId: 'u-ann', email: 'ann@ops.example' };
const bob = { userId: 'u-bob', email: 'bob@ops.example' };
const cat = { userId: 'u-cat', email: 'cat@ops.example' };
const reason = 'Left the team';
const seeded = (...admins: (typeof ann)[]): AdminRosterEvent => ({ type: 'AdminRosterSeeded', data: { admins, at: now } });
const added = (who: typeof ann, by: typeof ann | null): AdminRosterEvent => ({ type: 'AdminAdded', data: { ...who, by, reason, at: now } });
const removed = (who: typeof ann, by: typeof ann): AdminRosterEvent => ({ type: 'AdminRemoved', data: { ...who, by, reason, at: now } });
const add = (who: typeof ann, by: typeof ann | null): AdminRosterCommand => ({ type: 'AddAdmin', data: { ...who, by, reason }, metadata: { now } });
const remove = (who: typeof ann, by: typeof ann): AdminRosterCommand => ({ type: 'RemoveAdmin', data: { ...who, by, reason }, metadata: { now } });

describe('a roster not seeded yet (a data directory from before it)', () => {
  const withSeed = (command: AdminRosterCommand, ...admins: (typeof ann)[]): AdminRosterCommand =>
    ({ ...command, data: { ...command.data, seed: admins } }) as AdminRosterCommand;
  it('is seeded in the same append as its first change, which is decided on the seeded roster', () => {
    given([])
      .when(withSeed(add(cat, ann), ann, bob))
      .then([seeded(ann, bob), added(cat, ann)]);
    given([])
      .when(withSeed(remove(bob, ann), ann, bob))
      .then([seeded(ann, bob), removed(bob, ann)]);
  });
  it('records no seed for a change refused or changing nothing', () => {
    given([])
      .when(withSeed(remove(ann, ann), ann, bob))
      .thenThrows(Conflict, adminMessages.cannotRemoveSelf);
    given([])
      .when(withSeed(remove(ann, bob), ann))
      .thenThrows(Forbidden, accountMessages.forbidden);
    given([])
      .when(withSeed(add(ann, bob), ann, bob))
      .then([]);
  });
  it('ignores a seed given to a roster seeded already', () =>
    given([seeded(ann)])
      .when(withSeed(add(bob, ann), ann, cat))
      .then([added(bob, ann)]));
  it('keeps an admin added before the seed (the first admin at start-up)', () => {
    given([added(bob, null)])
      .when(withSeed(add(cat, bob), ann))
      .then([seeded(ann), added(cat, bob)]);
    const state = [added(bob, null), seeded(ann)].reduce(adminRosterDecider.evolve, adminRosterDecider.initialState);
    expect(Object.keys(state.admins).sort()).toEqual([ann.userId, bob.userId]);
  });
});

describe('AddAdmin', () => {
  it('records who added whom and why', () =>
    given([seeded(ann)])
      .when(add(bob, ann))
      .then([added(bob, ann)]));
  it('changes nothing for an admin already on the roster', () =>
    given([seeded(ann, bob)])
      .when(add(bob, ann))
      .then([]));
});

describe('RemoveAdmin', () => {
  it('removes an admin while another remains', () =>
    given([seeded(ann), added(bob, ann)])
      .when(remove(bob, ann))
      .then([removed(bob, ann)]));
  it('never removes the last admin', () =>
    given([seeded(ann, bob), removed(bob, ann)])
      .when(remove(ann, ann))
      .thenThrows(Conflict, adminMessages.lastAdmin));
  it('two admins removing each other: whichever is decided second is no admin any more and is refused', () => {
    // Both commands go to the one roster stream: the second is decided on the state after the first.
    given([seeded(ann, bob), removed(bob, ann)])
      .when(remove(ann, bob))
      .thenThrows(Forbidden, accountMessages.forbidden);
    given([seeded(ann, bob), removed(ann, bob)])
      .when(remove(bob, ann))
      .thenThrows(Forbidden, accountMessages.forbidden);
  });
  it('three admins, a removal by one just removed: refused', () =>
    given([seeded(ann, bob, cat), removed(bob, ann)])
      .when(remove(cat, bob))
      .thenThrows(Forbidden, accountMessages.forbidden));
  it('refuses removing oneself', () =>
    given([seeded(ann, bob, cat)])
      .when(remove(ann, ann))
      .thenThrows(Conflict, adminMessages.cannotRemoveSelf));
  it('changes nothing for someone not on the roster (a retried removal)', () =>
    given([seeded(ann, cat)])
      .when(remove(bob, ann))
      .then([]));
});
