import { cleanup, screen, within } from '@testing-library/react';
import { ServerMessage } from '@santap/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { quoteFor, tabFixture } from '../testing/fixtures';
import type { ShareReceipt } from '../api/tab-types';
import { Component as ReceiptPage, loader } from './receipt-page';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [{ path: '/tab/:tabId/receipt/:shareId', Component: ReceiptPage, loader }];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/tab/:tabId/receipt/:shareId', () => {
  it('a paid share with a RM 2.00 tip -> its lines, the tip, what was paid, how and where', async () => {
    const share = {
      ...tabFixture().shares[1]!,
      share_id: 9,
      member_id: 2,
      tip: 200,
      amount: 2700,
      method: 'Wallet',
    };
    const api = stubApi({
      'tabs.shareReceipt': () => ({
        share,
        quote: quoteFor({ kind: 'mine' }, 2500, 200),
        restaurant_name: 'Kopitiam Ali',
        table_label: 'Table 5',
        paid_epoch: 1_790_003_000,
      }),
    });
    renderRoute(routes, '/tab/42/receipt/9');
    expect(await screen.findByText('Kopitiam Ali')).toBeTruthy();
    expect(screen.getByText('Paid with: E-wallet')).toBeTruthy();
    expect(screen.getByText('SST 6%')).toBeTruthy();
    expect(screen.getByText('Tip').nextElementSibling?.textContent).toBe('RM 2.00');
    expect(screen.getByText('You pay').nextElementSibling?.textContent).toBe('RM 27.00');
    expect(callsTo(api, 'tabs.shareReceipt')[0]![0].params).toEqual({ tabId: 42, shareId: 9 });
  });

  describe('email and e-invoice of my paid share', () => {
    /** My (member 2) paid share 9 of tab 42, RM 27.00 at Kopitiam Ali; `overrides` change it. */
    const receiptOf = (
      share: Partial<ShareReceipt['share']> = {},
      currency: ShareReceipt['quote']['currency'] = 'MYR',
    ): ShareReceipt => ({
      share: { ...tabFixture().shares[1]!, share_id: 9, member_id: 2, amount: 2700, ...share },
      quote: { ...quoteFor({ kind: 'mine' }, 2700), currency },
      restaurant_name: 'Kopitiam Ali',
      table_label: 'Table 5',
      paid_epoch: share.state === 'pending' ? null : 1_790_003_000,
    });

    it('paid at a Malaysian restaurant -> "Email me this receipt" and "Request an e-invoice" to its e-invoice page', async () => {
      stubApi({ 'tabs.shareReceipt': () => receiptOf() });
      renderRoute(routes, '/tab/42/receipt/9');
      expect(await screen.findByRole('button', { name: 'Email me this receipt' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Request an e-invoice' }).getAttribute('href')).toBe(
        '/einvoiceform/tab/42/share/9',
      );
    });

    it('paid in Indonesia (IDR) -> the email only, no e-invoice', async () => {
      stubApi({ 'tabs.shareReceipt': () => receiptOf({}, 'IDR') });
      renderRoute(routes, '/tab/42/receipt/9', 'id');
      expect(await screen.findByRole('button', { name: 'Kirim struk ini ke email saya' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Minta e-faktur' })).toBeNull();
      expect(screen.queryByRole('link', { name: /e-faktur/ })).toBeNull();
    });

    it('still being paid -> neither', async () => {
      stubApi({ 'tabs.shareReceipt': () => receiptOf({ state: 'pending' }) });
      renderRoute(routes, '/tab/42/receipt/9');
      expect(await screen.findByText('Kopitiam Ali')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Email me this receipt' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Request an e-invoice' })).toBeNull();
    });

    it('Malay: the words of both actions', async () => {
      stubApi({ 'tabs.shareReceipt': () => receiptOf() });
      renderRoute(routes, '/tab/42/receipt/9', 'my');
      expect(await screen.findByRole('button', { name: 'E-melkan resit ini kepada saya' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Minta e-invois' })).toBeTruthy();
    });

    it('email sent -> invoices.email with tab_share_id 9 and the address; "check your inbox"', async () => {
      const api = stubApi({
        'tabs.shareReceipt': () => receiptOf(),
        'invoices.email': ({ body }) => ({
          invoice_id: 3,
          email: body?.email,
          status: 'confirmation_sent',
          order_ids: [],
          order_id: null,
          tab_share_id: 9,
        }),
      });
      const view = renderRoute(routes, '/tab/42/receipt/9');
      await view.user.click(await screen.findByRole('button', { name: 'Email me this receipt' }));
      const popup = await screen.findByRole('dialog');
      await view.user.type(
        within(popup).getByRole('textbox', { name: 'Email address' }),
        'aisyah@example.my',
      );
      await view.user.click(within(popup).getByRole('button', { name: 'Send invoice' }));
      expect(await within(popup).findByText(/Check your inbox/)).toBeTruthy();
      expect(callsTo(api, 'invoices.email').map(([input]) => input.body)).toEqual([
        { tab_share_id: 9, email: 'aisyah@example.my' },
      ]);
    });

    it('share not paid (409) -> "Couldn\'t Send Invoice" with the server\'s own sentence in the popup', async () => {
      const notPaid =
        'Your share is not paid yet. Its receipt and e-invoice can be asked for once its payment has gone through.';
      stubApi({
        'tabs.shareReceipt': () => receiptOf(),
        'invoices.email': () => {
          throw new ServerMessage(notPaid, 'tab.error.shareNotPaid', 409);
        },
      });
      const view = renderRoute(routes, '/tab/42/receipt/9');
      await view.user.click(await screen.findByRole('button', { name: 'Email me this receipt' }));
      const popup = await screen.findByRole('dialog');
      await view.user.type(
        within(popup).getByRole('textbox', { name: 'Email address' }),
        'aisyah@example.my',
      );
      await view.user.click(within(popup).getByRole('button', { name: 'Send invoice' }));
      expect(await within(popup).findByText("Couldn't Send Invoice")).toBeTruthy();
      expect(within(popup).getByText(notPaid)).toBeTruthy();
      expect(within(popup).queryByText(/Something went wrong/i)).toBeNull();
    });

    it('a bad address -> the email check, nothing sent', async () => {
      const api = stubApi({ 'tabs.shareReceipt': () => receiptOf() });
      const view = renderRoute(routes, '/tab/42/receipt/9');
      await view.user.click(await screen.findByRole('button', { name: 'Email me this receipt' }));
      const popup = await screen.findByRole('dialog');
      await view.user.type(within(popup).getByRole('textbox', { name: 'Email address' }), 'aisyah');
      await view.user.click(within(popup).getByRole('button', { name: 'Send invoice' }));
      expect(await within(popup).findByText("Please include an '@' in the email address")).toBeTruthy();
      expect(callsTo(api, 'invoices.email')).toHaveLength(0);
    });
  });
});
