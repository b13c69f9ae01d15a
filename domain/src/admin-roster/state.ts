/** The admin roster, folded from its stream `admin-roster`: whether it was seeded, and the admins by user id. */
import type { AdminRosterEvent } from './events';

export interface AdminRosterState {
  seeded: boolean;
  /** The admins by user id: their e-mail and since when (null: seeded, from before the roster). */
  admins: Record<string, { email: string; since: string | null }>;
}

export const initialAdminRosterState: AdminRosterState = { seeded: false, admins: {} };

export function evolveAdminRoster(state: AdminRosterState, event: AdminRosterEvent): AdminRosterState {
  switch (event.type) {
    case 'AdminRosterSeeded': {
      const seeded = Object.fromEntries(event.data.admins.map((a) => [a.userId, { email: a.email, since: null }]));
      // An admin added before the seed (the first admin at start-up) keeps their entry.
      return { seeded: true, admins: { ...seeded, ...state.admins } };
    }
    case 'AdminAdded':
      return { ...state, admins: { ...state.admins, [event.data.userId]: { email: event.data.email, since: event.data.at } } };
    case 'AdminRemoved': {
      const { [event.data.userId]: _removed, ...admins } = state.admins;
      return { ...state, admins };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
