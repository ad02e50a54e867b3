import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderCreatedInput } from './order-flow';
import { nextAfterOrderCreated, paymentChoice, paymentChoiceForOutlets } from './order-flow';
import { ORDER_TYPE } from './order-type';

const { DINE_IN, DELIVERY, PICKUP } = ORDER_TYPE;
const base: OrderCreatedInput = { orderId: 981, orderType: DELIVERY, prepay: true, amount: 2550 };

describe('nextAfterOrderCreated: pay later', () => {
  it('dine-in without prepay -> pay later, type dinein', () => {
    expect(nextAfterOrderCreated({ ...base, orderType: DINE_IN, prepay: false })).toEqual({
      kind: 'payLater',
      type: 'dinein',
      orderId: '981',
    });
  });

  it('dine-in without prepay, amount 0 -> still pay later', () => {
    const next = nextAfterOrderCreated({ ...base, orderType: DINE_IN, prepay: false, amount: 0 });
    expect(next).toEqual({ kind: 'payLater', type: 'dinein', orderId: '981' });
  });

  it('dine-in with prepay -> pay 2550', () => {
    expect(nextAfterOrderCreated({ ...base, orderType: DINE_IN, prepay: true })).toEqual({
      kind: 'pay',
      orderId: '981',
      amount: 2550,
    });
  });

  it("takeaway, stored flag '1', no prepay -> pay later, type addmore", () => {
    expect(
      nextAfterOrderCreated({
        ...base,
        orderType: PICKUP,
        pickupType: 'takeaway',
        storedFlag: '1',
        prepay: false,
      }),
    ).toEqual({ kind: 'payLater', type: 'addmore', orderId: '981' });
  });

  it("takeaway, stored flag '0', no prepay -> pay", () => {
    const next = nextAfterOrderCreated({
      ...base,
      orderType: PICKUP,
      pickupType: 'takeaway',
      storedFlag: '0',
      prepay: false,
    });
    expect(next).toEqual({ kind: 'pay', orderId: '981', amount: 2550 });
  });

  it('takeaway, no stored flag, no prepay -> pay', () => {
    const next = nextAfterOrderCreated({ ...base, orderType: PICKUP, pickupType: 'takeaway', prepay: false });
    expect(next).toEqual({ kind: 'pay', orderId: '981', amount: 2550 });
  });

  it("pickup (not takeaway), stored flag '1', no prepay -> pay", () => {
    const next = nextAfterOrderCreated({
      ...base,
      orderType: PICKUP,
      pickupType: 'pickup',
      storedFlag: '1',
      prepay: false,
    });
    expect(next).toEqual({ kind: 'pay', orderId: '981', amount: 2550 });
  });

  it("takeaway, stored flag '1', with prepay -> pay", () => {
    const next = nextAfterOrderCreated({
      ...base,
      orderType: PICKUP,
      pickupType: 'takeaway',
      storedFlag: '1',
      prepay: true,
    });
    expect(next).toEqual({ kind: 'pay', orderId: '981', amount: 2550 });
  });

  it('delivery without prepay -> pay (delivery is never pay later)', () => {
    expect(nextAfterOrderCreated({ ...base, prepay: false })).toEqual({
      kind: 'pay',
      orderId: '981',
      amount: 2550,
    });
  });

  it('scheduled dine-in without prepay -> pay (scheduled orders are paid first)', () => {
    expect(nextAfterOrderCreated({ ...base, orderType: DINE_IN, prepay: false, scheduled: true })).toEqual({
      kind: 'pay',
      orderId: '981',
      amount: 2550,
    });
  });

  it("scheduled takeaway, stored flag '1', no prepay -> pay", () => {
    expect(
      nextAfterOrderCreated({
        ...base,
        orderType: PICKUP,
        pickupType: 'takeaway',
        storedFlag: '1',
        prepay: false,
        scheduled: true,
      }),
    ).toEqual({ kind: 'pay', orderId: '981', amount: 2550 });
  });

  it('scheduled: false -> dine-in without prepay still pays later', () => {
    expect(nextAfterOrderCreated({ ...base, orderType: DINE_IN, prepay: false, scheduled: false })).toEqual({
      kind: 'payLater',
      type: 'dinein',
      orderId: '981',
    });
  });
});

describe('nextAfterOrderCreated: items added to a running order', () => {
  it('dine-in batch without prepay -> pay later, type addmore', () => {
    const next = nextAfterOrderCreated({
      ...base,
      orderType: DINE_IN,
      prepay: false,
      addedToRunningOrder: true,
    });
    expect(next).toEqual({ kind: 'payLater', type: 'addmore', orderId: '981' });
  });

  it('batch of a prepaid order owing 1200 -> pay 1200', () => {
    const next = nextAfterOrderCreated({
      ...base,
      orderType: DINE_IN,
      prepay: true,
      amount: 1200,
      addedToRunningOrder: true,
    });
    expect(next).toEqual({ kind: 'pay', orderId: '981', amount: 1200 });
  });
});

describe('nextAfterOrderCreated: amount', () => {
  it('amount 0 -> loyalty cashback completion', () => {
    expect(nextAfterOrderCreated({ ...base, amount: 0 })).toEqual({
      kind: 'loyaltyComplete',
      orderId: '981',
    });
  });

  it('amount 1 sen -> pay 1', () => {
    expect(nextAfterOrderCreated({ ...base, amount: 1 })).toEqual({ kind: 'pay', orderId: '981', amount: 1 });
  });

  it('negative or fractional amount -> RangeError', () => {
    expect(() => nextAfterOrderCreated({ ...base, amount: -1 })).toThrow(RangeError);
    expect(() => nextAfterOrderCreated({ ...base, amount: 12.5 })).toThrow(RangeError);
  });
});

describe('nextAfterOrderCreated: order id', () => {
  it("string order id 'SO-77' -> carried as is", () => {
    expect(nextAfterOrderCreated({ ...base, orderId: 'SO-77' })).toEqual({
      kind: 'pay',
      orderId: 'SO-77',
      amount: 2550,
    });
  });

  it('order id with reserved characters -> raw in orderId (the app encodes it in its address)', () => {
    expect(nextAfterOrderCreated({ ...base, orderId: 'a/b&c' })).toEqual({
      kind: 'pay',
      orderId: 'a/b&c',
      amount: 2550,
    });
  });

  it('empty order id -> RangeError', () => {
    expect(() => nextAfterOrderCreated({ ...base, orderId: ' ' })).toThrow(RangeError);
  });

  it('property: any created order -> a step that carries its order id', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.constantFrom(DINE_IN, DELIVERY, PICKUP),
        fc.boolean(),
        fc.nat(1e8),
        (orderId, orderType, prepay, amount) => {
          const next = nextAfterOrderCreated({ orderId, orderType, prepay, amount });
          expect(next.orderId).toBe(String(orderId));
          if (next.kind === 'pay') expect(next.amount).toBe(amount);
          if (next.kind === 'loyaltyComplete') expect(amount).toBe(0);
          if (next.kind === 'payLater') expect(prepay).toBe(false);
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
