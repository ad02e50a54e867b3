import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import { setLiveSocketFactory } from '@santap/web';
import type { LiveSocket, LiveSocketFactory } from '@santap/web';
import { setHostMall } from '../../../config/paths';
import { fcOrderFixture, outletOrderFixture } from '../../../testing/fixtures';
import { callsTo, renderRoute, stubApi } from '../../../testing/render-route';
import { reviewHref } from '../lib/review-link';
import { Component as OutletOrderPage, loader } from './outlet-order-page';

/** A WebSocket stand-in: lets the test open it and push frames. */
class FakeSocket implements LiveSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {}
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

const routes = [
  {
    path: '/fc/:mall/order/:fcOrderId/:orderId',
    loader,
    Component: OutletOrderPage,
    errorElement: <p>not found page</p>,
  },
  { path: '/fc/:mall/order/:fcOrderId', element: <p>the whole order</p> },
];

let previous: LiveSocketFactory;
beforeEach(() => {
  FakeSocket.all = [];
  previous = setLiveSocketFactory((url) => new FakeSocket(url));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setLiveSocketFactory(previous);
});

const nasi = outletOrderFixture({ order_id: 31, restaurant_id: 1011, restaurant_name: 'Nasi Lemak Mak Jah' });
const roti = outletOrderFixture({
  order_id: 32,
  restaurant_id: 1013,
  restaurant_name: 'Roti Canai Raju',
  total: 611,
  items: [
    {
      order_item_id: 320,
      item_id: 5,
      name: 'Roti Tisu',
      quantity: 2,
      unit_price: 300,
      options: [],
      notes: null,
      status: 'active',
      batch: 1,
    },
  ],
});
const declinedRoti = {
  ...roti,
  status: 5,
  status_key: 'status.declined',
  payment_status: 'refund_initiated',
};

/** The order tracker's status words (its polite region; the toasts have a status region of their own). */
const progress = () =>
  within(screen.getByRole('main'))
    .getAllByRole('status')
    .find((element) => element.classList.contains('order-tracker__now'))!
    .querySelector('.order-tracker__word')!;

