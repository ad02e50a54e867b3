import { describe, expect, it } from 'vitest';
import { createTranslator } from '@santap/i18n';
import { paymentRailKey } from './payment-rail';
import type { PaymentRailRecord } from './payment-rail';

const nameIn = (lang: 'en' | 'id' | 'my', payment: PaymentRailRecord) => {
  const key = paymentRailKey(payment);
  return key === undefined ? undefined : createTranslator(lang)(key);
};

describe('paymentRailKey: a payment named by the rail it recorded', () => {
  it.each([
    [{ method: 'Wallet', channel: 'duitnow_qr', currency: 'MYR' }, 'DuitNow QR'],
    [{ method: 'Wallet', channel: 'tng_ewallet', currency: 'MYR' }, "Touch 'n Go eWallet"],
    [{ method: 'Wallet', channel: 'grab_pay_app', currency: 'MYR' }, 'GrabPay'],
    [{ method: 'Wallet', channel: 'boost', currency: 'MYR' }, 'Boost'],
    [{ method: 'Wallet', channel: 'shopeepay', currency: 'MYR' }, 'ShopeePay'],
    [{ method: 'Wallet', channel: 'qris', currency: 'IDR' }, 'QRIS'],
    [{ method: 'Wallet', channel: 'ovo-emoney', currency: 'IDR' }, 'OVO'],
    [{ method: 'Wallet', channel: 'gopay', currency: 'IDR' }, 'GoPay'],
    [{ method: 'Card', channel: null, currency: 'MYR' }, 'Card (Visa / Mastercard)'],
    [{ method: 'Net Banking', channel: null, currency: 'MYR' }, 'Online banking (FPX)'],
    [{ method: 'Net Banking', channel: null, currency: 'IDR' }, 'Online banking'],
    [{ method: 'Wallet', channel: null, currency: 'MYR' }, 'E-wallet'],
    [{ method: 'Wallet', channel: 'PNCO', currency: 'MYR' }, 'E-wallet'],
  ] as const)('%o -> %s', (payment, name) => {
    expect(nameIn('en', payment)).toBe(name);
  });

  it('Indonesian and Malay -> brand names as they are, the methods in the language', () => {
    expect(nameIn('id', { method: 'Wallet', channel: 'qris', currency: 'IDR' })).toBe('QRIS');
    expect(nameIn('id', { method: 'Card', channel: null, currency: 'IDR' })).toBe(
      'Kartu (Visa / Mastercard)',
    );
    expect(nameIn('my', { method: 'Net Banking', channel: null, currency: 'MYR' })).toBe(
      'Perbankan dalam talian (FPX)',
    );
    expect(nameIn('my', { method: 'Wallet', channel: 'tng_ewallet', currency: 'MYR' })).toBe(
      "Touch 'n Go eWallet",
    );
  });

  it('pay later, cash, cash at a kiosk -> no rail (the caller words them)', () => {
    for (const method of ['pay later', 'Cash', 'Cash kiosk']) {
      expect(paymentRailKey({ method, channel: null, currency: 'MYR' })).toBeUndefined();
    }
  });
});
