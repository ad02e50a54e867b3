import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import { setLiveSocketFactory, storeAuth } from '@santap/web';
import type { LiveSocket, LiveSocketFactory } from '@santap/web';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { bookingFixture } from '../testing/fixtures';
import { Component as BookingDetail, loader } from './booking-detail';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

/** A WebSocket stand-in: keeps what the page sends; the test opens it and pushes events. */
interface TestSocket extends LiveSocket {
  readonly url: string;
  readyState: number;
  readonly sent: unknown[];
}

let sockets: TestSocket[] = [];
const testSocket: LiveSocketFactory = (url) => {
  const sent: unknown[] = [];
  const socket: TestSocket = {
    url,
    sent,
    readyState: 0,
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
    send: (data) => void sent.push(JSON.parse(data)),
    close: () => undefined,
  };
  sockets.push(socket);
  return socket;
};
const openSocket = (socket: TestSocket) => {
  socket.readyState = 1;
  socket.onopen?.(new Event('open'));
};
const pushEvent = (socket: TestSocket, event: unknown) =>
  socket.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ type: 'event', event }) }));

const routes = [
  { path: '/table-booking/:reservation_id', Component: BookingDetail, loader },
  { path: '/table-bookings', element: <p>bookings list</p> },
  { path: '/login', element: <p>login page</p> },
  { path: '/reservation', element: <p>reservation page</p> },
];

/** The booking's state pill, inside the live status region. */
const stateWord = () => document.getElementById('booking-state')?.textContent;

