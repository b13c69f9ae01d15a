/**
 * Admin roster commands (see events.ts):
 * - the roster is seeded once, with the admins the accounts show; a second seed changes nothing;
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

export type AdminRosterCommand =
  | { type: 'SeedAdminRoster'; data: { admins: AdminRosterMember[] }; metadata: CommandMetadata }
  | { type: 'AddAdmin'; data: AdminRosterMember & { by: Actor | null; reason: string }; metadata: CommandMetadata }
  | { type: 'RemoveAdmin'; data: AdminRosterMember & { by: Actor; reason: string }; metadata: CommandMetadata };

export function decideAdminRoster(command: AdminRosterCommand, state: AdminRosterState): AdminRosterEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'SeedAdminRoster':
      if (state.seeded) return [];
      return [{ type: 'AdminRosterSeeded', data: { admins: command.data.admins, at } }];
    case 'AddAdmin': {
      const { userId, email, by, reason } = command.data;
      if (state.admins[userId]) return [];
      return [{ type: 'AdminAdded', data: { userId, email, by, reason, at } }];
    }
    case 'RemoveAdmin': {
      const { userId, email, by, reason } = command.data;
      if (!state.seeded) throw new Error('RemoveAdmin on an admin roster not seeded yet');
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
