/**
 * The custom-list aggregate: one stream per list, `custom-list-<listId>` (events in contracts,
 * shared with the workers that screen against the lists). Its state and evolve.
 */
import { customListEventTypes, type CustomListEvent, type CustomListKind } from '@walletscreen/contracts';

export type CustomListState =
  | { status: 'none' }
  | { status: 'active' | 'removed'; listId: string; name: string; kind: CustomListKind; version: number };

export const initialCustomListState: CustomListState = { status: 'none' };

export function evolveCustomList(state: CustomListState, event: CustomListEvent): CustomListState {
  switch (event.type) {
    case 'CustomListUploaded': {
      const d = event.data;
      return { status: 'active', listId: d.listId, name: d.name, kind: d.kind, version: (state.status === 'none' ? 0 : state.version) + 1 };
    }
    case 'CustomListRemoved':
      return state.status === 'none' ? state : { ...state, status: 'removed' };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export const customListAggregate = { initialState: initialCustomListState, evolve: evolveCustomList, types: new Set<string>(customListEventTypes) as ReadonlySet<string> };