describe('/table-booking/:reservation_id', () => {
  let previousFactory: LiveSocketFactory;
  beforeEach(() => {
    sockets = [];
    previousFactory = setLiveSocketFactory(testSocket);
    storeAuth({ status: 'ACTIVE' });
  });
  afterEach(() => {
    cleanup();
    setLiveSocketFactory(previousFactory);
    storeAuth(undefined);
    vi.restoreAllMocks();
  });

  it('staff confirm (live event on reservation:42) -> the booking is read again and shows "Confirmed"', async () => {
    const replies = [bookingFixture(), bookingFixture({ state: 'confirmed' })];
    const call = stubApi({
      'reservations.fetch': () => replies.shift() ?? bookingFixture({ state: 'confirmed' }),
    });
    renderRoute(routes, '/table-booking/42');

    await waitFor(() => expect(stateWord()).toBe('Waiting for confirmation'));
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets[0]!;
    // The diner's session goes as the HttpOnly cookie at the upgrade, never in the URL.
    expect(new URL(socket.url).search).toBe('');
    act(() => openSocket(socket));
    expect(socket.sent).toContainEqual({ type: 'subscribe', topic: 'reservation:42' });

    act(() =>
      pushEvent(socket, {
        topics: ['reservation:42', 'user:7'],
        type: 'booking.status',
        data: { reservation_id: 42, state: 'confirmed' },
      }),
    );
    await waitFor(() => expect(stateWord()).toBe('Confirmed'));
    expect(screen.getByText('Your table is booked. See you there!')).toBeTruthy();
    expect(callsTo(call, 'reservations.fetch')).toHaveLength(2);
  });

  it('cancel inside the cut-off -> the server refuses; its words show in the popup, nothing changes', async () => {
    const refusal = 'A booking cannot be changed or cancelled less than 60 minutes before its time';
    stubApi({
      'reservations.fetch': () =>
        bookingFixture({ state: 'confirmed', can_modify: false, can_cancel: false }),
      'reservations.requestCancellation': () => {
        throw new ServerMessage(refusal, 'errors.bookingCutOff', 400);
      },
    });
    const { user } = renderRoute(routes, '/table-booking/42');
    // The server no longer offers either request: the note says so, with the restaurant's time.
    expect(await screen.findByText('Changes and cancellations closed at Sat, Jun 13, 18:30.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Change or cancel' }));
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this booking?' });
    expect(dialog.textContent).toContain('Your deposit of RM 20.00 will be refunded');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The restaurant could not accept this');
    expect(alert.textContent).toContain(refusal);
    expect(stateWord()).toBe('Confirmed');
  });

  it('cancel outside the cut-off -> request sent with the reason; the page shows the refund; refund popup RM 20.00 started', async () => {
    let cancelled = false;
    const call = stubApi({
      'reservations.fetch': () =>
        cancelled
          ? bookingFixture({ state: 'refund_initiated', payment_status: 'refund_initiated' })
          : bookingFixture(),
      'reservations.requestCancellation': () => {
        cancelled = true;
        return bookingFixture({ state: 'refund_initiated', payment_status: 'refund_initiated' });
      },
      'reservations.refundStatus': () => ({
        reservation_id: 42,
        state: 'refund_initiated',
        payment_status: 'refund_initiated',
        token_amount: 2000,
        currency: 'MYR',
        refund_state: 'refund_initiated',
        refunded_amount: 0,
        refunds: [],
      }),
    });
    const { user } = renderRoute(routes, '/table-booking/42');
    await user.click(await screen.findByRole('button', { name: 'Change or cancel' }));
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Flight delayed');
    await user.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));

    await waitFor(() => expect(stateWord()).toBe('Refund initiated'));
    expect(callsTo(call, 'reservations.requestCancellation')[0]?.[0].body).toEqual({
      reservation_id: 42,
      reason: 'Flight delayed',
    });
    expect(screen.queryByRole('button', { name: 'Change or cancel' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'See refund status' }));
    const popup = await screen.findByRole('dialog', { name: 'Refund status' });
    expect(popup.textContent).toContain('RM 20.00');
    expect(popup.textContent).toContain('The money will reach your account in 3-5 days.');
  });

  it('change requested -> slots asked for the new guests, request sent; "Change requested" with the asked change', async () => {
    let changed = false;
    const change = {
      date: '2026-06-13',
      slot: '20:00',
      guests: 6,
      smoking: false,
      starts_epoch: Date.parse('2026-06-13T12:00:00Z') / 1000,
      table_id: 3,
    };
    const call = stubApi({
      'reservations.fetch': () =>
        changed
          ? bookingFixture({ state: 'modification_requested', requested_change: change })
          : bookingFixture(),
      'reservations.checkAvailability': (input) => ({
        enabled: true,
        max_guests: 10,
        slots: [
          { slot: '19:30', starts_epoch: 0, available: input.body?.guests === 4, tables_left: 1 },
          { slot: '20:00', starts_epoch: 0, available: true, tables_left: 1 },
        ],
      }),
      'reservations.requestModification': () => {
        changed = true;
        return bookingFixture({ state: 'modification_requested', requested_change: change });
      },
    });
    const { user } = renderRoute(routes, '/table-booking/42');
    await user.click(await screen.findByRole('button', { name: 'Change or cancel' }));
    await user.click(screen.getByRole('button', { name: 'Change booking' }));
    await user.click(screen.getByRole('button', { name: 'One more: Guests' }));
    await user.click(screen.getByRole('button', { name: 'One more: Guests' }));
    await user.click(await screen.findByRole('radio', { name: '20:00' }));
    await user.click(screen.getByRole('button', { name: 'Request change' }));

    await waitFor(() => expect(stateWord()).toBe('Change requested'));
    expect(callsTo(call, 'reservations.requestModification')[0]?.[0].body).toEqual({
      reservation_id: 42,
      date: '2026-06-13',
      guests: 6,
      smoking: false,
      slot: '20:00',
    });
    expect(callsTo(call, 'reservations.checkAvailability').at(-1)?.[0].body).toMatchObject({ guests: 6 });
    const asked = screen.getByRole('region', { name: 'The change you asked for' });
    expect(within(asked).getByText('20:00')).toBeTruthy();
    expect(within(asked).getByText('6')).toBeTruthy();
  });

  it('declined and refunding, the gateway refused the refund -> says the restaurant will return the deposit', async () => {
    stubApi({
      'reservations.fetch': () =>
        bookingFixture({
          state: 'refund_initiated',
          payment_status: 'refund_initiated',
          reason: 'Fully booked',
        }),
      'reservations.refundStatus': () => ({
        reservation_id: 42,
        state: 'refund_initiated',
        payment_status: 'refund_initiated',
        token_amount: 2000,
        currency: 'MYR',
        refund_state: 'failed',
        refunded_amount: 0,
        refunds: [],
      }),
    });
    renderRoute(routes, '/table-booking/42');
    expect(await screen.findByText('Fully booked')).toBeTruthy();
    expect(
      await screen.findByText(
        'The refund could not be sent to your payment method. The restaurant will contact you to return your deposit.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'See refund status' })).toBeNull();
  });

  it('payment pending -> "Pay the deposit" leads to the deposit payment', async () => {
    stubApi({
      'reservations.fetch': () =>
        bookingFixture({ state: 'payment_pending', payment_status: 'unpaid', payment: null, can_pay: true }),
    });
    renderRoute(routes, '/table-booking/42');
    const pay = await screen.findByRole('link', { name: 'Pay the deposit' });
    expect(pay.getAttribute('href')).toBe('/reservation?reservation_id=42');
    expect(screen.getByText('Not paid yet')).toBeTruthy();
  });

  it('another diner\'s booking (404) -> "Sorry, we couldn\'t find that"', async () => {
    stubApi({
      'reservations.fetch': () => {
        throw new ServerMessage('Not found', 'errors.notFound', 404);
      },
    });
    renderRoute(routes, '/table-booking/42');
    expect(await screen.findByText("Sorry, we couldn't find that")).toBeTruthy();
  });

  it('session expired -> to /login, back to this booking afterwards', async () => {
    const { AuthRequired } = await import('@santap/api-client');
    stubApi({
      'reservations.fetch': () => {
        throw new AuthRequired('invalid token');
      },
    });
    const { router } = renderRoute(routes, '/table-booking/42');
    await screen.findByText('login page');
    expect(new URLSearchParams(router.state.location.search).get('path')).toBe('/table-booking/42');
  });
});
