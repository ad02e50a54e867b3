import { describe, expect, it } from 'vitest';
import type { CreatedOrder } from '../../../lib/api-types';
import { navigationAfterCreated, nextAfterCreated } from './place-order';

const created = (overrides: Partial<CreatedOrder> = {}): CreatedOrder => ({
  order_id: 981,
  order_ids: [981],
  fc_order_id: null,
  amount: 2550,
  currency: 'MYR',
  order_type: 2,
  pickup_type: null,
  prepay: true,
  pay_later_flag: '0',
  ...overrides,
});

const placed = (overrides: Partial<CreatedOrder> = {}, scheduled = false) =>
  navigationAfterCreated(nextAfterCreated(created(overrides), scheduled));

describe('nextAfterCreated: the created order read as the domain step', () => {
  it("takeaway with stored flag '1', no prepay -> pay later, type addmore", () => {
    expect(
      nextAfterCreated(
        created({ order_type: 3, pickup_type: 'takeaway', pay_later_flag: '1', prepay: false }),
        false,
      ),
    ).toEqual({ kind: 'payLater', type: 'addmore', orderId: '981' });
  });

  it('a batch added to a running dine-in order, no prepay -> pay later, type addmore', () => {
    expect(nextAfterCreated(created({ order_type: 1, prepay: false, batch: 2 }), false)).toEqual({
      kind: 'payLater',
      type: 'addmore',
      orderId: '981',
    });
  });

  it('scheduled dine-in without prepay -> pay (scheduled orders are paid first)', () => {
    expect(nextAfterCreated(created({ order_type: 1, prepay: false }), true)).toEqual({
      kind: 'pay',
      orderId: '981',
      amount: 2550,
    });
  });
});

describe('navigationAfterCreated: the diner addresses', () => {
  it('dine-in without prepay -> replace to /payment/response type=dinein', () => {
    expect(placed({ order_type: 1, prepay: false })).toEqual({
      to: '/payment/response?status=1&order_id=981&type=dinein&redirect=1',
      replace: true,
    });
  });

  it("takeaway, stored flag '1', no prepay -> replace to /payment/response type=addmore", () => {
    expect(placed({ order_type: 3, pickup_type: 'takeaway', pay_later_flag: '1', prepay: false })).toEqual({
      to: '/payment/response?status=1&order_id=981&type=addmore&redirect=1',
      replace: true,
    });
  });

  it('dine-in batch without prepay -> replace to /payment/response type=addmore', () => {
    expect(placed({ order_type: 1, prepay: false, batch: 2 })).toEqual({
      to: '/payment/response?status=1&order_id=981&type=addmore&redirect=1',
      replace: true,
    });
  });

  it('dine-in with prepay -> push /payments/981/2550', () => {
    expect(placed({ order_type: 1, prepay: true })).toEqual({ to: '/payments/981/2550', replace: false });
  });

  it('batch of a prepaid order owing 1200 -> push /payments/981/1200', () => {
    expect(placed({ order_type: 1, prepay: true, batch: 2, amount: 1200 })).toEqual({
      to: '/payments/981/1200',
      replace: false,
    });
  });

  it('amount 1 sen -> /payments/981/1', () => {
    expect(placed({ amount: 1 })).toEqual({ to: '/payments/981/1', replace: false });
  });

  it('amount 0 (loyalty cashback covers the bill) -> replace to /payment/response with amount 0', () => {
    expect(placed({ amount: 0 })).toEqual({
      to: '/payment/response?status=1&order_id=981&amount=0&redirect=1',
      replace: true,
    });
  });

  it("string order id 'SO-77' -> /payments/SO-77/2550", () => {
    expect(navigationAfterCreated({ kind: 'pay', orderId: 'SO-77', amount: 2550 })).toEqual({
      to: '/payments/SO-77/2550',
      replace: false,
    });
  });

  it('order id with reserved characters -> URL-encoded in every address', () => {
    const orderId = 'a/b&c';
    expect(navigationAfterCreated({ kind: 'pay', orderId, amount: 2550 }).to).toBe(
      '/payments/a%2Fb%26c/2550',
    );
    expect(navigationAfterCreated({ kind: 'payLater', type: 'dinein', orderId }).to).toBe(
      '/payment/response?status=1&order_id=a%2Fb%26c&type=dinein&redirect=1',
    );
    expect(navigationAfterCreated({ kind: 'loyaltyComplete', orderId }).to).toBe(
      '/payment/response?status=1&order_id=a%2Fb%26c&amount=0&redirect=1',
    );
  });
});