/** The tracker's steps as 'name (state)', as a screen reader reads them. */
const trackerSteps = () =>
  within(screen.getByRole('list', { name: 'Order progress' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** One payment for the whole food-court order, refunded for Roti Canai's part only. */
const paymentsOfRoti = (state: 'refund_initiated' | 'refunded') => ({
  order_id: 32,
  payment_status: state,
  total: 611,
  paid_amount: 611,
  refunded_amount: state === 'refunded' ? 611 : 0,
  currency: 'MYR',
  payments: [],
  refunds: [
    {
      refund_id: 1,
      payment_id: 9,
      order_id: 32,
      order_item_id: null,
      amount: 611,
      currency: 'MYR',
      reason: 'order_declined',
      state,
      wording_key: 'refund.bank',
      wording: '3-5 days',
      created_epoch: 1_795_406_500,
    },
    // Another outlet's refund on the same food-court payment: not this page's.
    {
      refund_id: 2,
      payment_id: 9,
      order_id: 31,
      order_item_id: null,
      amount: 689,
      currency: 'MYR',
      reason: 'order_cancelled',
      state: 'refunded',
      wording_key: 'refund.bank',
      wording: '3-5 days',
      created_epoch: 1_795_406_500,
    },
  ],
});

describe("one outlet's order of a food-court order", () => {
  it('a part on its way -> its number, status, payment, items and bill; no refund; a live event refetches it', async () => {
    const parts = [
      fcOrderFixture([nasi, roti]),
      fcOrderFixture([nasi, { ...roti, status: 2, status_key: 'status.preparing' }]),
    ];
    const spy = stubApi({ 'orders.foodCourt': () => parts.shift() ?? parts[0] });
    const { user, router } = renderRoute(routes, '/fc/mall-demo/order/7/32');
    expect(await screen.findByRole('heading', { name: 'Roti Canai Raju' })).toBeTruthy();
    expect(screen.getByText('Order #32')).toBeTruthy();
    expect(progress().textContent).toBe('Waiting for restaurant confirmation');
    // The order tracker of a pickup order (@santap/ui): its steps, the first one current, with its time.
    expect(trackerSteps()).toEqual([
      '1Order placed (Now)12:00',
      '2Confirmed by the restaurant (To come)',
      '3Being prepared (To come)',
      '4Ready to collect (To come)',
      '5Picked up (To come)',
    ]);
    expect(screen.getByText('Payment: Paid')).toBeTruthy();
    expect(screen.getByText('2 × Roti Tisu')).toBeTruthy();
    expect(screen.queryByText('Roti Canai Raju declined its part')).toBeNull();
    expect(screen.queryByRole('button', { name: 'See refund status' })).toBeNull();

    // The live socket opens in an effect after the page renders (later on a loaded machine).
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    act(() => FakeSocket.all[0]!.open());
    expect(await screen.findByText('This page updates by itself')).toBeTruthy();
    act(() =>
      FakeSocket.all[0]!.push({ type: 'event', event: { type: 'order.status', data: { order_id: 32 } } }),
    );
    await waitFor(() => expect(progress().textContent).toBe('Preparing'));
    expect(trackerSteps()[2]).toBe('3Being prepared (Now)');
    expect(callsTo(spy, 'orders.foodCourt').length).toBeGreaterThanOrEqual(2);
    expect(callsTo(spy, 'orders.foodCourt')[0]![0].query).toEqual({ fc_order_id: 7 });

    await user.click(screen.getByRole('link', { name: 'Whole food court order' }));
    expect(await screen.findByText('the whole order')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fc/mall-demo/order/7');
  });

  it('the outlet declined its part -> says so, the rest goes on, its items struck; the refund popup shows this part only', async () => {
    const spy = stubApi({
      'orders.foodCourt': () => fcOrderFixture([nasi, declinedRoti]),
      'payments.ofOrder': () => paymentsOfRoti('refund_initiated'),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/order/7/32');
    const banner = (await screen.findByText('Roti Canai Raju declined its part')).closest('[role]')!;
    expect(banner.textContent).toContain('The rest of your order goes on.');
    expect(progress().textContent).toBe('Declined');
    expect(screen.getByText('Payment: Refund started')).toBeTruthy();
    expect(screen.getByText('2 × Roti Tisu').tagName).toBe('S');

    await user.click(screen.getByRole('button', { name: 'See refund status' }));
    const popup = await screen.findByRole('dialog', { name: 'Refund status' });
    expect(callsTo(spy, 'payments.ofOrder').map(([input]) => input.params)).toEqual([{ orderId: 32 }]);
    expect(within(popup).getByText('RM 6.11')).toBeTruthy();
    expect(within(popup).queryByText(/RM 13\.00|RM 6\.89/)).toBeNull();
    expect(within(popup).getByText('The money will reach your account in 3-5 days.')).toBeTruthy();
    await user.click(within(popup).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the refund already sent -> the popup says it is completed', async () => {
    stubApi({
      'orders.foodCourt': () => fcOrderFixture([nasi, { ...declinedRoti, payment_status: 'refunded' }]),
      'payments.ofOrder': () => paymentsOfRoti('refunded'),
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/order/7/32');
    await user.click(await screen.findByRole('button', { name: 'See refund status' }));
    const popup = await screen.findByRole('dialog', { name: 'Refund status' });
    expect(
      within(popup).getByText('The refund has been sent. Your bank may take a little longer to show it.'),
    ).toBeTruthy();
  });

  it("the refund history cannot be read -> the server's words, no popup", async () => {
    stubApi({
      'orders.foodCourt': () => fcOrderFixture([nasi, declinedRoti]),
      'payments.ofOrder': () => {
        throw new ServerMessage('Something went wrong', 'errors.somethingWentWrong', 500);
      },
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/order/7/32');
    await user.click(await screen.findByRole('button', { name: 'See refund status' }));
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("one dish declined in a part that goes on -> that dish struck with 'Item declined', no refund banner", async () => {
    const partly = {
      ...roti,
      items: [
        { ...roti.items[0]!, status: 'declined' as const },
        { ...roti.items[0]!, order_item_id: 321, name: 'Teh Tarik', quantity: 1, unit_price: 250 },
      ],
    };
    stubApi({ 'orders.foodCourt': () => fcOrderFixture([nasi, partly]) });
    renderRoute(routes, '/fc/mall-demo/order/7/32');
    expect((await screen.findByText('2 × Roti Tisu')).tagName).toBe('S');
    expect(screen.getByText('Item declined')).toBeTruthy();
    expect(screen.getByText('1 × Teh Tarik').tagName).not.toBe('S');
    expect(screen.queryByText('Roti Canai Raju declined its part')).toBeNull();
  });

  it('an order that is not part of this food-court order -> not found', async () => {
    stubApi({ 'orders.foodCourt': () => fcOrderFixture([nasi, roti]) });
    renderRoute(routes, '/fc/mall-demo/order/7/99');
    expect(await screen.findByText('not found page')).toBeTruthy();
  });
});

describe("one outlet's order: rating its dishes", () => {
  const part = (status: number) => ({ ...nasi, status });

  function showPart(status: number) {
    stubApi({ 'orders.foodCourt': () => fcOrderFixture([part(status)]) });
    return renderRoute(routes, '/fc/mall-demo/order/7/31');
  }

  it("a completed part -> 'Rate your dishes' to the diner app's review page for that order", async () => {
    showPart(4);
    const review = await screen.findByRole('region', { name: 'Rate your dishes' });
    expect(within(review).getByText(/How was your meal\?/)).toBeTruthy();
    expect(within(review).getByRole('link', { name: 'Rate your dishes' }).getAttribute('href')).toBe(
      '/review/order_id/31',
    );
  });

  it.each([
    ['waiting', 0],
    ['ready', 3],
    ['declined', 5],
  ])('a part %s -> no rating link', async (_state, status) => {
    showPart(status);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nasi Lemak Mak Jah' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Rate your dishes' })).toBeNull();
  });
});

describe('reviewHref', () => {
  afterEach(() => setHostMall(undefined));

  it('under /fc/{mall} (no mall host) -> the diner path on the same origin', () => {
    expect(reviewHref(31, { protocol: 'https:', host: 'santap.my' })).toBe('/review/order_id/31');
  });

  it("on the mall's own host -> the same path on the public host it hangs under (its root is the food court)", () => {
    setHostMall('mall-demo');
    expect(reviewHref(31, { protocol: 'https:', host: 'mall-demo.santap.my' })).toBe(
      'https://santap.my/review/order_id/31',
    );
    expect(reviewHref(8, { protocol: 'http:', host: 'mall-demo.localhost:3000' })).toBe(
      'http://localhost:3000/review/order_id/8',
    );
  });
});
