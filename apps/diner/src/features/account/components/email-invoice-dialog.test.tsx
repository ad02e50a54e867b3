import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { AuthRequired, ServerMessage } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { EmailInvoiceDialog } from './email-invoice-dialog';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Only the fields the dialog reads. */
const order = { order_id: 77, fc_order_id: null } as Order;

function LoginPage() {
  const location = useLocation();
  return <p data-testid="login">{new URLSearchParams(location.search).get('path')}</p>;
}

const routes = [
  {
    path: '/orderHistory',
    element: <EmailInvoiceDialog order={order} initialEmail="aisyah@example.my" onClose={() => undefined} />,
  },
  { path: '/login', element: <LoginPage /> },
];

async function sendWith(failure: () => never, language: 'en' | 'id' = 'en') {
  const spy = stubApi({ 'invoices.email': failure });
  const view = renderRoute(routes, '/orderHistory?page=2', language);
  await view.user.click(
    await screen.findByRole('button', { name: language === 'en' ? 'Send invoice' : /Kirim/ }),
  );
  return { spy, view };
}

describe('EmailInvoiceDialog', () => {
  it("hourly limit (429) -> \"Couldn't Send Invoice\" with the server's own message, not 'something went wrong'", async () => {
    const limit = 'Too many requests. Please wait a moment and try again';
    const { spy } = await sendWith(() => {
      throw new ServerMessage(limit, 'errors.tooManyRequests', 429);
    });
    const popup = screen.getByRole('dialog');
    expect(await within(popup).findByText("Couldn't Send Invoice")).toBeTruthy();
    expect(within(popup).getByText(limit)).toBeTruthy();
    expect(within(popup).queryByText(/Something went wrong/i)).toBeNull();
    expect(callsTo(spy, 'invoices.email')[0]![0].body).toEqual({ order_id: 77, email: 'aisyah@example.my' });
  });

  it("the limit in Indonesian -> the server's Indonesian sentence as it came", async () => {
    const limit = 'Terlalu banyak permintaan. Tunggu sebentar, lalu coba lagi';
    await sendWith(() => {
      throw new ServerMessage(limit, 'errors.tooManyRequests', 429);
    }, 'id');
    expect(await screen.findByText(limit)).toBeTruthy();
  });

  it('login expired (401 invalid token) -> the login page, with the way back to this page', async () => {
    const { view } = await sendWith(() => {
      throw new AuthRequired('invalid token', 'errors.invalidToken', 401);
    });
    expect((await screen.findByTestId('login')).textContent).toBe('/orderHistory?page=2');
    expect(view.router.state.location.pathname).toBe('/login');
    expect(screen.queryByText("Couldn't Send Invoice")).toBeNull();
  });

  it("any other failure (the mail transport, 502) -> \"Couldn't Send Invoice\", 'something went wrong'", async () => {
    await sendWith(() => {
      throw new ServerMessage("Couldn't Send Invoice", 'errors.couldNotSendInvoice', 502);
    });
    expect(await screen.findByText("Couldn't Send Invoice")).toBeTruthy();
    expect(screen.getByText(/Something went wrong/i)).toBeTruthy();
  });
});
