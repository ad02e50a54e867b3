import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ServerMessage, cart as cartApi, orders as ordersApi, restaurants } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { RepeatOrderPopup } from '@santap/ui';
import type { UiMessage } from '@santap/ui';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { foodCourtRepeatPlan, repeatPlan } from '../lib/repeat-order';
import type { RepeatPlan } from '../lib/repeat-order';
import { uiMessageOf } from '@santap/web';

/** Where a repeat goes: the cart scope, and the cart page the diner lands on. */
interface RepeatTarget {
  scope: string;
  cartPath: string;
  /** The cart is a page of the food-court app (`/fc/…`): reached by loading it, not by this router. */
  otherApp: boolean;
}

type Open = {
  kind: 'open';
  order: Order;
  plan?: RepeatPlan;
  target?: RepeatTarget;
  adding: boolean;
  error?: UiMessage;
};
type State = { kind: 'closed' } | Open;

/** The cart of the order's restaurant, in the order's type ('ta' for a takeaway). */
export const cartPathFor = (order: Pick<Order, 'nameid' | 'order_type' | 'pickup_type'>) =>
  paths.cart(order.nameid, order.order_type, order.pickup_type === 'takeaway' ? 'ta' : undefined);

/** An outlet's menu today; an outlet that is no more (404) has none, so its dishes are named unavailable. */
const outletMenu = (nameid: string) =>
  api.call(restaurants.menu, { query: { restaurant_id: nameid } }).catch((error: unknown) => {
    if (error instanceof ServerMessage && error.statusCode === 404) return { items: [] };
    throw error;
  });

/**
 * What repeating `order` would do today and where it goes. A restaurant's order: checked against its
 * menu, into that restaurant's cart. A food-court order (any of its outlet parts in the history): all
 * its parts (`orders.foodCourtOrders`, which also names the mall), each checked against its outlet's
 * menu, into the mall's one cart; the diner then lands on the food court's cart.
 */
async function planRepeat(order: Order): Promise<{ plan: RepeatPlan; target: RepeatTarget }> {
  if (order.fc_order_id === null) {
    const menu = await api.call(restaurants.menu, { query: { restaurant_id: order.nameid } });
    return {
      plan: repeatPlan(order, menu),
      target: { scope: order.nameid, cartPath: cartPathFor(order), otherApp: false },
    };
  }
  const foodCourt = await api.call(ordersApi.foodCourtOrders, { query: { fc_order_id: order.fc_order_id } });
  const outlets = [...new Set(foodCourt.orders.map((part) => part.nameid))];
  const menus = new Map(
    await Promise.all(outlets.map(async (nameid) => [nameid, await outletMenu(nameid)] as const)),
  );
  return {
    plan: foodCourtRepeatPlan(
      foodCourt.orders.map((part) => ({ order: part, menu: menus.get(part.nameid) ?? { items: [] } })),
    ),
    target: { scope: foodCourt.mall, cartPath: paths.foodCourtCart(foodCourt.mall), otherApp: true },
  };
}

/**
 * Repeating a past order (spec §2 'repeat last order'): the repeat order popup of `@santap/ui` with the order
 * checked against today's menu; 'Add' puts the available lines into the cart through the cart update call
 * (the same choices and notes) and opens the cart; the unavailable ones are named and left out. A food-court
 * order is repeated whole: every outlet's dishes into the mall's cart, then the food court's cart opens.
 */
export function useRepeatOrder() {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'closed' });

  const open = (order: Order) => {
    setState({ kind: 'open', order, adding: false });
    planRepeat(order).then(
      ({ plan, target }) =>
        setState((current) =>
          current.kind === 'open' && current.order === order ? { ...current, plan, target } : current,
        ),
      (error: unknown) =>
        setState((current) =>
          current.kind === 'open' && current.order === order
            ? { ...current, plan: { items: [], lines: [] }, error: uiMessageOf(error) }
            : current,
        ),
    );
  };

  const add = async (order: Order, plan: RepeatPlan, target: RepeatTarget) => {
    setState({ kind: 'open', order, plan, target, adding: true });
    try {
      // One line after another: each answer is the whole cart, and the next builds on it.
      for (const line of plan.lines) {
        await api.call(cartApi.cartUpdate, { body: { scope: target.scope, ...line } });
      }
      setState({ kind: 'closed' });
      if (target.otherApp) window.location.assign(target.cartPath);
      else navigate(target.cartPath);
    } catch (error) {
      setState({ kind: 'open', order, plan, target, adding: false, error: uiMessageOf(error) });
    }
  };

  const popup =
    state.kind === 'open' ? (
      <RepeatOrderPopup
        open
        onClose={() => setState({ kind: 'closed' })}
        currency={state.order.currency}
        items={state.plan?.items}
        placedAt={new Date(state.order.created_epoch * 1000)}
        onRepeat={() => {
          if (state.plan && state.target) void add(state.order, state.plan, state.target);
        }}
        adding={state.adding}
        {...(state.error ? { error: state.error } : {})}
      />
    ) : null;

  return { open, popup };
}
