import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import { gateway, storeAuth } from '@santap/web';
import { forgetRestaurants } from '../../../lib/restaurant';
import { restaurantFixture } from '../../../lib/testing/fixtures';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import type { StubHandler } from '../../../lib/testing/render-route';
import { availabilityFixture, bookingFixture } from '../testing/fixtures';
import { Component as ReservationPage, loader, shouldRevalidate } from './reservation-payment';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [
  { path: '/reservation', Component: ReservationPage, loader, shouldRevalidate },
  { path: '/login', element: <p>login page</p> },
  { path: '/table-booking/:reservation_id', element: <p>booking detail</p> },
  { path: '/r/:name', element: <p>menu page</p> },
];

const methods = {
  restaurant_id: 1001,
  mall: null,
  currency: 'MYR',
  methods: ['Card', 'Wallet'],
  online_methods: ['Card', 'Wallet'],
  channels: [],
  providers: ['simulator'],
  default_provider: 'simulator',
  speed_modes: ['secure'],
  default_speed_mode: 'secure',
  pay_later_allowed: false,
  pay_later_order_types: [],
  prepay_order_types: [1, 2, 3],
};

const unpaid = bookingFixture({
  state: 'payment_pending',
  payment_status: 'unpaid',
  payment: null,
  can_pay: true,
});

function stub(overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    'restaurants.details': () => restaurantFixture(),
    'reservations.checkAvailability': () => availabilityFixture(),
    'account.userInfo': () => {
      throw new ServerMessage('Something went wrong', 'errors.somethingWentWrong', 500);
    },
    'reservations.fetch': () => unpaid,
    'payments.methods': () => methods,
    ...overrides,
  });
}

describe('/reservation?restaurant= (the booking form)', () => {
  beforeEach(() => {
    forgetRestaurants();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    storeAuth(undefined);
    vi.restoreAllMocks();
  });

  it('guest fills the form -> to /login with the table choice in the way back; logged in, the same form books it -> deposit payment', async () => {
    const call = stub({ 'reservations.create': () => unpaid });
    const first = renderRoute(routes, '/reservation?restaurant=kopitiam-ali&guests=4');
    expect(await screen.findByText('Deposit: RM 20.00')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '18:30 (full)' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('You can change or cancel until 60 minutes before your booking.')).toBeTruthy();
    expect(callsTo(call, 'reservations.checkAvailability')[0]?.[0].body).toMatchObject({
      restaurant_id: 1001,
      guests: 4,
      smoking: false,
    });

    await first.user.click(screen.getByRole('radio', { name: '19:00' }));
    await first.user.type(screen.getByRole('textbox', { name: 'Contact name' }), 'Siti Aminah');
    await first.user.type(screen.getByRole('textbox', { name: 'Email' }), 'siti@example.com');
    await first.user.type(screen.getByRole('textbox', { name: 'Contact number' }), '12-345 6789');
    await first.user.click(screen.getAllByRole('button', { name: 'Choose' })[0]!);
    await first.user.click(screen.getByRole('radio', { name: 'Birthday' }));
    await first.user.click(screen.getByRole('button', { name: 'Save' }));
    await first.user.click(screen.getByRole('button', { name: 'Log in to book' }));

    await screen.findByText('login page');
    const back = new URLSearchParams(first.router.state.location.search).get('path') ?? '';
    const backQuery = new URL(back, 'https://app.invalid').searchParams;
    expect(backQuery.get('restaurant')).toBe('kopitiam-ali');
    expect(backQuery.get('guests')).toBe('4');
    expect(backQuery.get('slot')).toBe('19:00');
    expect(back).not.toContain('siti');
    expect(callsTo(call, 'reservations.create')).toHaveLength(0);
    first.unmount();

    // Back from the login, as a diner.
    storeAuth({ status: 'ACTIVE' });
    const second = renderRoute(routes, back);
    expect(((await screen.findByRole('textbox', { name: 'Contact name' })) as HTMLInputElement).value).toBe(
      'Siti Aminah',
    );
    expect(await screen.findByText('Birthday')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: '19:00' }) as HTMLInputElement).checked).toBe(true),
    );
    await second.user.click(screen.getByRole('button', { name: 'Book table' }));

    await waitFor(() => expect(second.router.state.location.search).toBe('?reservation_id=42'));
    const [input, options] = callsTo(call, 'reservations.create')[0]!;
    expect(input.body).toEqual({
      restaurant_id: 1001,
      date: backQuery.get('date'),
      slot: '19:00',
      guests: 4,
      smoking: false,
      contact_name: 'Siti Aminah',
      email: 'siti@example.com',
      contact_number: '+60123456789',
      occasion: 'Birthday',
    });
    expect(options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionStorage.length).toBe(0);
  });

  it('book without a slot and with a bad email -> "Please select a time slot" and the email message; nothing sent', async () => {
    storeAuth({ status: 'ACTIVE' });
    const call = stub();
    const { user } = renderRoute(routes, '/reservation?restaurant=kopitiam-ali');
    await screen.findByText('Deposit: RM 20.00');
    await user.type(screen.getByRole('textbox', { name: 'Contact name' }), 'Siti');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'siti.example.com');
    await user.type(screen.getByRole('textbox', { name: 'Contact number' }), '123456789');
    await user.click(screen.getByRole('button', { name: 'Book table' }));
    expect(await screen.findByText('Please select a time slot')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(call, 'reservations.create')).toHaveLength(0);
  });

  it("slot taken meanwhile -> the server's words, and the slots are read again", async () => {
    storeAuth({ status: 'ACTIVE' });
    const call = stub({
      'reservations.create': () => {
        throw new ServerMessage(
          'No table is free for that time. Please choose another time',
          'errors.bookingUnavailable',
          409,
        );
      },
    });
    const { user } = renderRoute(routes, '/reservation?restaurant=kopitiam-ali&slot=19:30');
    await screen.findByText('Deposit: RM 20.00');
    await user.type(screen.getByRole('textbox', { name: 'Contact name' }), 'Siti Aminah');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'siti@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Contact number' }), '0123456789');
    await user.click(screen.getByRole('button', { name: 'Book table' }));
    expect(
      await screen.findByText('No table is free for that time. Please choose another time'),
    ).toBeTruthy();
    await waitFor(() => expect(callsTo(call, 'reservations.checkAvailability')).toHaveLength(2));
  });

  it('restaurant without bookings -> "This restaurant does not take table bookings", no form', async () => {
    stub({ 'reservations.checkAvailability': () => availabilityFixture({ enabled: false, slots: [] }) });
    renderRoute(routes, '/reservation?restaurant=kopitiam-ali');
    expect(await screen.findByText('This restaurant does not take table bookings')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Contact name' })).toBeNull();
  });

  it('another date picked -> slots read for it and the URL keeps it (the restaurant is not read again)', async () => {
    const call = stub();
    const { router } = renderRoute(routes, '/reservation?restaurant=kopitiam-ali');
    await screen.findByText('Deposit: RM 20.00');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-01-02' } });
    await waitFor(() =>
      expect(callsTo(call, 'reservations.checkAvailability').at(-1)?.[0].body).toMatchObject({
        date: '2099-01-02',
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('date')).toBe('2099-01-02');
    expect(callsTo(call, 'restaurants.details')).toHaveLength(1);
  });

  it('another date loading -> its slots wait for its reply, the deposit stays on screen (no flicker)', async () => {
    let answer: (reply: ReturnType<typeof availabilityFixture>) => void = () => undefined;
    stub({
      'reservations.checkAvailability': (input) =>
        (input.body as { date?: string }).date === '2099-01-02'
          ? new Promise((resolve) => {
              answer = resolve;
            })
          : availabilityFixture(),
    });
    renderRoute(routes, '/reservation?restaurant=kopitiam-ali');
    await screen.findByRole('radio', { name: '18:00' });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-01-02' } });
    expect(await screen.findByText('Checking free tables…')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '18:00' })).toBeNull();
    expect(screen.getByText('Deposit: RM 20.00')).toBeTruthy();
    answer(availabilityFixture({ date: '2099-01-02', slots: [], token_amount: 3000 }));
    expect(await screen.findByText('Deposit: RM 30.00')).toBeTruthy();
    expect(screen.queryByText('Checking free tables…')).toBeNull();
  });
});

