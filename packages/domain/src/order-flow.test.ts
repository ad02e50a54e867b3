import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderCreatedInput } from './order-flow';
import { nextAfterOrderCreated, paymentChoice, paymentChoiceForOutlets } from './order-flow';
import { ORDER_TYPE } from './order-type';

const { DINE_IN, DELIVERY, PICKUP } = ORDER_TYPE;
const ok = { status: 1, data: { order_id: 981 } };
const base: OrderCreatedInput = { reply: ok, orderType: DELIVERY, prepay: true, amount: 2550 };

describe('nextAfterOrderCreated: pay later', () => {
  it('dine-in without prepay -> replace to /payment/response type=dinein', () => {
    expect(nextAfterOrderCreated({ ...base, orderType: DINE_IN, prepay: false })).toEqual({
      kind: 'navigate',
      to: '/payment/response?status=1&order_id=981&type=dinein&redirect=1',
      replace: true,
      orderId: '981',
    });
  });

  it('dine-in without prepay, amount 0 -> still the pay-later response', () => {
    const next = nextAfterOrderCreated({ ...base, orderType: DINE_IN, prepay: false, amount: 0 });
    expect(next).toMatchObject({ kind: 'navigate', replace: true });
  });

  it('dine-in with prepay -> /payments/{id}/{amount}', () => {
    expect(nextAfterOrderCreated({ ...base, orderType: DINE_IN, prepay: true })).toEqual({
      kind: 'navigate',
      to: '/payments/981/2550',
      replace: false,
      orderId: '981',
    });
  });

  it("takeaway, stored flag '1', no prepay -> replace to /payment/response type=addmore", () => {
    expect(
      nextAfterOrderCreated({
        ...base,
        orderType: PICKUP,
        pickupType: 'takeaway',
        storedFlag: '1',
        prepay: false,
      }),
    ).toEqual({
      kind: 'navigate',
      to: '/payment/response?status=1&order_id=981&type=addmore&redirect=1',
      replace: true,
      orderId: '981',
    });
  });

  it("takeaway, stored flag '0', no prepay -> /payments", () => {
    const next = nextAfterOrderCreated({
      ...base,
      orderType: PICKUP,
      pickupType: 'takeaway',
      storedFlag: '0',
      prepay: false,
    });
    expect(next).toMatchObject({ to: '/payments/981/2550' });
  });

  it('takeaway, no stored flag, no prepay -> /payments', () => {
    const next = nextAfterOrderCreated({ ...base, orderType: PICKUP, pickupType: 'takeaway', prepay: false });
    expect(next).toMatchObject({ to: '/payments/981/2550' });
  });

  it("pickup (not takeaway), stored flag '1', no prepay -> /payments", () => {
    const next = nextAfterOrderCreated({
      ...base,
      orderType: PICKUP,
      pickupType: 'pickup',
      storedFlag: '1',
      prepay: false,
    });
    expect(next).toMatchObject({ to: '/payments/981/2550' });
  });

  it("takeaway, stored flag '1', with prepay -> /payments", () => {
    const next = nextAfterOrderCreated({
      ...base,
      orderType: PICKUP,
      pickupType: 'takeaway',
      storedFlag: '1',
      prepay: true,
    });
    expect(next).toMatchObject({ to: '/payments/981/2550' });
  });

  it('delivery without prepay -> /payments (delivery is never pay later)', () => {
    expect(nextAfterOrderCreated({ ...base, prepay: false })).toMatchObject({ to: '/payments/981/2550' });
  });

  it('scheduled dine-in without prepay -> /payments (scheduled orders are paid first)', () => {
    expect(nextAfterOrderCreated({ ...base, orderType: DINE_IN, prepay: false, scheduled: true })).toEqual({
      kind: 'navigate',
      to: '/payments/981/2550',
      replace: false,
      orderId: '981',
    });
  });

  it("scheduled takeaway, stored flag '1', no prepay -> /payments", () => {
    expect(
      nextAfterOrderCreated({
        ...base,
        orderType: PICKUP,
        pickupType: 'takeaway',
        storedFlag: '1',
        prepay: false,
        scheduled: true,
      }),
    ).toMatchObject({ to: '/payments/981/2550', replace: false });
  });

  it('scheduled: false -> dine-in without prepay still pays later', () => {
    expect(
      nextAfterOrderCreated({ ...base, orderType: DINE_IN, prepay: false, scheduled: false }),
    ).toMatchObject({ to: '/payment/response?status=1&order_id=981&type=dinein&redirect=1' });
  });
});

