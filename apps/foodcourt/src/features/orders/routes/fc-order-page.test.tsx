import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import { setLiveSocketFactory } from '@santap/web';
import type { LiveSocket, LiveSocketFactory } from '@santap/web';
import { fcOrderFixture, outletOrderFixture } from '../../../testing/fixtures';
import { callsTo, renderRoute, stubApi } from '../../../testing/render-route';
import { Component as FcOrderPage, loader } from './fc-order-page';

/** A WebSocket stand-in: records what the page sends and lets the test push frames. */
class FakeSocket implements LiveSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
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
  { path: '/fc/:mall/order/:fcOrderId', loader, Component: FcOrderPage },
  { path: '/fc/:mall/order/:fcOrderId/:orderId', element: <p>one outlet</p> },
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

/** The page's progress line (the toasts have a status region of their own). */
const progress = () =>
  within(screen.getByRole('main'))
    .getAllByRole('status')
    .find((element) => element.classList.contains('fc-order-head__progress'))!;

const nasi = outletOrderFixture({ order_id: 31, restaurant_id: 1011, restaurant_name: 'Nasi Lemak Mak Jah' });
const roti = outletOrderFixture({
  order_id: 32,
  restaurant_id: 1013,
  restaurant_name: 'Roti Canai Raju',
  total: 611,
});

/** The reply of generate-fc-invoice for food-court order 7. */
const invoiceSent = () => ({
  invoice_id: 1,
  email: 'ana@example.my',
  status: 'sent',
  order_ids: [31, 32],
  fc_order_id: 7,
});

/** Opens the order's invoice popup and sends it to ana@example.my; answers the popup. */
async function sendInvoice(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Email me the invoice' }));
  const popup = await screen.findByRole('dialog');
  await user.type(within(popup).getByRole('textbox'), 'ana@example.my');
  await user.click(within(popup).getByRole('button', { name: /Send/ }));
  return popup;
}

