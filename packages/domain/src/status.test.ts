import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_TYPE } from './order-type';
import type { BookingState, OrderPaymentState, OrderStatus } from './status';
import {
  BOOKING_STATES,
  ITEM_STATUS,
  ITEM_STATUS_WORDING_KEY,
  INVOICE_MAILABLE_PAYMENT_STATES,
  ORDER_PAYMENT_STATES,
  ORDER_STATUS,
  ORDER_STATUSES,
  ORDER_STATUS_WORDING_KEY,
  PAYMENT_PAGE_STATES,
  PAYMENT_RESULT,
  STATUS_WORDING_KEYS,
  canBookingTransition,
  canDinerCancel,
  canItemTransition,
  canPaymentTransition,
  canTransition,
  invoiceMayBeMailed,
  isAccepted,
  isOrderStatus,
  isRunningOrder,
  isTerminalOrderStatus,
  nextOrderStatuses,
  orderStatusWordingKey,
  parsePaymentResult,
  paymentPageStateFor,
} from './status';

const S = ORDER_STATUS;
const { DINE_IN, DELIVERY, PICKUP } = ORDER_TYPE;
const TERMINAL = [S.COMPLETED, S.CANCELLED, S.DECLINED, S.DELETED];
const anyStatus = fc.constantFrom(...ORDER_STATUSES);
const anyType = fc.option(fc.constantFrom(DINE_IN, DELIVERY, PICKUP), { nil: undefined });

describe('ORDER_STATUS codes', () => {
  it('completed -> 4 (fixed by spec §4)', () => {
    expect(S.COMPLETED).toBe(4);
  });

  it('cancelled -> 6 (fixed by spec §4)', () => {
    expect(S.CANCELLED).toBe(6);
  });

  it('codes -> unique, 0..14', () => {
    expect(new Set(ORDER_STATUSES).size).toBe(ORDER_STATUSES.length);
    expect([...ORDER_STATUSES].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i));
  });

  it('isOrderStatus: 0..14 -> true; 15, -1, "4" -> false', () => {
    expect(ORDER_STATUSES.every(isOrderStatus)).toBe(true);
    expect([15, -1, '4', null].some(isOrderStatus)).toBe(false);
  });
});

describe('wording keys', () => {
  it('every status -> status.<camelCase name>', () => {
    for (const [name, code] of Object.entries(ORDER_STATUS)) {
      const camel = name.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      expect(ORDER_STATUS_WORDING_KEY[code]).toBe(`status.${camel}`);
    }
  });

  it('cancelled -> status.cancelled; more items added -> status.moreItemsAdded', () => {
    expect(ORDER_STATUS_WORDING_KEY[S.CANCELLED]).toBe('status.cancelled');
    expect(ORDER_STATUS_WORDING_KEY[S.MORE_ITEMS_ADDED]).toBe('status.moreItemsAdded');
  });

  it('served or picked, dine-in -> status.served', () => {
    expect(orderStatusWordingKey(S.SERVED_OR_PICKED, DINE_IN)).toBe('status.served');
  });

  it('served or picked, pickup -> status.picked', () => {
    expect(orderStatusWordingKey(S.SERVED_OR_PICKED, PICKUP)).toBe('status.picked');
  });

  it('served or picked, no type -> status.servedOrPicked', () => {
    expect(orderStatusWordingKey(S.SERVED_OR_PICKED)).toBe('status.servedOrPicked');
  });

  it('on the way, delivery -> status.onTheWay', () => {
    expect(orderStatusWordingKey(S.ON_THE_WAY, DELIVERY)).toBe('status.onTheWay');
  });

  it('item declined -> status.itemDeclined', () => {
    expect(ITEM_STATUS_WORDING_KEY[ITEM_STATUS.DECLINED]).toBe('status.itemDeclined');
  });

  it('STATUS_WORDING_KEYS -> unique status.* keys covering every wording', () => {
    expect(new Set(STATUS_WORDING_KEYS).size).toBe(STATUS_WORDING_KEYS.length);
    for (const key of STATUS_WORDING_KEYS) expect(key).toMatch(/^status\.[a-zA-Z]+$/);
    for (const status of ORDER_STATUSES) {
      for (const type of [undefined, DINE_IN, DELIVERY, PICKUP]) {
        expect(STATUS_WORDING_KEYS).toContain(orderStatusWordingKey(status, type));
      }
    }
  });
});