describe('nextAfterOrderCreated: items added to a running order', () => {
  it('dine-in batch without prepay -> replace to /payment/response type=addmore', () => {
    const next = nextAfterOrderCreated({
      ...base,
      orderType: DINE_IN,
      prepay: false,
      addedToRunningOrder: true,
    });
    expect(next).toEqual({
      kind: 'navigate',
      to: '/payment/response?status=1&order_id=981&type=addmore&redirect=1',
      replace: true,
      orderId: '981',
    });
  });

  it('batch of a prepaid order owing 1200 -> /payments/981/1200', () => {
    const next = nextAfterOrderCreated({
      ...base,
      orderType: DINE_IN,
      prepay: true,
      amount: 1200,
      addedToRunningOrder: true,
    });
    expect(next).toMatchObject({ kind: 'navigate', to: '/payments/981/1200', replace: false });
  });
});

describe('nextAfterOrderCreated: amount', () => {
  it('amount 0 -> loyalty cashback completion', () => {
    expect(nextAfterOrderCreated({ ...base, amount: 0 })).toEqual({
      kind: 'loyaltyComplete',
      orderId: '981',
    });
  });

  it('amount 1 sen -> /payments/981/1', () => {
    expect(nextAfterOrderCreated({ ...base, amount: 1 })).toMatchObject({ to: '/payments/981/1' });
  });

  it('negative or fractional amount -> RangeError', () => {
    expect(() => nextAfterOrderCreated({ ...base, amount: -1 })).toThrow(RangeError);
    expect(() => nextAfterOrderCreated({ ...base, amount: 12.5 })).toThrow(RangeError);
  });
});

describe('nextAfterOrderCreated: replies', () => {
  it("message 'invalid token' -> login", () => {
    expect(nextAfterOrderCreated({ ...base, reply: { status: 0, message: 'invalid token' } })).toEqual({
      kind: 'login',
    });
  });

  it("message 'Invalid Token' with status 1 -> login", () => {
    expect(nextAfterOrderCreated({ ...base, reply: { ...ok, message: 'Invalid Token' } })).toEqual({
      kind: 'login',
    });
  });

  it('status 0 with a message -> error with the server message', () => {
    const reply = { status: 0, message: 'Restaurant is currently closed' };
    expect(nextAfterOrderCreated({ ...base, reply })).toEqual({
      kind: 'error',
      message: 'Restaurant is currently closed',
    });
  });

  it('status 0 without a message -> error without message', () => {
    expect(nextAfterOrderCreated({ ...base, reply: { status: 0 } })).toEqual({ kind: 'error' });
  });

  it("status '0' and false -> error", () => {
    expect(nextAfterOrderCreated({ ...base, reply: { status: '0', data: { order_id: 1 } } })).toEqual({
      kind: 'error',
    });
    expect(nextAfterOrderCreated({ ...base, reply: { status: false } }).kind).toBe('error');
  });

  it('status 1 without order_id -> error', () => {
    expect(nextAfterOrderCreated({ ...base, reply: { status: 1, data: {} } })).toEqual({ kind: 'error' });
    expect(nextAfterOrderCreated({ ...base, reply: { status: 1 } })).toEqual({ kind: 'error' });
  });

  it("status '1' with string order_id -> success", () => {
    const reply = { status: '1', data: { order_id: 'SO-77' } };
    expect(nextAfterOrderCreated({ ...base, reply })).toMatchObject({ to: '/payments/SO-77/2550' });
  });

  it('order id with reserved characters -> URL-encoded in the path, raw in orderId', () => {
    const reply = { status: 1, data: { order_id: 'a/b&c' } };
    expect(nextAfterOrderCreated({ ...base, reply })).toEqual({
      kind: 'navigate',
      to: '/payments/a%2Fb%26c/2550',
      replace: false,
      orderId: 'a/b&c',
    });
  });

  it('property: any successful reply -> the navigation target holds the order id', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.constantFrom(DINE_IN, DELIVERY, PICKUP),
        fc.boolean(),
        fc.nat(1e8),
        (orderId, orderType, prepay, amount) => {
          const next = nextAfterOrderCreated({
            reply: { status: 1, data: { order_id: orderId } },
            orderType,
            prepay,
            amount,
          });
          expect(next.kind === 'navigate' || next.kind === 'loyaltyComplete').toBe(true);
          if (next.kind === 'navigate') expect(next.to).toContain(String(orderId));
          if (next.kind !== 'login' && next.kind !== 'error') expect(next.orderId).toBe(String(orderId));
        },
      ),
    );
  });
});

