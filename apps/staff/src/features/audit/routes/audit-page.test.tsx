import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import type { AuditRecord } from '@santap/api-client';
import { startI18n } from '../../../app/i18n';
import { AppProviders } from '../../../app/providers';
import { setStaffToken } from '../../../lib/session';
import { KITCHEN_ME, ok, refused, stubServer } from '../../../lib/testing';
import type { Handler } from '../../../lib/testing';

const meAs = (role: string, username: string) => ({
  ...KITCHEN_ME,
  staff: { ...KITCHEN_ME.staff, staff_id: 1, role, username },
});

/** A record of kopitiam-ali as the server answers it, with `patch` over it. */
const record = (id: number, patch: Partial<AuditRecord> = {}): AuditRecord => ({
  record_id: id,
  at_epoch: 1_800_000_000,
  actor: 'staff:1',
  actor_username: 'kopitiam-ali-manager',
  actor_role: 'manager',
  device: 'session:3f9a0c1d2e4b',
  ip: '203.0.113.9',
  user_agent: 'Chrome / Android',
  action: 'order.status',
  subject: { type: 'order', id: String(id) },
  reason: null,
  before: { status: 0 },
  after: { status: 1 },
  ...patch,
});

const PRICE = record(11, {
  action: 'menu.price',
  subject: { type: 'menu_item', id: '1001004' },
  before: { price: 1240 },
  after: { price: 1390 },
});
const REFUND = record(12, {
  action: 'order.refund',
  subject: { type: 'order', id: '77' },
  reason: 'Cold noodles, diner unhappy',
  before: { refundable: 2500 },
  after: { refunded: 2500, refundable: 0, refund_ids: [5] },
});

