/** A custom list's state, folded from its stream `custom-list-<listId>`. */
import type { CustomListKind } from '@walletscreen/contracts';
import type { CustomListEvent } from './events';

export type CustomListState =
  | { status: 'none' }
  /** `version`: 1 for the first upload, +1 for every replacement. */
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
      return _exhaustive;
    }
  }
}
