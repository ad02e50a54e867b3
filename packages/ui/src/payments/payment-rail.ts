import type { TranslationKey } from '@santap/i18n';

/**
 * The e-wallet and QR channels by the names diners know them by, as printed on their phones
 * (catalogue keys `pay.rail.<name>`: brand names, the same in every language). The wire keeps the
 * codes (spec §9 channels and the Malaysian rails); a code without a brand (`PNCO`) has no name here.
 */
export const RAIL_KEYS: Readonly<Record<string, TranslationKey>> = {
  gopay: 'pay.rail.gopay',
  'ovo-emoney': 'pay.rail.ovo',
  grab_pay_app: 'pay.rail.grabPay',
  qris: 'pay.rail.qris',
  tng_ewallet: 'pay.rail.tngEwallet',
  boost: 'pay.rail.boost',
  shopeepay: 'pay.rail.shopeePay',
  duitnow_qr: 'pay.rail.duitnowQr',
};

/** What a payment recorded of how it was paid (`Payment` of the contract: codes, never names). */
export interface PaymentRailRecord {
  method: string;
  channel?: string | null;
  currency?: 'MYR' | 'IDR';
}

/**
 * The catalogue key naming the rail a gateway payment went through, from what the payment recorded
 * (FACTS "Malaysian diners pay with…"): its e-wallet or QR channel by brand (DuitNow QR, QRIS, Touch
 * 'n Go eWallet, GrabPay, Boost, ShopeePay, OVO, GoPay), a card as Visa / Mastercard, online banking
 * in ringgit as FPX; an e-wallet whose channel was not recorded (or has no brand, `PNCO`) is an
 * "E-wallet". Undefined for a method no gateway took (pay later, cash): the caller words those.
 *
 * @example
 * ```ts
 * paymentRailKey({ method: 'Wallet', channel: 'tng_ewallet' }); // 'pay.rail.tngEwallet'
 * paymentRailKey({ method: 'Net Banking', channel: null, currency: 'MYR' }); // 'pay.methodFpx'
 * ```
 */
export function paymentRailKey(payment: PaymentRailRecord): TranslationKey | undefined {
  const branded = payment.channel ? RAIL_KEYS[payment.channel] : undefined;
  if (branded) return branded;
  switch (payment.method) {
    case 'Card':
      return 'pay.rail.card';
    case 'Net Banking':
      return payment.currency === 'MYR' ? 'pay.methodFpx' : 'pay.methodNetBanking';
    case 'Wallet':
      return 'pay.methodWallet';
    default:
      return undefined;
  }
}