describe('canTransition: acceptance', () => {
  it('waiting -> confirmed', () => {
    expect(canTransition(S.WAITING_CONFIRMATION, S.CONFIRMED)).toBe(true);
  });

  it('waiting -> declined', () => {
    expect(canTransition(S.WAITING_CONFIRMATION, S.DECLINED)).toBe(true);
  });

  it('waiting -> cancelled', () => {
    expect(canTransition(S.WAITING_CONFIRMATION, S.CANCELLED)).toBe(true);
  });

  it('waiting -> deleted', () => {
    expect(canTransition(S.WAITING_CONFIRMATION, S.DELETED)).toBe(true);
  });

  it('waiting -> preparing (skipping confirmation) -> false', () => {
    expect(canTransition(S.WAITING_CONFIRMATION, S.PREPARING)).toBe(false);
  });

  it('scheduled -> scheduled accepted', () => {
    expect(canTransition(S.SCHEDULED, S.SCHEDULED_ACCEPTED)).toBe(true);
  });

  it('scheduled -> declined / cancelled', () => {
    expect(canTransition(S.SCHEDULED, S.DECLINED)).toBe(true);
    expect(canTransition(S.SCHEDULED, S.CANCELLED)).toBe(true);
  });

  it('scheduled -> confirmed -> false (scheduled orders are accepted as scheduled)', () => {
    expect(canTransition(S.SCHEDULED, S.CONFIRMED)).toBe(false);
  });

  it('scheduled accepted -> preparing (kitchen release)', () => {
    expect(canTransition(S.SCHEDULED_ACCEPTED, S.PREPARING)).toBe(true);
  });

  it('scheduled accepted -> declined -> false (already accepted)', () => {
    expect(canTransition(S.SCHEDULED_ACCEPTED, S.DECLINED)).toBe(false);
  });

  it('confirmed -> declined -> false', () => {
    expect(canTransition(S.CONFIRMED, S.DECLINED)).toBe(false);
  });
});

describe('canTransition: kitchen', () => {
  it('confirmed -> preparing', () => {
    expect(canTransition(S.CONFIRMED, S.PREPARING)).toBe(true);
  });

  it('confirmed -> ready (skipping preparing) -> false', () => {
    expect(canTransition(S.CONFIRMED, S.READY)).toBe(false);
  });

  it('preparing -> prepared', () => {
    expect(canTransition(S.PREPARING, S.PREPARED)).toBe(true);
  });

  it('preparing -> ready', () => {
    expect(canTransition(S.PREPARING, S.READY)).toBe(true);
  });

  it('prepared -> ready', () => {
    expect(canTransition(S.PREPARED, S.READY)).toBe(true);
  });

  it('prepared, dine-in -> served', () => {
    expect(canTransition(S.PREPARED, S.SERVED_OR_PICKED, { orderType: DINE_IN })).toBe(true);
  });

  it('ready -> preparing (backwards) -> false', () => {
    expect(canTransition(S.READY, S.PREPARING)).toBe(false);
  });

  it('ready, dine-in -> served', () => {
    expect(canTransition(S.READY, S.SERVED_OR_PICKED, { orderType: DINE_IN })).toBe(true);
  });

  it('ready, pickup -> picked', () => {
    expect(canTransition(S.READY, S.SERVED_OR_PICKED, { orderType: PICKUP })).toBe(true);
  });

  it('ready, delivery -> on the way', () => {
    expect(canTransition(S.READY, S.ON_THE_WAY, { orderType: DELIVERY })).toBe(true);
  });

  it('ready, delivery -> served/picked -> false', () => {
    expect(canTransition(S.READY, S.SERVED_OR_PICKED, { orderType: DELIVERY })).toBe(false);
  });

  it('ready, dine-in -> on the way -> false', () => {
    expect(canTransition(S.READY, S.ON_THE_WAY, { orderType: DINE_IN })).toBe(false);
  });

  it('ready, no type -> on the way and served/picked both allowed', () => {
    expect(canTransition(S.READY, S.ON_THE_WAY)).toBe(true);
    expect(canTransition(S.READY, S.SERVED_OR_PICKED)).toBe(true);
  });

  it('on the way -> delivered', () => {
    expect(canTransition(S.ON_THE_WAY, S.DELIVERED, { orderType: DELIVERY })).toBe(true);
  });

  it('on the way -> completed (skipping delivered) -> false', () => {
    expect(canTransition(S.ON_THE_WAY, S.COMPLETED)).toBe(false);
  });

  it('served/picked -> completed', () => {
    expect(canTransition(S.SERVED_OR_PICKED, S.COMPLETED)).toBe(true);
  });

  it('delivered -> completed', () => {
    expect(canTransition(S.DELIVERED, S.COMPLETED)).toBe(true);
  });

  it('ready -> completed (skipping hand-over) -> false', () => {
    expect(canTransition(S.READY, S.COMPLETED)).toBe(false);
  });
});

