/**
 * Razer (Fiuu) in the registry: Malaysian ringgit, cards, FPX and the Malaysian e-wallets and DuitNow
 * QR through one merchant account, its keys from `RAZER_*`.
 */
import { allOrNothing, envSwitch, envUrl, gatewayEnvOf } from '../../gateway';
import type { PaymentGateway } from '../../gateway';
import { createRazerProvider } from './razer';
import type { RazerConfig } from './razer';
import { RAZER_BASE_URLS } from './protocol';

export const razerGateway: PaymentGateway<'razer', RazerConfig> = {
  name: 'razer',
  label: 'Razer',
  currencies: ['MYR'],
  methods: ['Card', 'Net Banking', 'Wallet'],
  channels: ['PNCO', 'tng_ewallet', 'grab_pay_app', 'boost', 'shopeepay', 'duitnow_qr'],

  configFromEnv(env) {
    const keys = allOrNothing('Razer', env, ['RAZER_MERCHANT_ID', 'RAZER_VERIFY_KEY', 'RAZER_SECRET_KEY']);
    if (!keys) return undefined;
    const baseUrl = envUrl(env, 'RAZER_BASE_URL');
    return {
      merchantId: keys.RAZER_MERCHANT_ID,
      verifyKey: keys.RAZER_VERIFY_KEY,
      secretKey: keys.RAZER_SECRET_KEY,
      env: gatewayEnvOf(env, 'RAZER_ENV'),
      // `on` when the merchant portal's "Use extended format for Verify Payment" is ticked.
      ...(envSwitch(env, 'RAZER_EXTENDED_VCODE', false) ? { extendedVcode: true } : {}),
      // Razer's hosts, for a loopback fake (tests, e2e); unset: Razer's own by RAZER_ENV.
      ...(baseUrl ? { baseUrl } : {}),
    };
  },

  origins: (config) => [new URL(config.baseUrl ?? RAZER_BASE_URLS.pay[config.env]).origin],

  create: (config, deps) => createRazerProvider({ ...config, fetch: deps.fetch }),
};
