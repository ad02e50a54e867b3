import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EInvoice, Order } from '@santap/api-client';
import { ServerMessage } from '@santap/api-client';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import type { StubHandler } from '../../../lib/testing/render-route';
import { Component as EInvoiceFormPage, loader } from './einvoice-form';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [
  { path: '/einvoiceform/:order_id', Component: EInvoiceFormPage, loader },
  { path: '/einvoiceform/tab/:tabId/share/:shareId', Component: EInvoiceFormPage, loader },
  { path: '/login', element: <p>login page</p> },
];

const order = { order_id: 77, restaurant_name: 'Kopitiam Ali', currency: 'MYR' } as Order;

const buyer = {
  name: 'Aisyah binti Rahman',
  tin: 'IG12345678901',
  id_type: 'NRIC' as const,
  id_value: '900402145678',
  sst_number: 'NA',
  address: {
    line1: 'No. 5, Jalan Ampang',
    line2: null,
    city: 'Kuala Lumpur',
    postcode: '50450',
    state: '14' as const,
    country: 'MYS',
  },
  contact: '+60123456789',
  email: 'aisyah@example.my',
};

const einvoice = (overrides: Partial<EInvoice> = {}): EInvoice => ({
  order_id: 77,
  status: 'submitted',
  submission_uid: 'S1',
  document_uuid: 'D1',
  long_id: null,
  validation_link: null,
  buyer,
  tin_used: 'IG12345678901',
  general_tin_used: false,
  errors: [],
  created_epoch: 1_777_600_000,
  ...overrides,
});

const notRequested = () => {
  throw new ServerMessage('Not found', 'errors.notFound', 404);
};

function stubEInvoice(overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    'orders.details': () => order,
    'einvoice.fetch': notRequested,
    'einvoice.userData': () => ({ buyer: null }),
    ...overrides,
  });
}

