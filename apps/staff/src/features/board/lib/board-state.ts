/**
 * The board's state: every live order by id, and which ones nobody has looked at yet. Updated with
 * immer `produce`, so an event that changes one order gives a new object for that order only: the
 * other cards keep their object and their memoised render.
 */
import { produce } from 'immer';
import type { StaffOrder } from '@santap/api-client';

export interface BoardState {
  /** Live orders by id. */
  orders: Record<number, StaffOrder>;
  /** Orders that arrived while the board was open and were not yet acknowledged ('Seen'). */
  fresh: number[];
  loaded: boolean;
}

export type BoardAction =
  /** The full list of running orders (first load, and after every reconnect). */
  | { type: 'loaded'; orders: StaffOrder[] }
  /** One order as the server has it now (after a live event or an action); absent: it left the list. */
  | { type: 'order'; orderId: number; order: StaffOrder | undefined }
  | { type: 'seen' };

export const initialBoard: BoardState = { orders: {}, fresh: [], loaded: false };

const same = (a: StaffOrder, b: StaffOrder) => JSON.stringify(a) === JSON.stringify(b);

export const boardReducer = produce((draft: BoardState, action: BoardAction) => {
  switch (action.type) {
    case 'loaded': {
      const incoming = new Map(action.orders.map((order) => [order.order_id, order]));
      for (const id of Object.keys(draft.orders).map(Number)) {
        if (!incoming.has(id)) delete draft.orders[id];
      }
      for (const [id, order] of incoming) {
        const known = draft.orders[id];
        if (!known) {
          // Orders that came in while the board was away are new to whoever looks at it.
          if (draft.loaded) draft.fresh.push(id);
          draft.orders[id] = order;
        } else if (!same(known, order)) {
          draft.orders[id] = order;
        }
      }
      draft.fresh = draft.fresh.filter((id) => incoming.has(id));
      draft.loaded = true;
      return;
    }
    case 'order': {
      const known = draft.orders[action.orderId];
      if (!action.order) {
        delete draft.orders[action.orderId];
        draft.fresh = draft.fresh.filter((id) => id !== action.orderId);
      } else if (!known) {
        draft.orders[action.orderId] = action.order;
        draft.fresh.push(action.orderId);
      } else if (!same(known, action.order)) {
        draft.orders[action.orderId] = action.order;
      }
      return;
    }
    case 'seen':
      draft.fresh = [];
      return;
  }
});
