/**
 * Midtrans in the registry: Indonesian rupiah, cards and e-wallets (GoPay, QRIS) through Snap's
 * hosted page, its keys from `MIDTRANS_*`.
 */
import { envValue, gatewayEnvOf } from '../../gateway';
import type { PaymentGateway } from '../../gateway';
import type { GatewayEnv } from '../../http';
import { createMidtransProvider } from './midtrans';
import { MIDTRANS_BASE_URLS } from './protocol';

export interface MidtransConfig {
  serverKey: string;
  /** Only a Snap.js popup needs it; the redirect flow we use does not. */
  clientKey?: string;
  env: GatewayEnv;
  /** One host for Snap and the Core API: a loopback fake (fake.ts) in tests and e2e. */
  baseUrl?: string;
}

export const midtransGateway: PaymentGateway<'midtrans', MidtransConfig> = {
  name: 'midtrans',
  label: 'Midtrans',
  currencies: ['IDR'],
  methods: ['Card', 'Wallet'],
  channels: ['gopay', 'qris'],

  configFromEnv(env) {
    const serverKey = envValue(env, 'MIDTRANS_SERVER_KEY');
    const clientKey = envValue(env, 'MIDTRANS_CLIENT_KEY');
    if (!serverKey) {
      if (clientKey) {
        throw new Error('Midtrans is partly configured: set MIDTRANS_SERVER_KEY too (or none of its keys)');
      }
      return undefined;
    }
    return { serverKey, ...(clientKey ? { clientKey } : {}), env: gatewayEnvOf(env, 'MIDTRANS_ENV') };
  },

  origins: (config) =>
    config.baseUrl
      ? [config.baseUrl]
      : [MIDTRANS_BASE_URLS.snap[config.env], MIDTRANS_BASE_URLS.api[config.env]],

  create: (config, deps) =>
    createMidtransProvider({
      serverKey: config.serverKey,
      env: config.env,
      baseUrl: config.baseUrl,
      fetch: deps.fetch,
      now: deps.now,
    }),
};
