import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { PaymentMethodList, paymentMethodChoices } from './payment-method-list';

afterEach(cleanup);

const names = () =>
  screen
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('aria-label') ?? radio.closest('label')?.textContent);

describe('PaymentMethodList names the rails diners know', () => {
  it('a Malaysian place -> Card, "Online banking (FPX)", Touch \'n Go, GrabPay, Boost, ShopeePay, DuitNow QR; PNCO never shown', () => {
    const choices = paymentMethodChoices(
      {
        currency: 'MYR',
        online_methods: ['Card', 'Net Banking', 'Wallet'],
        channels: ['tng_ewallet', 'grab_pay_app', 'boost', 'shopeepay', 'duitnow_qr', 'PNCO'],
      },
      false,
    );
    renderIn(<PaymentMethodList choices={choices} value={undefined} onChange={vi.fn()} />);
    expect(names()).toEqual([
      'Credit or debit card',
      'Online banking (FPX)',
      "Touch 'n Go eWallet",
      'GrabPay',
      'Boost',
      'ShopeePay',
      'DuitNow QR',
      'E-wallet',
    ]);
    expect(document.body.textContent).not.toContain('PNCO');
  });

  it('an Indonesian place in Indonesian -> "Internet banking" (no FPX), GoPay, OVO, QRIS as they are', () => {
    const choices = paymentMethodChoices(
      {
        currency: 'IDR',
        online_methods: ['Net Banking', 'Wallet'],
        channels: ['gopay', 'ovo-emoney', 'qris'],
      },
      false,
    );
    renderIn(<PaymentMethodList choices={choices} value={undefined} onChange={vi.fn()} />, 'id');
    expect(names()).toEqual(['Internet banking', 'GoPay', 'OVO', 'QRIS']);
  });

  it('Malay -> "Perbankan dalam talian (FPX)"', () => {
    const choices = paymentMethodChoices(
      { currency: 'MYR', online_methods: ['Net Banking'], channels: [] },
      false,
    );
    renderIn(<PaymentMethodList choices={choices} value={undefined} onChange={vi.fn()} />, 'my');
    expect(names()).toEqual(['Perbankan dalam talian (FPX)']);
  });
});
