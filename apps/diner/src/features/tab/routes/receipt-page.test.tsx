import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { quoteFor, tabFixture } from '../testing/fixtures';
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
});