describe('canTransition: more items and cancellation', () => {
  it('served, dine-in -> more items added', () => {
    expect(canTransition(S.SERVED_OR_PICKED, S.MORE_ITEMS_ADDED, { orderType: DINE_IN })).toBe(true);
  });

  it('preparing, pickup -> more items added', () => {
    expect(canTransition(S.PREPARING, S.MORE_ITEMS_ADDED, { orderType: PICKUP })).toBe(true);
  });

  it('confirmed, delivery -> more items added -> false', () => {
    expect(canTransition(S.CONFIRMED, S.MORE_ITEMS_ADDED, { orderType: DELIVERY })).toBe(false);
  });

  it('waiting -> more items added -> false (nothing accepted yet)', () => {
    expect(canTransition(S.WAITING_CONFIRMATION, S.MORE_ITEMS_ADDED)).toBe(false);
  });

  it('more items added -> confirmed', () => {
    expect(canTransition(S.MORE_ITEMS_ADDED, S.CONFIRMED)).toBe(true);
  });

  it('more items added -> declined -> false (declined items are item statuses)', () => {
    expect(canTransition(S.MORE_ITEMS_ADDED, S.DECLINED)).toBe(false);
  });

  it('confirmed / preparing -> cancelled (restaurant)', () => {
    expect(canTransition(S.CONFIRMED, S.CANCELLED)).toBe(true);
    expect(canTransition(S.PREPARING, S.CANCELLED)).toBe(true);
  });

  it('ready -> cancelled -> false (the food is made)', () => {
    expect(canTransition(S.READY, S.CANCELLED)).toBe(false);
  });

  it('confirmed -> deleted -> false', () => {
    expect(canTransition(S.CONFIRMED, S.DELETED)).toBe(false);
  });

  it('same status -> not a transition', () => {
    for (const status of ORDER_STATUSES) expect(canTransition(status, status)).toBe(false);
  });
});

