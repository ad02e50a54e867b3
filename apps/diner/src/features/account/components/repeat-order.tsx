import { useState } from 'react';
import { useNavigate } from 'react-router';
import { cart as cartApi, restaurants } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { RepeatOrderPopup } from '@santap/ui';
import type { UiMessage } from '@santap/ui';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { uiMessageOf } from '../../../lib/ui-message';
import { repeatPlan } from '../lib/repeat-order';
import type { RepeatPlan } from '../lib/repeat-order';

type State =
  { kind: 'closed' } | { kind: 'open'; order: Order; plan?: RepeatPlan; adding: boolean; error?: UiMessage };

/** The cart of the order's restaurant, in the order's type ('ta' for a takeaway). */
export const cartPathFor = (order: Pick<Order, 'nameid' | 'order_type' | 'pickup_type'>) =>
  paths.cart(order.nameid, order.order_type, order.pickup_type === 'takeaway' ? 'ta' : undefined);

/**
 * Repeating a past order (issue 7 §1): the repeat order popup of `@santap/ui` with the order checked
 * against today's menu; 'Add' puts the available lines into the restaurant's cart through the cart
 * update call (the same choices and notes) and opens the cart; the unavailable ones are named and
 * left out.
 */
export function useRepeatOrder() {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'closed' });

  const open = (order: Order) => {
    setState({ kind: 'open', order, adding: false });
    api.call(restaurants.menu, { query: { restaurant_id: order.nameid } }).then(
      (menu) =>
        setState((current) =>
          current.kind === 'open' && current.order === order
            ? { ...current, plan: repeatPlan(order, menu) }
            : current,
        ),
      (error: unknown) =>
        setState((current) =>
          current.kind === 'open' && current.order === order
            ? { ...current, plan: { items: [], lines: [] }, error: uiMessageOf(error) }
            : current,
        ),
    );
  };

  const add = async (order: Order, plan: RepeatPlan) => {
    setState({ kind: 'open', order, plan, adding: true });
    try {
      // One line after another: each answer is the whole cart, and the next builds on it.
      for (const line of plan.lines) {
        await api.call(cartApi.cartUpdate, { body: { scope: order.nameid, ...line } });
      }
      setState({ kind: 'closed' });
      navigate(cartPathFor(order));
    } catch (error) {
      setState({ kind: 'open', order, plan, adding: false, error: uiMessageOf(error) });
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
          if (state.plan) void add(state.order, state.plan);
        }}
        adding={state.adding}
        {...(state.error ? { error: state.error } : {})}
      />
    ) : null;

  return { open, popup };
}