async function fillRequired(view: ReturnType<typeof renderRoute>) {
  await view.user.type(
    await screen.findByRole('textbox', { name: 'Buyer name (as on the ID or business registration)' }),
    'Aisyah binti Rahman',
  );
  await view.user.type(screen.getByRole('textbox', { name: 'Address line 1' }), 'No. 5, Jalan Ampang');
  await view.user.type(screen.getByRole('textbox', { name: 'City' }), 'Kuala Lumpur');
  await view.user.type(screen.getByRole('textbox', { name: 'Contact number' }), '+60123456789');
  await view.user.type(screen.getByRole('textbox', { name: 'Email for the e-invoice' }), 'aisyah@example.my');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/einvoiceform/:order_id', () => {
  it('nothing requested yet, empty form sent -> "Required" under each required field, nothing sent', async () => {
    const call = stubEInvoice();
    const view = renderRoute(routes, '/einvoiceform/77');
    await view.user.click(await screen.findByRole('button', { name: 'Request e-invoice' }));
    expect(screen.getAllByText('Required')).toHaveLength(5);
    expect(callsTo(call, 'einvoice.submit')).toHaveLength(0);
    expect(document.activeElement?.id).toBe('einvoice-name');
  });

  it("TIN 'IG123' -> the TIN format message before anything is sent", async () => {
    const call = stubEInvoice();
    const view = renderRoute(routes, '/einvoiceform/77');
    await fillRequired(view);
    await view.user.click(screen.getByRole('radio', { name: 'MyKad (NRIC)' }));
    await view.user.type(screen.getByRole('textbox', { name: 'ID number' }), '900402-14-5678');
    await view.user.type(screen.getByRole('textbox', { name: /^Tax identification number/ }), 'IG123');
    await view.user.click(screen.getByRole('button', { name: 'Request e-invoice' }));
    expect(
      screen.getByText('Please enter a valid TIN, for example IG12345678901 or C1234567890'),
    ).toBeTruthy();
    expect(callsTo(call, 'einvoice.submit')).toHaveLength(0);
  });

  it('Check TIN -> asked of MyInvois with the normalised TIN and MyKad; a match is said', async () => {
    const call = stubEInvoice({
      'einvoice.taxpayerTin': ({ query }) => ({
        tin: query?.tin,
        id_type: query?.idType,
        id_value: query?.idValue,
        valid: true,
        message: null,
      }),
    });
    const view = renderRoute(routes, '/einvoiceform/77');
    await view.user.click(await screen.findByRole('radio', { name: 'MyKad (NRIC)' }));
    await view.user.type(screen.getByRole('textbox', { name: 'ID number' }), '900402-14-5678');
    await view.user.type(
      screen.getByRole('textbox', { name: /^Tax identification number/ }),
      'ig 1234-5678 901',
    );
    await view.user.click(screen.getByRole('button', { name: 'Check TIN' }));
    expect(await screen.findByText('This TIN matches the ID number.')).toBeTruthy();
    expect(callsTo(call, 'einvoice.taxpayerTin')[0]![0].query).toEqual({
      tin: 'IG12345678901',
      idType: 'NRIC',
      idValue: '900402145678',
    });
  });

  it('valid details without a TIN -> submitted; the page then shows the status', async () => {
    let requested = false;
    const call = stubEInvoice({
      'einvoice.fetch': () =>
        requested ? einvoice({ tin_used: 'EI00000000010', general_tin_used: true }) : notRequested(),
      'einvoice.submit': () => {
        requested = true;
        return einvoice();
      },
    });
    const view = renderRoute(routes, '/einvoiceform/77');
    await fillRequired(view);
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'State' }), '10');
    await view.user.click(screen.getByRole('button', { name: 'Request e-invoice' }));
    expect(await screen.findByText('Sent to LHDN, waiting for validation')).toBeTruthy();
    expect(screen.getByText("No TIN was given, so the e-invoice carries LHDN's general TIN.")).toBeTruthy();
    expect(callsTo(call, 'einvoice.submit')[0]![0].body).toEqual({
      order_id: 77,
      buyer: {
        name: 'Aisyah binti Rahman',
        address: { line1: 'No. 5, Jalan Ampang', city: 'Kuala Lumpur', state: '10', country: 'MYS' },
        contact: '+60123456789',
        email: 'aisyah@example.my',
      },
    });
    expect(screen.queryByRole('button', { name: 'Request e-invoice' })).toBeNull();
  });

  it("MyInvois says the TIN is not the ID's -> that message under the TIN", async () => {
    stubEInvoice({
      'einvoice.userData': () => ({ buyer }),
      'einvoice.submit': () => {
        throw new ServerMessage(
          'This TIN does not match the ID number given. Please check both',
          'validation.tinInvalid',
          400,
        );
      },
    });
    const view = renderRoute(routes, '/einvoiceform/77');
    // Filled from the buyer used last time.
    const tin = await screen.findByRole('textbox', { name: /^Tax identification number/ });
    expect((tin as HTMLInputElement).value).toBe('IG12345678901');
    await view.user.click(screen.getByRole('button', { name: 'Request e-invoice' }));
    await waitFor(() => expect(tin.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This TIN does not match the ID number given. Please check both')).toBeTruthy();
  });

  it('valid e-invoice -> its status and the MyInvois link; no form', async () => {
    stubEInvoice({
      'einvoice.fetch': () =>
        einvoice({ status: 'valid', validation_link: 'https://myinvois.hasil.gov.my/D1/share/L1' }),
    });
    renderRoute(routes, '/einvoiceform/77', 'my');
    expect(await screen.findByText('Disahkan oleh LHDN')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lihat di MyInvois' }).getAttribute('href')).toBe(
      'https://myinvois.hasil.gov.my/D1/share/L1',
    );
    expect(screen.queryByRole('button', { name: 'Minta e-invois' })).toBeNull();
  });

  it('waiting for LHDN -> "Check the status again" reads it again', async () => {
    const replies = [einvoice(), einvoice({ status: 'valid' })];
    const call = stubEInvoice({ 'einvoice.fetch': () => replies.shift() ?? einvoice({ status: 'valid' }) });
    const view = renderRoute(routes, '/einvoiceform/77');
    await view.user.click(await screen.findByRole('button', { name: 'Check the status again' }));
    expect(await screen.findByText('Validated by LHDN')).toBeTruthy();
    expect(callsTo(call, 'einvoice.fetch')).toHaveLength(2);
  });

  it('rejected by LHDN -> the reasons, and the form filled with what was sent, to correct', async () => {
    stubEInvoice({
      'einvoice.fetch': () =>
        einvoice({ status: 'invalid', errors: [{ code: 'CF321', message: 'Buyer TIN does not match.' }] }),
    });
    renderRoute(routes, '/einvoiceform/77');
    const status = await screen.findByRole('alert');
    expect(within(status).getByText('Rejected by LHDN')).toBeTruthy();
    expect(within(status).getByText('Buyer TIN does not match.')).toBeTruthy();
    expect(
      (
        screen.getByRole('textbox', {
          name: 'Buyer name (as on the ID or business registration)',
        }) as HTMLInputElement
      ).value,
    ).toBe('Aisyah binti Rahman');
  });

  it('an Indonesian order -> "only for restaurants in Malaysia", no form', async () => {
    stubEInvoice({ 'orders.details': () => ({ ...order, currency: 'IDR', restaurant_name: 'Warung Sari' }) });
    renderRoute(routes, '/einvoiceform/77');
    expect(
      await screen.findByText('E-invoices are only issued for orders at restaurants in Malaysia'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request e-invoice' })).toBeNull();
  });

  it('another diner’s or an unknown order -> "This order could not be found."', async () => {
    stubEInvoice({ 'orders.details': notRequested });
    renderRoute(routes, '/einvoiceform/999');
    expect(await screen.findByText('This order could not be found.')).toBeTruthy();
  });
});

describe('/einvoiceform/tab/:tabId/share/:shareId (a paid share of a table tab)', () => {
  /** My paid share 9 of tab 42 at Kopitiam Ali, RM 27.00, as `tabs.shareReceipt` reads it. */
  const receipt = (state: 'paid' | 'pending' = 'paid', currency: 'MYR' | 'IDR' = 'MYR') => ({
    share: {
      share_id: 9,
      member_id: 2,
      kind: 'mine',
      state,
      settles: 2700,
      tip: 0,
      amount: 2700,
      method: 'Wallet',
      payment_id: 90,
      created_epoch: 1_790_001_000,
      hold_until_epoch: null,
    },
    quote: {
      request: { kind: 'mine' },
      settles: 2700,
      tip: 0,
      amount: 2700,
      currency,
      lines: [{ key: 'bill.subtotal', label: 'Subtotal', amount: 2700 }],
      takes: [],
    },
    restaurant_name: 'Kopitiam Ali',
    table_label: 'Table 5',
    paid_epoch: 1_790_003_000,
  });

  function stubShare(overrides: Record<string, StubHandler> = {}) {
    return stubApi({
      'tabs.shareReceipt': () => receipt(),
      'einvoice.fetch': notRequested,
      'einvoice.userData': () => ({ buyer }),
      ...overrides,
    });
  }

  it('the form prefilled, sent -> einvoice.submit with tab_share_id 9 (no order_id); then its status', async () => {
    let requested = false;
    const call = stubShare({
      'einvoice.fetch': () => (requested ? einvoice({ order_id: null, tab_share_id: 9 }) : notRequested()),
      'einvoice.submit': () => {
        requested = true;
        return einvoice({ order_id: null, tab_share_id: 9 });
      },
    });
    const view = renderRoute(routes, '/einvoiceform/tab/42/share/9');
    expect(
      await screen.findByText(
        'Request a Malaysian e-invoice (LHDN MyInvois) for your payment at Kopitiam Ali.',
      ),
    ).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Request e-invoice' }));
    expect(await screen.findByText('Sent to LHDN, waiting for validation')).toBeTruthy();
    expect(callsTo(call, 'tabs.shareReceipt')[0]![0].params).toEqual({ tabId: 42, shareId: 9 });
    expect(callsTo(call, 'einvoice.fetch').map(([input]) => input.query)).toEqual([
      { tab_share_id: 9 },
      { tab_share_id: 9 },
    ]);
    expect(callsTo(call, 'einvoice.submit')[0]![0].body).toEqual({
      tab_share_id: 9,
      buyer: {
        name: 'Aisyah binti Rahman',
        tin: 'IG12345678901',
        id_type: 'NRIC',
        id_value: '900402145678',
        // 'NA' (no SST number) is left out, as for an order (lib/einvoice-buyer.ts).
        address: {
          line1: 'No. 5, Jalan Ampang',
          city: 'Kuala Lumpur',
          postcode: '50450',
          state: '14',
          country: 'MYS',
        },
        contact: '+60123456789',
        email: 'aisyah@example.my',
      },
    });
  });

  it('valid -> the MyInvois link, no form', async () => {
    stubShare({
      'einvoice.fetch': () =>
        einvoice({
          order_id: null,
          tab_share_id: 9,
          status: 'valid',
          validation_link: 'https://myinvois.hasil.gov.my/D9/share/L9',
        }),
    });
    renderRoute(routes, '/einvoiceform/tab/42/share/9');
    expect(await screen.findByText('Validated by LHDN')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View on MyInvois' }).getAttribute('href')).toBe(
      'https://myinvois.hasil.gov.my/D9/share/L9',
    );
    expect(screen.queryByRole('button', { name: 'Request e-invoice' })).toBeNull();
  });

  it('the server says the share is not paid (409) -> its sentence above the button, in place', async () => {
    const notPaid =
      'Your share is not paid yet. Its receipt and e-invoice can be asked for once its payment has gone through.';
    stubShare({
      'einvoice.submit': () => {
        throw new ServerMessage(notPaid, 'tab.error.shareNotPaid', 409);
      },
    });
    const view = renderRoute(routes, '/einvoiceform/tab/42/share/9');
    await view.user.click(await screen.findByRole('button', { name: 'Request e-invoice' }));
    expect(await screen.findByText(notPaid)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request e-invoice' })).toBeTruthy();
  });

  it('a share still being paid -> "not paid yet", no form', async () => {
    stubShare({ 'tabs.shareReceipt': () => receipt('pending') });
    renderRoute(routes, '/einvoiceform/tab/42/share/9', 'id');
    expect(
      await screen.findByText(
        'Bagian Anda belum dibayar. Struk dan e-faktur bagian ini dapat diminta setelah pembayarannya berhasil.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Minta e-faktur/ })).toBeNull();
  });

  it('a share in Indonesia (IDR) -> "only for restaurants in Malaysia", no form', async () => {
    stubShare({ 'tabs.shareReceipt': () => receipt('paid', 'IDR') });
    renderRoute(routes, '/einvoiceform/tab/42/share/9');
    expect(
      await screen.findByText('E-invoices are only issued for orders at restaurants in Malaysia'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request e-invoice' })).toBeNull();
  });

  it("another member's or an unknown share (404) -> 'This payment could not be found' in Malay", async () => {
    stubShare({ 'tabs.shareReceipt': notRequested });
    renderRoute(routes, '/einvoiceform/tab/42/share/8', 'my');
    expect(
      await screen.findByText(
        'Bayaran ini tidak dijumpai. Hanya orang yang membayarnya boleh meminta e-invoisnya.',
      ),
    ).toBeTruthy();
  });
});
