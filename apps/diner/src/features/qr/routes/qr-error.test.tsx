import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../lib/testing/render-route';
import { Component as QrError } from './qr-error';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const routes = [
  { path: '/qrError', Component: QrError },
  { path: '/qr', element: <p>scanner</p> },
];

afterEach(cleanup);

describe('/qrError', () => {
  it('reason errors.qrExpired -> the QR expired popup with the staff line; scan again opens /qr', async () => {
    const { user } = renderRoute(routes, '/qrError?reason=errors.qrExpired');
    const popup = await screen.findByRole('alertdialog', { name: 'QR Code Expired!' });
    expect(popup.textContent).toContain('Please ask the restaurant staff to generate a new QR code for you');
    await user.click(screen.getByRole('button', { name: /Scan/ }));
    expect(await screen.findByText('scanner')).toBeTruthy();
  });

  it('reason errors.qrNoLongerExists -> QR Code No Longer Exists!', async () => {
    renderRoute(routes, '/qrError?reason=errors.qrNoLongerExists');
    expect(await screen.findByRole('alertdialog', { name: 'QR Code No Longer Exists!' })).toBeTruthy();
  });

  it("no reason -> 'Invalid QR code.' without the popup", async () => {
    renderRoute(routes, '/qrError');
    expect(await screen.findByText('Invalid QR code.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