describe('canTransition: terminal statuses', () => {
  it.each(TERMINAL)('%i -> nowhere', (from) => {
    expect(nextOrderStatuses(from)).toEqual([]);
  });

  it('completed -> cancelled -> false', () => {
    expect(canTransition(S.COMPLETED, S.CANCELLED)).toBe(false);
  });

  it('cancelled -> waiting -> false', () => {
    expect(canTransition(S.CANCELLED, S.WAITING_CONFIRMATION)).toBe(false);
  });

  it('property: a terminal status never moves, whatever the target and type', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TERMINAL), anyStatus, anyType, (from, to, orderType) => {
        expect(canTransition(from, to, { orderType })).toBe(false);
      }),
    );
  });

  it('every status -> can reach a terminal status', () => {
    for (const start of ORDER_STATUSES) {
      const seen = new Set<OrderStatus>([start]);
      const queue = [start];
      while (queue.length > 0) {
        for (const next of nextOrderStatuses(queue.shift() as OrderStatus)) {
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      expect(TERMINAL.some((status) => seen.has(status))).toBe(true);
    }
  });

  it('waiting, every order type -> can reach completed', () => {
    for (const orderType of [DINE_IN, DELIVERY, PICKUP]) {
      const seen = new Set<OrderStatus>([S.WAITING_CONFIRMATION]);
      const queue: OrderStatus[] = [S.WAITING_CONFIRMATION];
      while (queue.length > 0) {
        for (const next of nextOrderStatuses(queue.shift() as OrderStatus, { orderType })) {
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      expect(seen.has(S.COMPLETED)).toBe(true);
    }
  });

  it('property: a type-restricted move is also allowed without a type', () => {
    fc.assert(
      fc.property(anyStatus, anyStatus, fc.constantFrom(DINE_IN, DELIVERY, PICKUP), (from, to, orderType) => {
        if (canTransition(from, to, { orderType })) expect(canTransition(from, to)).toBe(true);
      }),
    );
  });
});

describe('isTerminalOrderStatus, isRunningOrder, isAccepted, canDinerCancel', () => {
  it('completed, cancelled, declined, deleted -> terminal, not running', () => {
    for (const status of TERMINAL) {
      expect(isTerminalOrderStatus(status)).toBe(true);
      expect(isRunningOrder(status)).toBe(false);
    }
  });

  it('waiting, preparing, more items added -> running', () => {
    expect(isRunningOrder(S.WAITING_CONFIRMATION)).toBe(true);
    expect(isRunningOrder(S.PREPARING)).toBe(true);
    expect(isRunningOrder(S.MORE_ITEMS_ADDED)).toBe(true);
  });

  it('isRunningOrder -> exactly the non-terminal statuses', () => {
    for (const status of ORDER_STATUSES) expect(isRunningOrder(status)).toBe(!isTerminalOrderStatus(status));
  });

  it('waiting and scheduled -> not accepted', () => {
    expect(isAccepted(S.WAITING_CONFIRMATION)).toBe(false);
    expect(isAccepted(S.SCHEDULED)).toBe(false);
  });

  it('confirmed, scheduled accepted, on the way, completed -> accepted', () => {
    for (const status of [S.CONFIRMED, S.SCHEDULED_ACCEPTED, S.ON_THE_WAY, S.COMPLETED]) {
      expect(isAccepted(status)).toBe(true);
    }
  });

  it('declined, cancelled, deleted -> not accepted', () => {
    for (const status of [S.DECLINED, S.CANCELLED, S.DELETED]) expect(isAccepted(status)).toBe(false);
  });

  it('waiting and scheduled -> diner may cancel', () => {
    expect(canDinerCancel(S.WAITING_CONFIRMATION)).toBe(true);
    expect(canDinerCancel(S.SCHEDULED)).toBe(true);
  });

  it('confirmed, scheduled accepted, more items added -> diner may not cancel', () => {
    for (const status of [S.CONFIRMED, S.SCHEDULED_ACCEPTED, S.MORE_ITEMS_ADDED]) {
      expect(canDinerCancel(status)).toBe(false);
    }
  });

  it('every status -> diner may cancel exactly when running and not accepted, and the move exists', () => {
    for (const status of ORDER_STATUSES) {
      expect(canDinerCancel(status)).toBe(!isAccepted(status) && isRunningOrder(status));
      if (canDinerCancel(status)) expect(canTransition(status, S.CANCELLED)).toBe(true);
    }
  });
});

describe('item statuses', () => {
  it('waiting -> confirmed / declined', () => {
    expect(canItemTransition(ITEM_STATUS.WAITING_CONFIRMATION, ITEM_STATUS.CONFIRMED)).toBe(true);
    expect(canItemTransition(ITEM_STATUS.WAITING_CONFIRMATION, ITEM_STATUS.DECLINED)).toBe(true);
  });

  it('declined -> confirmed -> false', () => {
    expect(canItemTransition(ITEM_STATUS.DECLINED, ITEM_STATUS.CONFIRMED)).toBe(false);
  });

  it('confirmed -> declined -> false', () => {
    expect(canItemTransition(ITEM_STATUS.CONFIRMED, ITEM_STATUS.DECLINED)).toBe(false);
  });

  it('waiting -> waiting -> false', () => {
    expect(canItemTransition(ITEM_STATUS.WAITING_CONFIRMATION, ITEM_STATUS.WAITING_CONFIRMATION)).toBe(false);
  });
});

describe('payment results and page states', () => {
  it('codes -> success 1, incomplete 0, failure 2', () => {
    expect(PAYMENT_RESULT).toEqual({ SUCCESS: 1, INCOMPLETE: 0, FAILURE: 2 });
  });

  it("parsePaymentResult '1', '0', '2', 2 -> codes; '3', '', 'x', undefined -> undefined", () => {
    expect(['1', '0', '2', 2].map(parsePaymentResult)).toEqual([1, 0, 2, 2]);
    expect(['3', '', 'x', ' 1', undefined].map(parsePaymentResult)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('page states -> initiated, processing, pending, failed, success', () => {
    expect(PAYMENT_PAGE_STATES).toEqual(['initiated', 'processing', 'pending', 'failed', 'success']);
  });

  it('success -> success page; failure -> failed; incomplete -> pending', () => {
    expect(paymentPageStateFor(PAYMENT_RESULT.SUCCESS)).toBe('success');
    expect(paymentPageStateFor(PAYMENT_RESULT.FAILURE)).toBe('failed');
    expect(paymentPageStateFor(PAYMENT_RESULT.INCOMPLETE)).toBe('pending');
  });
});

describe('canPaymentTransition', () => {
  const UNCAPTURED: OrderPaymentState[] = ['unpaid', 'processing', 'pending', 'failed'];
  const RANK: Record<OrderPaymentState, number> = {
    unpaid: 0,
    processing: 1,
    pending: 1,
    failed: 1,
    partial_paid: 2,
    paid: 3,
    refund_initiated: 4,
    refunded: 5,
  };

  it('states -> the eight of spec §4', () => {
    expect([...ORDER_PAYMENT_STATES].sort()).toEqual(
      [
        'failed',
        'paid',
        'partial_paid',
        'pending',
        'processing',
        'refund_initiated',
        'refunded',
        'unpaid',
      ].sort(),
    );
  });

  it('unpaid -> processing', () => {
    expect(canPaymentTransition('unpaid', 'processing')).toBe(true);
  });

  it('processing -> paid', () => {
    expect(canPaymentTransition('processing', 'paid')).toBe(true);
  });

  it('processing -> failed', () => {
    expect(canPaymentTransition('processing', 'failed')).toBe(true);
  });

  it('failed -> processing (retry)', () => {
    expect(canPaymentTransition('failed', 'processing')).toBe(true);
  });

  it('pending -> paid', () => {
    expect(canPaymentTransition('pending', 'paid')).toBe(true);
  });

  it('partial paid -> paid', () => {
    expect(canPaymentTransition('partial_paid', 'paid')).toBe(true);
  });

  it('paid -> refund initiated -> refunded', () => {
    expect(canPaymentTransition('paid', 'refund_initiated')).toBe(true);
    expect(canPaymentTransition('refund_initiated', 'refunded')).toBe(true);
  });

  it('paid -> pending -> false', () => {
    expect(canPaymentTransition('paid', 'pending')).toBe(false);
  });

  it('paid -> processing / failed / unpaid / partial paid -> false', () => {
    for (const to of ['processing', 'failed', 'unpaid', 'partial_paid'] as const) {
      expect(canPaymentTransition('paid', to)).toBe(false);
    }
  });

  it('unpaid -> refund initiated -> false (nothing to refund)', () => {
    expect(canPaymentTransition('unpaid', 'refund_initiated')).toBe(false);
  });

  it('refunded -> anything -> false', () => {
    for (const to of ORDER_PAYMENT_STATES) expect(canPaymentTransition('refunded', to)).toBe(false);
  });

  it('refund initiated -> paid -> false', () => {
    expect(canPaymentTransition('refund_initiated', 'paid')).toBe(false);
  });

  it('property: never backwards (rank never drops; equal rank only between attempt states)', () => {
    const state = fc.constantFrom(...ORDER_PAYMENT_STATES);
    fc.assert(
      fc.property(state, state, (from, to) => {
        if (!canPaymentTransition(from, to)) return;
        expect(from).not.toBe(to);
        expect(RANK[to]).toBeGreaterThanOrEqual(RANK[from]);
        if (RANK[to] === RANK[from]) expect(RANK[from]).toBe(1);
        if (!UNCAPTURED.includes(from)) expect(UNCAPTURED).not.toContain(to);
      }),
    );
  });
});

describe('canBookingTransition', () => {
  const move = (from: BookingState, to: BookingState) => canBookingTransition(from, to);

  it('states -> the ten booking states', () => {
    expect(BOOKING_STATES).toHaveLength(10);
  });

  it('confirmed -> no-show, and nothing after it (the token is kept, never refunded)', () => {
    expect(move('confirmed', 'no_show')).toBe(true);
    for (const from of ['confirmation_pending', 'modification_requested', 'cancelled'] as const)
      expect(move(from, 'no_show')).toBe(false);
    for (const to of BOOKING_STATES) expect(move('no_show', to)).toBe(false);
  });

  it('payment pending -> confirmation pending (token paid)', () => {
    expect(move('payment_pending', 'confirmation_pending')).toBe(true);
  });

  it('payment pending -> payment failed -> payment pending (retry)', () => {
    expect(move('payment_pending', 'payment_failed')).toBe(true);
    expect(move('payment_failed', 'payment_pending')).toBe(true);
  });

  it('payment failed -> confirmation pending (the gateway captured late)', () => {
    expect(move('payment_failed', 'confirmation_pending')).toBe(true);
  });

  it('payment failed -> confirmed -> false', () => {
    expect(move('payment_failed', 'confirmed')).toBe(false);
  });

  it('confirmation pending -> confirmed / declined', () => {
    expect(move('confirmation_pending', 'confirmed')).toBe(true);
    expect(move('confirmation_pending', 'declined')).toBe(true);
  });

  it('confirmed -> modification requested -> confirmed', () => {
    expect(move('confirmed', 'modification_requested')).toBe(true);
    expect(move('modification_requested', 'confirmed')).toBe(true);
    // A declined modification of a booking staff had not confirmed yet goes back to waiting for them.
    expect(move('modification_requested', 'confirmation_pending')).toBe(true);
    expect(move('modification_requested', 'declined')).toBe(false);
  });

  it('confirmed -> cancelled -> refund initiated -> refund processed', () => {
    expect(move('confirmed', 'cancelled')).toBe(true);
    expect(move('cancelled', 'refund_initiated')).toBe(true);
    expect(move('refund_initiated', 'refund_processed')).toBe(true);
  });

  it('declined -> refund initiated', () => {
    expect(move('declined', 'refund_initiated')).toBe(true);
  });

  it('confirmed -> declined -> false (already confirmed)', () => {
    expect(move('confirmed', 'declined')).toBe(false);
  });

  it('cancelled -> confirmed -> false', () => {
    expect(move('cancelled', 'confirmed')).toBe(false);
  });

  it('refund processed -> anything -> false', () => {
    for (const to of BOOKING_STATES) expect(move('refund_processed', to)).toBe(false);
  });

  it('unpaid booking (payment pending) -> refund initiated -> false', () => {
    expect(move('payment_pending', 'refund_initiated')).toBe(false);
  });
});

describe('invoiceMayBeMailed (spec §7 email invoice)', () => {
  it.each([
    ['paid', true],
    ['refund_initiated', true],
    ['refunded', true],
    ['unpaid', false],
    ['pending', false],
    ['processing', false],
    ['failed', false],
    ['partial_paid', false],
  ] as const)('%s -> %s', (state, expected) => {
    expect(invoiceMayBeMailed(state)).toBe(expected);
  });

  it('every payment state is decided, and only settled ones mail', () => {
    for (const state of ORDER_PAYMENT_STATES) {
      expect(invoiceMayBeMailed(state)).toBe(INVOICE_MAILABLE_PAYMENT_STATES.includes(state));
    }
  });
});
