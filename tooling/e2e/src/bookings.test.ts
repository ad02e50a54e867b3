import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, hashToken, users } from '@santap/api/testing';
import { DEMO_STAFF_PASSWORD, expectVisible, launchBrowser, signInBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const KL = 'Asia/Kuala_Lumpur';

/** The calendar date of an instant in Kuala Lumpur, `YYYY-MM-DD`. */
function klDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: KL,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A registered diner (date of birth saved, so the login goes straight back), written into the database. */
async function registeredDiner(phone: string, name: string) {
  const db = server.db.database.db;
  const [user] = await db
    .insert(users)
    .values({ phone, status: 'ACTIVE', name, dateOfBirth: '1990-05-01' })
    .returning();
  return user!;
}

/** A session token for a diner, as the OTP login would hand out. */
async function sessionFor(userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await server.db.database.db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(server.clock.now().getTime() + 24 * 3600 * 1000),
  });
  return token;
}

/** The last 6-digit code the dev SMS sender kept for `phone` (GET /api/dev/inbox). */
async function lastCodeFor(phone: string): Promise<string> {
  const reply = await server.app.inject({
    method: 'GET',
    url: `/api/dev/inbox?recipient=${encodeURIComponent(phone)}`,
  });
  const { messages } = (reply.json() as { data: { messages: { body: string }[] } }).data;
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1];
  if (!code) throw new Error(`No code in the dev inbox for ${phone}`);
  return code;
}

/** A staff call through the real API (in-process): the manager of `restaurant` logs in, then `url`. */
async function asManager(restaurant: string, url: string) {
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/staff/login',
    payload: { username: `${restaurant}-manager`, password: DEMO_STAFF_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const token = (login.json() as { data: { token: string } }).data.token;
  const reply = await server.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });
  expect(reply.statusCode).toBe(200);
  return reply.json() as { data: { state: string } };
}