describe('/reservation?reservation_id= (the deposit payment)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('deposit due -> "Pay RM 20.00" starts the payment and hands over to the gateway page', async () => {
    const open = vi.spyOn(gateway, 'open').mockImplementation(() => undefined);
    const call = stub({
      'reservations.paymentId': () => ({ redirect_url: 'http://127.0.0.1/simulator/pay/9', payment_id: 9 }),
    });
    const { user } = renderRoute(routes, '/reservation?reservation_id=42');
    expect(await screen.findByRole('heading', { name: 'Pay the deposit' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay RM 20.00' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://127.0.0.1/simulator/pay/9'));
    expect(callsTo(call, 'reservations.paymentId')[0]?.[0].body).toMatchObject({
      reservation_id: 42,
      method: 'Card',
    });
  });

  it('back from the gateway, failed -> "Sorry, Payment Failed" with the refund words and another try', async () => {
    stub({
      'reservations.fetch': () =>
        bookingFixture({
          state: 'payment_failed',
          payment_status: 'unpaid',
          can_pay: true,
          payment: {
            payment_id: 9,
            state: 'failed',
            page_state: 'failed',
            result: 2,
            amount: 2000,
            currency: 'MYR',
          },
        }),
    });
    renderRoute(routes, '/reservation?reservation_id=42&payment_id=9&amount=2000&redirect=1');
    expect(await screen.findByRole('heading', { name: 'Sorry, Payment Failed' })).toBeTruthy();
    expect(screen.getByText('Oops! Transaction failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay RM 20.00' })).toBeTruthy();
  });

  it('back from the gateway, still processing then paid -> on to the booking', async () => {
    const replies = [
      bookingFixture({
        state: 'payment_pending',
        payment_status: 'unpaid',
        can_pay: false,
        payment: {
          payment_id: 9,
          state: 'processing',
          page_state: 'processing',
          result: 0,
          amount: 2000,
          currency: 'MYR',
        },
      }),
    ];
    stub({ 'reservations.fetch': () => replies.shift() ?? bookingFixture() });
    const { router } = renderRoute(
      routes,
      '/reservation?reservation_id=42&payment_id=9&amount=2000&redirect=1',
    );
    await screen.findByText('booking detail');
    expect(router.state.location.pathname).toBe('/table-booking/42');
  });
});
