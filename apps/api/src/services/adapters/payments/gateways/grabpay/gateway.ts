/**
 * GrabPay in the registry: Malaysian ringgit, the GrabPay wallet only (One-Time Charge through Grab's
 * own page), its keys from `GRABPAY_*`. Cards and FPX are not GrabPay's: a payer choosing them is
 * never sent here.
 */
import { allOrNothing, envUrl, gatewayEnvOf } from '../../gateway';
import type { PaymentGateway } from '../../gateway';
import type { GatewayEnv } from '../../http';
import { createGrabPayProvider, grabPayReturnUrl } from './grabpay';
import { GRABPAY_BASE_URLS } from './protocol';

export interface GrabPayConfig {
  partnerId: string;
  partnerSecret: string;
  merchantId: string;
  clientId: string;
  clientSecret: string;
  /**
   * The redirect URL registered in Grab's Developer Home, where Grab sends the payer back; unset, the
   * server's own return route on its public URL (`{PUBLIC_URL}/api/payments/grabpay/return`).
   */
  redirectUrl?: string;
  env: GatewayEnv;
  /** Grab's `countryCode` of the merchant (Malaysia). */
  country: 'MY';
  /** Grab's host replaced: a loopback fake (fake.ts) in tests and e2e. */
  baseUrl?: string;
}

export const grabPayGateway: PaymentGateway<'grabpay', GrabPayConfig> = {
  name: 'grabpay',
  label: 'GrabPay',
  currencies: ['MYR'],
  methods: ['Wallet'],
  channels: ['grab_pay_app'],

  configFromEnv(env) {
    const keys = allOrNothing('GrabPay', env, [
      'GRABPAY_PARTNER_ID',
      'GRABPAY_PARTNER_SECRET',
      'GRABPAY_MERCHANT_ID',
      'GRABPAY_CLIENT_ID',
      'GRABPAY_CLIENT_SECRET',
    ]);
    if (!keys) return undefined;
    const redirectUrl = envUrl(env, 'GRABPAY_REDIRECT_URL');
    return {
      partnerId: keys.GRABPAY_PARTNER_ID,
      partnerSecret: keys.GRABPAY_PARTNER_SECRET,
      merchantId: keys.GRABPAY_MERCHANT_ID,
      clientId: keys.GRABPAY_CLIENT_ID,
      clientSecret: keys.GRABPAY_CLIENT_SECRET,
      ...(redirectUrl ? { redirectUrl } : {}),
      env: gatewayEnvOf(env, 'GRABPAY_ENV'),
      country: 'MY',
    };
  },

  origins: (config) => [config.baseUrl ?? GRABPAY_BASE_URLS[config.env]],

  create(config, deps) {
    const redirectUrl = config.redirectUrl ?? (deps.publicUrl ? grabPayReturnUrl(deps.publicUrl) : undefined);
    if (!redirectUrl)
      throw new Error('GrabPay needs the public URL (or GRABPAY_REDIRECT_URL) for its return');
    return createGrabPayProvider({
      ...config,
      redirectUrl,
      fetch: deps.fetch,
      now: deps.now,
      charges: deps.charges,
    });
  },
};