describe('table bookings (spec §4 booking states, §5 cut-off)', () => {
  it('guest books kopitiam-ali from its menu -> logs in -> same form -> RM 20 deposit paid at the simulator -> staff confirm live -> cancel -> refund status', async () => {
    const phone = '+60194100001';
    await registeredDiner(phone, 'Siti Aminah');
    const tomorrow = klDate(new Date(server.clock.now().getTime() + 24 * 3600 * 1000));
    const { context, page } = await browser.newPage();

    await page.goto(`${server.baseUrl}/r/kopitiam-ali`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Kopitiam Ali' }));
    await page.getByRole('link', { name: 'Book a table' }).click();
    await page.waitForURL((url) => url.pathname === '/reservation');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Book a table' }));

    // Tomorrow, 2 guests, non-smoking: the first free slot.
    await page.getByLabel('Date').fill(tomorrow);
    await expectVisible(page.getByText('Deposit: RM 20.00'));
    const slots = page.getByRole('group', { name: 'Time slot' });
    const slot = slots.locator('input[type=radio]:not([disabled])').first();
    await slot.waitFor({ state: 'attached' });
    const slotTime = await slot.inputValue();
    expect(slotTime).toMatch(/^\d{2}:\d{2}$/);
    await slots.getByRole('radio', { name: slotTime, exact: true }).check();

    await page.getByRole('textbox', { name: 'Contact name' }).fill('Siti Aminah');
    await page.getByRole('textbox', { name: 'Email' }).fill('siti@example.com');
    await page.getByRole('textbox', { name: 'Contact number' }).fill('12-345 6789');
    await page.getByRole('button', { name: 'Add' }).click();
    const request = page.getByRole('dialog', { name: 'Special request' });
    await request.getByRole('textbox', { name: 'Your request' }).fill('A table by the window');
    await request.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Choose' }).click();
    const occasion = page.getByRole('dialog', { name: 'Special occasion?' });
    await occasion.getByRole('radio', { name: 'Birthday' }).check();
    await occasion.getByRole('button', { name: 'Save' }).click();

    // A guest: to the login, and back to the same form with everything still there.
    await page.getByRole('button', { name: 'Log in to book' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('194100001');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(await lastCodeFor(phone));
    await page.waitForURL((url) => url.pathname === '/reservation');
    expect(await page.getByRole('textbox', { name: 'Contact name' }).inputValue()).toBe('Siti Aminah');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('siti@example.com');
    await expectVisible(page.getByText('A table by the window'));
    await expectVisible(page.getByText('Birthday', { exact: true }));
    await expectVisible(slots.getByRole('radio', { name: slotTime, exact: true }));
    expect(await slots.getByRole('radio', { name: slotTime, exact: true }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Book table' }).click();

    // The deposit, through the simulator's hosted page.
    await page.waitForURL((url) => url.searchParams.has('reservation_id'));
    const reservationId = Number(new URL(page.url()).searchParams.get('reservation_id'));
    await expectVisible(page.getByRole('heading', { name: 'Pay the deposit' }));
    await page.getByRole('button', { name: 'Pay RM 20.00' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/simulator/pay/'));
    await page.getByRole('radio', { name: 'Success', exact: true }).check();
    await page.getByRole('button', { name: /^Continue/ }).click();

    await page.waitForURL((url) => url.pathname === `/table-booking/${reservationId}`);
    const state = page.locator('#booking-state');
    await expectVisible(state.getByText('Waiting for confirmation', { exact: true }));
    await expectVisible(page.getByText('Paid', { exact: true }));
    await expectVisible(page.getByText('This page updates by itself'));

    // The manager confirms through the API: the page changes without a reload.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await asManager('kopitiam-ali', `/api/staff/reservations/${reservationId}/confirm`);
    await expectVisible(state.getByText('Confirmed', { exact: true }));
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    // Cancel outside the cut-off: the deposit goes back.
    await page.getByRole('button', { name: 'Change or cancel' }).click();
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await expectVisible(cancel.getByText(/Your deposit of RM 20\.00 will be refunded/));
    await cancel.getByRole('textbox', { name: 'Reason' }).fill('Plans changed');
    await cancel.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await cancel.waitFor({ state: 'hidden' });
    await expectVisible(state.getByText(/^Refund (initiated|processed)$/));
    await page.getByRole('button', { name: 'See refund status' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund status' });
    await expectVisible(refund.getByText('RM 20.00'));
    await expectVisible(refund.getByText(/^Refund started$/));

    // The list shows it with its state.
    await refund.getByRole('button', { name: 'Got it' }).click();
    await page.goto(`${server.baseUrl}/table-bookings`);
    const card = page.getByRole('link', { name: /Kopitiam Ali/ });
    await expectVisible(card);
    expect(await card.textContent()).toMatch(/Refund (initiated|processed)/);
    await context.close();
  });

  it('cancel inside the cut-off -> the restaurant refuses with its minutes; the booking stays', async () => {
    const diner = await registeredDiner('+60194100002', 'Ahmad Razak');
    const token = await sessionFor(diner.id);
    const tomorrow = klDate(new Date(server.clock.now().getTime() + 24 * 3600 * 1000));
    // Menu Besar: no deposit, 60 minutes cut-off. Booked for tomorrow through the API...
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/reservations/create',
      headers: { authorization: `Bearer ${token}`, 'country-code': 'MY', 'idempotency-key': 'e2e-cutoff-1' },
      payload: {
        restaurant_id: 1004,
        date: tomorrow,
        slot: '19:00',
        guests: 2,
        contact_name: 'Ahmad Razak',
        email: 'ahmad@example.com',
        contact_number: '012-555 0101',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const reservationId = (created.json() as { data: { reservation_id: number } }).data.reservation_id;
    // ...then its time is moved to 30 minutes from now, inside the cut-off.
    const startsAt = new Date(Math.ceil(server.clock.now().getTime() / 60_000) * 60_000 + 30 * 60_000);
    const slot = new Intl.DateTimeFormat('en-GB', {
      timeZone: KL,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(startsAt);
    // Values made here (an int id, ISO instants, a date and HH:MM), so the statement is plain text.
    await server.db.database.db.execute(
      `update reservations set starts_at = '${startsAt.toISOString()}', ends_at = '${new Date(startsAt.getTime() + 120 * 60_000).toISOString()}', date = '${klDate(startsAt)}', slot = '${slot}' where id = ${Number(reservationId)}`,
    );

    const { context, page } = await browser.newPage();
    await signInBrowser(context, server.baseUrl, token);
    await page.goto(`${server.baseUrl}/table-booking/${reservationId}`);
    const state = page.locator('#booking-state');
    await expectVisible(state.getByText('Waiting for confirmation', { exact: true }));
    await expectVisible(page.getByText(slot, { exact: true }));

    await page.getByRole('button', { name: 'Change or cancel' }).click();
    const manage = page.getByRole('dialog', { name: 'Change or cancel booking' });
    await expectVisible(manage.getByText(/^Changes and cancellations closed at /));
    await manage.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await expectVisible(cancel.getByText('No deposit was paid, so there is nothing to refund.'));
    await cancel.getByRole('button', { name: 'Yes, cancel booking' }).click();
    const refusal = cancel.getByRole('alert');
    await expectVisible(refusal.getByText('The restaurant could not accept this'));
    await expectVisible(
      refusal.getByText('A booking cannot be changed or cancelled less than 60 minutes before its time'),
    );
    await cancel.getByRole('button', { name: 'Keep booking' }).click();
    await expectVisible(state.getByText('Waiting for confirmation', { exact: true }));

    const fetched = await server.app.inject({
      method: 'GET',
      url: `/api/reservations/fetch?reservation_id=${reservationId}`,
      headers: { authorization: `Bearer ${token}`, 'country-code': 'MY' },
    });
    expect((fetched.json() as { data: { state: string } }).data.state).toBe('confirmation_pending');
    await context.close();
  });
});