describe('paymentChoice', () => {
  const kopitiamAli = { prepaidOrderTypes: [2, 3] as const, payLaterOrderTypes: [1] as const };

  it('dine-in at a restaurant with pay later and no dine-in prepay -> both, pay later preferred', () => {
    expect(paymentChoice({ ...kopitiamAli, orderType: 1, scheduled: false })).toEqual({
      modes: ['online', 'pay_later'],
      preferred: 'pay_later',
    });
  });

  it('a type both prepaid and payable later -> both, online preferred', () => {
    expect(
      paymentChoice({ orderType: 3, prepaidOrderTypes: [3], payLaterOrderTypes: [1, 3], scheduled: false }),
    ).toEqual({ modes: ['online', 'pay_later'], preferred: 'online' });
  });

  it('delivery without pay later -> online only', () => {
    expect(paymentChoice({ ...kopitiamAli, orderType: 2, scheduled: false })).toEqual({
      modes: ['online'],
      preferred: 'online',
    });
  });

  it('scheduled dine-in where pay later is allowed -> online only (scheduled orders are paid first)', () => {
    expect(paymentChoice({ ...kopitiamAli, orderType: 1, scheduled: true })).toEqual({
      modes: ['online'],
      preferred: 'online',
    });
  });
});

describe('paymentChoiceForOutlets', () => {
  const laterOnly = { prepaidOrderTypes: [] as const, payLaterOrderTypes: [1, 3] as const };

  it('two outlets paying dine-in later, neither prepaid -> both modes, pay later preferred', () => {
    expect(
      paymentChoiceForOutlets({ orderType: 1, scheduled: false, outlets: [laterOnly, laterOnly] }),
    ).toEqual({ modes: ['online', 'pay_later'], preferred: 'pay_later' });
  });

  it('one outlet of two without pay later -> online only', () => {
    const prepaidOnly = { prepaidOrderTypes: [1, 2, 3] as const, payLaterOrderTypes: [] as const };
    expect(
      paymentChoiceForOutlets({ orderType: 1, scheduled: false, outlets: [laterOnly, prepaidOnly] }),
    ).toEqual({ modes: ['online'], preferred: 'online' });
  });

  it('both allow pickup later, one prefers prepaid -> both modes, online preferred', () => {
    const prepaidToo = { prepaidOrderTypes: [3] as const, payLaterOrderTypes: [3] as const };
    expect(
      paymentChoiceForOutlets({ orderType: 3, scheduled: false, outlets: [laterOnly, prepaidToo] }),
    ).toEqual({ modes: ['online', 'pay_later'], preferred: 'online' });
  });

  it('no outlets -> online only', () => {
    expect(paymentChoiceForOutlets({ orderType: 3, scheduled: false, outlets: [] }).modes).toEqual([
      'online',
    ]);
  });
});
