/**
 * Admin roster commands (see events.ts):
 * - a roster not seeded yet is seeded with the first change that records something, in the same
 *   append (`seed`: the admins the accounts show); a change refused or changing nothing records no
 *   seed either, and a seed given to a seeded roster is ignored;
 * - adding an admin already on it changes nothing;
 * - only an admin on the roster removes one (an admin removed a moment ago is refused, whatever
 *   their request's sign-in check saw);
 * - removing someone not on it changes nothing (a removal retried after its role change failed);
 * - the last admin is never removed: at least one always remains. This is decided over this one
 *   stream, so two removals at the same time are decided one after the other;
 * - an admin does not remove themselves (another admin can).
 */
import { accountMessages, adminMessages } from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import { Conflict, Forbidden } from '../errors';
import type { Actor } from '../user/events';
import { adminRosterEvents, type AdminRosterEvent, type AdminRosterMember } from './events';
import { evolveAdminRoster, initialAdminRosterState, type AdminRosterState } from './state';

/** `seed`: the admins the accounts show, for a roster not seeded yet (a data directory from before it). */
export type AdminRosterCommand =
  | { type: 'AddAdmin'; data: AdminRosterMember & { by: Actor | null; reason: string; seed?: AdminRosterMember[] }; metadata: CommandMetadata }
  | { type: 'RemoveAdmin'; data: AdminRosterMember & { by: Actor; reason: string; seed?: AdminRosterMember[] }; metadata: CommandMetadata };

/** The roster's seed event for a roster not seeded yet (the admins the accounts show), or null. */
export function rosterSeedOf(state: AdminRosterState, seed: AdminRosterMember[] | undefined, at: string): AdminRosterEvent | null {
  return state.seeded || !seed ? null : { type: 'AdminRosterSeeded', data: { admins: seed, at } };
}

export function decideAdminRoster(command: AdminRosterCommand, state: AdminRosterState): AdminRosterEvent[] {
  const seed = rosterSeedOf(state, command.data.seed, command.metadata.now);
  if (!seed) return decideOnRoster(command, state);
  const change = decideOnRoster(command, evolveAdminRoster(state, seed));
  return change.length > 0 ? [seed, ...change] : [];
}

function decideOnRoster(command: AdminRosterCommand, state: AdminRosterState): AdminRosterEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'AddAdmin': {
      const { userId, email, by, reason } = command.data;
      if (state.admins[userId]) return [];
      return [{ type: 'AdminAdded', data: { userId, email, by, reason, at } }];
    }
    case 'RemoveAdmin': {
      const { userId, email, by, reason } = command.data;
      if (!state.seeded) throw new Error('RemoveAdmin on an admin roster not seeded yet (its seed was not given)');
      if (!state.admins[by.userId]) throw new Forbidden(accountMessages.forbidden);
      if (!state.admins[userId]) return [];
      if (Object.keys(state.admins).length <= 1) throw new Conflict(adminMessages.lastAdmin);
      if (by.userId === userId) throw new Conflict(adminMessages.cannotRemoveSelf);
      return [{ type: 'AdminRemoved', data: { userId, email, by, reason, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const adminRosterDecider: Decider<AdminRosterState, AdminRosterCommand, AdminRosterEvent> = {
  initialState: initialAdminRosterState,
  evolve: evolveAdminRoster,
  decide: decideAdminRoster,
  types: adminRosterEvents.typeSet,
};
