/**
 * DOKU in the registry: Indonesian rupiah, cards, e-wallets (OVO), QRIS and bank channels through the
 * DOKU Checkout page, its keys from `DOKU_*`.
 */
import { allOrNothing, gatewayEnvOf } from '../../gateway';
import type { PaymentGateway } from '../../gateway';
import type { GatewayEnv } from '../../http';
import { createDokuProvider } from './doku';
import { DOKU_BASE_URLS } from './protocol';

export interface DokuConfig {
  clientId: string;
  secretKey: string;
  env: GatewayEnv;
  /** DOKU's host replaced: a loopback fake (fake.ts) in tests and e2e. */
  baseUrl?: string;
}

export const dokuGateway: PaymentGateway<'doku', DokuConfig> = {
  name: 'doku',
  label: 'DOKU',
  currencies: ['IDR'],
  methods: ['Card', 'Wallet', 'Net Banking'],
  channels: ['ovo-emoney', 'qris'],

  configFromEnv(env) {
    const keys = allOrNothing('DOKU', env, ['DOKU_CLIENT_ID', 'DOKU_SECRET_KEY']);
    if (!keys) return undefined;
    return {
      clientId: keys.DOKU_CLIENT_ID,
      secretKey: keys.DOKU_SECRET_KEY,
      env: gatewayEnvOf(env, 'DOKU_ENV'),
    };
  },

  origins: (config) => [config.baseUrl ?? DOKU_BASE_URLS[config.env]],

  create: (config, deps) =>
    createDokuProvider({
      clientId: config.clientId,
      secretKey: config.secretKey,
      env: config.env,
      baseUrl: config.baseUrl,
      fetch: deps.fetch,
      now: deps.now,
    }),
};