/** Today in Kuala Lumpur, and `days` before it (the trail's default range, computed apart from the page). */
const klDay = (daysBack = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(
    new Date(Date.now() - daysBack * 86_400_000),
  );

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
beforeEach(() => {
  window.history.replaceState(null, '', '/audit');
  setStaffToken('tok');
});
afterEach(() => {
  setStaffToken(null);
});

function server(role: string, trail: Handler, exceptions: AuditRecord[] = []) {
  return stubServer({
    'GET /api/staff/me': () => ok(meAs(role, `kopitiam-ali-${role}`)),
    'GET /api/staff/audit': trail,
    'GET /api/staff/audit/exceptions': (request) =>
      ok({
        date: new URL(request.url).searchParams.get('date'),
        exceptions: exceptions.map((one) => ({
          ...one,
          kind: one.action === 'menu.price' ? 'price_change' : 'refund',
        })),
      }),
  });
}

const trailList = () => screen.findByRole('list', { name: 'All records' });

describe('audit trail page', () => {
  it('a manager: the day’s exceptions first, then the last 7 days’ records with before → after in RM, the reason, who and the device; nothing to edit', async () => {
    const stub = server('manager', () => ok({ records: [REFUND, PRICE], next_cursor: null }), [
      PRICE,
      REFUND,
    ]);
    render(<AppProviders i18n={i18n} />);
    expect(await screen.findByRole('heading', { name: 'Audit trail' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Audit' })).toBeTruthy();

    const exceptions = await screen.findByRole('list', { name: 'Exceptions' });
    const [first, second] = within(exceptions).getAllByRole('listitem');
    expect(within(first!).getByText('Price change')).toBeTruthy();
    expect(within(second!).getByText('Refund', { selector: '.audit-kind' })).toBeTruthy();
    expect(stub.calls.find((call) => call.path === '/api/staff/audit/exceptions')?.search).toBe(
      `?date=${klDay()}`,
    );

    const list = await trailList();
    const price = within(list).getByRole('listitem', { name: 'Price changed · Dish 1001004' });
    expect(within(price).getByText('Price').nextElementSibling?.textContent).toBe('RM 12.40 → RM 13.90');
    const refund = within(list).getByRole('listitem', { name: 'Refund · Order 77' });
    expect(within(refund).getByText('Reason: Cold noodles, diner unhappy')).toBeTruthy();
    expect(within(refund).getByText('Refundable').nextElementSibling?.textContent).toBe('RM 25.00 → RM 0.00');
    expect(within(refund).getByText('Refunded').nextElementSibling?.textContent).toBe('— → RM 25.00');
    expect(refund.textContent).toContain('kopitiam-ali-manager · Manager');
    expect(refund.textContent).toContain('Device: session:3f9a0c1d2e4b · Chrome / Android');
    expect(within(refund).getByText(/4:00/)).toBeTruthy();
    // Read-only: the list offers no button at all.
    expect(within(list).queryAllByRole('button')).toEqual([]);
    expect(within(exceptions).queryAllByRole('button')).toEqual([]);

    const read = new URLSearchParams(stub.calls.find((call) => call.path === '/api/staff/audit')!.search);
    expect([read.get('from'), read.get('to')]).toEqual([klDay(6), klDay()]);
  });

  it('business sees the page and its nav link; kitchen and server get no link and the page refuses them', async () => {
    server('business', () => ok({ records: [PRICE], next_cursor: null }));
    const { unmount } = render(<AppProviders i18n={i18n} />);
    expect(await screen.findByRole('link', { name: 'Audit' })).toBeTruthy();
    expect(
      within(await trailList()).getByRole('listitem', { name: 'Price changed · Dish 1001004' }),
    ).toBeTruthy();
    unmount();

    for (const role of ['kitchen', 'server']) {
      window.history.replaceState(null, '', '/audit');
      const stub = server(role, () => ok({ records: [PRICE], next_cursor: null }));
      const view = render(<AppProviders i18n={i18n} />);
      expect(await screen.findByText("You don't have access to this")).toBeTruthy();
      expect(screen.getByRole('navigation')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Audit' })).toBeNull();
      expect(stub.calls.some((call) => call.path.startsWith('/api/staff/audit'))).toBe(false);
      view.unmount();
    }
  });

  it('a backwards range or one over 92 days -> refused in the form in the server’s words, nothing sent; the server’s own refusal shown in place', async () => {
    const stub = server('manager', (request) =>
      new URL(request.url).searchParams.get('action') === 'menu'
        ? refused(400, 'The server says no', 'validation.dateRangeInvalid')
        : ok({ records: [PRICE], next_cursor: null }),
    );
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    await trailList();
    const form = screen.getByRole('form', { name: 'Filters' });
    const sent = () => stub.calls.filter((call) => call.path === '/api/staff/audit').length;
    expect(sent()).toBe(1);

    const from = within(form).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2027-03-10');
    const to = within(form).getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2027-03-01');
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Please choose a valid date range of up to 92 days',
    );
    expect(sent()).toBe(1);

    await user.clear(from);
    await user.type(from, '2026-11-29'); // 93 days to 2027-03-01
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Please choose a valid date range of up to 92 days',
    );
    expect(sent()).toBe(1);

    await user.clear(from);
    await user.type(from, '2026-11-30'); // 92 days: sent
    await user.selectOptions(within(form).getByLabelText('Area or action'), 'menu');
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    expect(await within(form).findByText('The server says no')).toBeTruthy();
    const last = new URLSearchParams(stub.calls.at(-1)!.search);
    expect([last.get('from'), last.get('to'), last.get('action')]).toEqual([
      '2026-11-30',
      '2027-03-01',
      'menu',
    ]);
  });

  it('Load more -> the next page by the cursor, appended under the first', async () => {
    const stub = server('manager', (request) =>
      new URL(request.url).searchParams.get('cursor') === '11'
        ? ok({ records: [record(10), record(9)], next_cursor: null })
        : ok({ records: [REFUND, PRICE], next_cursor: 11 }),
    );
    render(<AppProviders i18n={i18n} />);
    const user = userEvent.setup();
    const list = await trailList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await expect.poll(() => within(list).getAllByRole('listitem').length).toBe(4);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      'Refund · Order 77',
      'Price changed · Dish 1001004',
      'Order status changed · Order 10',
      'Order status changed · Order 9',
    ]);
    expect(within(list).getAllByRole('listitem')[2]!.textContent).toContain(
      'Waiting for restaurant confirmation → Confirmed',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(new URLSearchParams(stub.calls.at(-1)!.search).get('cursor')).toBe('11');
  });
});