describe('a food-court order', () => {
  it('two parts waiting -> each outlet with its status; Ready 0 of 2; subscribed to fc:7', async () => {
    stubApi({ 'orders.foodCourt': () => fcOrderFixture([nasi, roti]) });
    renderRoute(routes, '/fc/mall-demo/order/7');
    expect(await screen.findByText('Food court order #7')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(progress().textContent).toBe('Ready: 0 of 2 outlets');
    expect(screen.getByText('Payment: Paid')).toBeTruthy();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    expect(socket.sent).toContainEqual({ type: 'subscribe', topic: 'fc:7' });
  });

  it('an outlet confirms before the subscription is acknowledged -> the acknowledgement re-reads: Confirmed', async () => {
    let fc = fcOrderFixture([nasi, roti]);
    stubApi({ 'orders.foodCourt': () => fc });
    renderRoute(routes, '/fc/mall-demo/order/7');
    await screen.findByText('Food court order #7');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    act(() => FakeSocket.all[0]!.open());
    fc = fcOrderFixture([{ ...nasi, status: 1, status_key: 'status.confirmed' }, roti]);
    act(() => FakeSocket.all[0]!.push({ type: 'subscribed', topic: 'fc:7' }));
    const part = (await screen.findByRole('heading', { name: 'Nasi Lemak Mak Jah' })).closest('article')!;
    await waitFor(() => expect(within(part).getByText('Confirmed')).toBeTruthy());
  });

  it('a live event after Roti Canai declines -> refetched: that part refunded alone, the rest goes on', async () => {
    let fc = fcOrderFixture([nasi, roti]);
    const spy = stubApi({ 'orders.foodCourt': () => fc });
    renderRoute(routes, '/fc/mall-demo/order/7');
    await screen.findByText('Food court order #7');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    act(() => FakeSocket.all[0]!.open());
    fc = fcOrderFixture([
      { ...nasi, status: 1, status_key: 'status.confirmed' },
      { ...roti, status: 5, status_key: 'status.declined', payment_status: 'refunded' },
    ]);
    act(() =>
      FakeSocket.all[0]!.push({ type: 'event', event: { type: 'order.status', data: { order_id: 32 } } }),
    );
    const declined = (await screen.findByText('Roti Canai Raju declined its part')).closest('article')!;
    expect(within(declined).getByText(/RM 6.11 has been refunded to you\./)).toBeTruthy();
    expect(within(declined).getByText(/The rest of your order goes on\./)).toBeTruthy();
    const going = screen.getByRole('heading', { name: 'Nasi Lemak Mak Jah' }).closest('article')!;
    expect(within(going).getByText('Confirmed')).toBeTruthy();
    expect(within(going).queryByText(/declined its part/)).toBeNull();
    expect(progress().textContent).toBe('Ready: 0 of 1 outlet');
    // What goes on, net of the declined part; the two numberings explained.
    expect(screen.getByText('Declined parts')).toBeTruthy();
    expect(screen.getByText('Total of what goes on')).toBeTruthy();
    expect(screen.getByText(/own order number/)).toBeTruthy();
    expect(callsTo(spy, 'orders.foodCourt').length).toBeGreaterThanOrEqual(2);
  });

  it("every part that goes on is ready -> 'All your food is ready!'", async () => {
    stubApi({
      'orders.foodCourt': () =>
        fcOrderFixture(
          [
            { ...nasi, status: 3, status_key: 'status.ready' },
            { ...roti, status: 5, status_key: 'status.declined', payment_status: 'refund_initiated' },
          ],
          { all_ready: true },
        ),
    });
    renderRoute(routes, '/fc/mall-demo/order/7');
    expect((await screen.findByText('Collect each part from its outlet.')).textContent).toBeTruthy();
    expect(progress().textContent).toBe('Ready: 1 of 1 outlet');
    // Said once, in the banner, not again in the progress line.
    expect(screen.getAllByText('All your food is ready!')).toHaveLength(1);
    expect(screen.getByText(/RM 6.11 is being refunded to you \(3-5 days\)\./)).toBeTruthy();
  });

  it("dine-in, every part ready -> 'Each outlet brings its part to your table.', not 'Collect each part'", async () => {
    stubApi({
      'orders.foodCourt': () =>
        fcOrderFixture(
          [
            { ...nasi, order_type: 1, status: 3, status_key: 'status.ready' },
            { ...roti, order_type: 1, status: 3, status_key: 'status.ready' },
          ],
          { all_ready: true },
        ),
    });
    renderRoute(routes, '/fc/mall-demo/order/7');
    expect(await screen.findByText('Each outlet brings its part to your table.')).toBeTruthy();
    expect(screen.queryByText('Collect each part from its outlet.')).toBeNull();
  });

  it('Email me the invoice -> generate-fc-invoice for this food-court order', async () => {
    const spy = stubApi({
      'orders.foodCourt': () => fcOrderFixture([nasi, roti]),
      'invoices.foodCourt': invoiceSent,
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/order/7');
    const popup = await sendInvoice(user);
    await waitFor(() => expect(callsTo(spy, 'invoices.foodCourt')).toHaveLength(1));
    expect(callsTo(spy, 'invoices.foodCourt')[0]![0].body).toEqual({
      fc_order_id: 7,
      email: 'ana@example.my',
    });
    expect(
      await within(popup).findByText(
        'Check your inbox: open the link we sent to this address and the invoice will follow.',
      ),
    ).toBeTruthy();
    expect(within(popup).queryByText("Couldn't Send Invoice")).toBeNull();
  });

  it('the invoice mail fails -> "Couldn\'t Send Invoice", the address kept; a second try sends it', async () => {
    let fails = true;
    const spy = stubApi({
      'orders.foodCourt': () => fcOrderFixture([nasi, roti]),
      'invoices.foodCourt': () => {
        if (fails) throw new ServerMessage("Couldn't Send Invoice", 'errors.couldNotSendInvoice', 502);
        return invoiceSent();
      },
    });
    const { user } = renderRoute(routes, '/fc/mall-demo/order/7');
    const popup = await sendInvoice(user);
    expect(await within(popup).findByText("Couldn't Send Invoice")).toBeTruthy();
    expect(
      within(popup).queryByText(
        'Check your inbox: open the link we sent to this address and the invoice will follow.',
      ),
    ).toBeNull();
    expect((within(popup).getByRole('textbox') as HTMLInputElement).value).toBe('ana@example.my');

    fails = false;
    await user.click(within(popup).getByRole('button', { name: /Send/ }));
    expect(
      await within(popup).findByText(
        'Check your inbox: open the link we sent to this address and the invoice will follow.',
      ),
    ).toBeTruthy();
    expect(within(popup).queryByText("Couldn't Send Invoice")).toBeNull();
    expect(callsTo(spy, 'invoices.foodCourt').map(([input]) => input.body)).toEqual([
      { fc_order_id: 7, email: 'ana@example.my' },
      { fc_order_id: 7, email: 'ana@example.my' },
    ]);
  });

  it("one part ready, then a live event as the last one is ready -> 'All your food is ready!'", async () => {
    let fc = fcOrderFixture([{ ...nasi, status: 3, status_key: 'status.ready' }, roti]);
    const spy = stubApi({ 'orders.foodCourt': () => fc });
    renderRoute(routes, '/fc/mall-demo/order/7');
    await screen.findByText('Food court order #7');
    expect(progress().textContent).toBe('Ready: 1 of 2 outlets');
    expect(screen.queryByText('Collect each part from its outlet.')).toBeNull();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    act(() => FakeSocket.all[0]!.open());

    fc = fcOrderFixture(
      [
        { ...nasi, status: 3, status_key: 'status.ready' },
        { ...roti, status: 3, status_key: 'status.ready' },
      ],
      { all_ready: true },
    );
    act(() =>
      FakeSocket.all[0]!.push({ type: 'event', event: { type: 'order.status', data: { order_id: 32 } } }),
    );
    expect(await screen.findByText('Collect each part from its outlet.')).toBeTruthy();
    expect(progress().textContent).toBe('Ready: 2 of 2 outlets');
    expect(screen.getAllByText('All your food is ready!')).toHaveLength(1);
    expect(callsTo(spy, 'orders.foodCourt').length).toBeGreaterThanOrEqual(2);
  });
});
