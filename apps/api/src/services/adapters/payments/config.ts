/**
 * Gateway configuration (README: Money): which payment providers a server has, with their keys, read once
 * from the environment (what adapters share on the way to the network is http.ts). Nothing calls out
 * unless its keys are set.
 */
import { z } from 'zod';
import type { ProviderName } from './provider';
import type { GatewayEnv } from './http';
import type { RazerConfig } from './gateways/razer/razer';

export interface MidtransConfig {
  serverKey: string;
  /** Only a Snap.js popup needs it; the redirect flow we use does not. */
  clientKey?: string;
  env: GatewayEnv;
}

export interface DokuConfig {
  clientId: string;
  secretKey: string;
  env: GatewayEnv;
}

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
}

export interface SimulatorConfig {
  enabled: boolean;
  /** HMAC key of the simulator's webhooks. */
  key: string;
}

export interface PaymentConfig {
  /** The provider new online payments use; null when no provider is configured at all. */
  defaultProvider: ProviderName | null;
  simulator: SimulatorConfig;
  midtrans?: MidtransConfig;
  doku?: DokuConfig;
  grabpay?: GrabPayConfig;
  /** Razer Merchant Services: Malaysian cards, FPX, e-wallets and DuitNow QR. */
  razer?: RazerConfig;
}

/** The simulator's key outside production: public, so production refuses it. */
export const DEV_SIMULATOR_KEY = 'santap-dev-simulator-key';

/** Unset and empty (`KEY=` in an env file) both mean "not configured". */
const optional = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);
const gatewayEnv = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.enum(['sandbox', 'production']).default('sandbox'),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PAYMENT_PROVIDER_DEFAULT: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(['simulator', 'midtrans', 'doku', 'grabpay', 'razer']).optional(),
  ),
  SIMULATOR: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(['on', 'off']).optional(),
  ),
  SIMULATOR_KEY: optional,
  MIDTRANS_SERVER_KEY: optional,
  MIDTRANS_CLIENT_KEY: optional,
  MIDTRANS_ENV: gatewayEnv,
  DOKU_CLIENT_ID: optional,
  DOKU_SECRET_KEY: optional,
  DOKU_ENV: gatewayEnv,
  GRABPAY_PARTNER_ID: optional,
  GRABPAY_PARTNER_SECRET: optional,
  GRABPAY_MERCHANT_ID: optional,
  GRABPAY_CLIENT_ID: optional,
  GRABPAY_CLIENT_SECRET: optional,
  GRABPAY_REDIRECT_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().url().optional(),
  ),
  GRABPAY_ENV: gatewayEnv,
  RAZER_MERCHANT_ID: optional,
  RAZER_VERIFY_KEY: optional,
  RAZER_SECRET_KEY: optional,
  RAZER_ENV: gatewayEnv,
  /** `on` when the merchant portal's "Use extended format for Verify Payment" is ticked (vcode + currency). */
  RAZER_EXTENDED_VCODE: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(['on', 'off']).default('off'),
  ),
  /** Razer's hosts, for a loopback fake (tests, e2e); unset: Razer's own by RAZER_ENV. */
  RAZER_BASE_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().url().optional(),
  ),
});

/** A gateway is configured when all its keys are set; some but not all is a mistake worth stopping for. */
function allOrNothing<K extends string>(
  gateway: string,
  values: Record<K, string | undefined>,
): Record<K, string> | undefined {
  const names = Object.keys(values) as K[];
  const missing = names.filter((name) => values[name] === undefined);
  if (missing.length === names.length) return undefined;
  if (missing.length > 0) {
    throw new Error(`${gateway} is partly configured: set ${missing.join(', ')} too (or none of its keys)`);
  }
  return values as Record<K, string>;
}

/**
 * Reads the payment part of the environment (called by `configFromEnv`).
 *
 * - The simulator is on outside production unless `SIMULATOR=off`; in production it is off unless
 *   `SIMULATOR=on`, and then `SIMULATOR_KEY` (16+ characters) is required: the dev key is public.
 * - Midtrans needs `MIDTRANS_SERVER_KEY`; DOKU `DOKU_CLIENT_ID` + `DOKU_SECRET_KEY`; GrabPay all five
 *   `GRABPAY_*` keys (`GRABPAY_REDIRECT_URL` only overrides the server's own return route). Each `*_ENV` is `sandbox` (default) or `production`.
 * - `PAYMENT_PROVIDER_DEFAULT` must name a configured provider; unset, it is the simulator when on,
 *   else the first configured of midtrans, doku, grabpay, else null (no online payment).
 */
export function paymentConfigFromEnv(env: NodeJS.ProcessEnv): PaymentConfig {
  const parsed = envSchema.parse(env);
  const production = parsed.NODE_ENV === 'production';

  const simulatorEnabled = parsed.SIMULATOR ? parsed.SIMULATOR === 'on' : !production;
  if (production && simulatorEnabled && (!parsed.SIMULATOR_KEY || parsed.SIMULATOR_KEY.length < 16)) {
    throw new Error('SIMULATOR=on in production needs SIMULATOR_KEY (at least 16 characters)');
  }
  const simulator: SimulatorConfig = {
    enabled: simulatorEnabled,
    key: parsed.SIMULATOR_KEY ?? DEV_SIMULATOR_KEY,
  };

  const config: PaymentConfig = { defaultProvider: null, simulator };

  if (parsed.MIDTRANS_SERVER_KEY) {
    config.midtrans = {
      serverKey: parsed.MIDTRANS_SERVER_KEY,
      ...(parsed.MIDTRANS_CLIENT_KEY ? { clientKey: parsed.MIDTRANS_CLIENT_KEY } : {}),
      env: parsed.MIDTRANS_ENV,
    };
  } else if (parsed.MIDTRANS_CLIENT_KEY) {
    throw new Error('Midtrans is partly configured: set MIDTRANS_SERVER_KEY too (or none of its keys)');
  }

  const doku = allOrNothing('DOKU', {
    DOKU_CLIENT_ID: parsed.DOKU_CLIENT_ID,
    DOKU_SECRET_KEY: parsed.DOKU_SECRET_KEY,
  });
  if (doku)
    config.doku = { clientId: doku.DOKU_CLIENT_ID, secretKey: doku.DOKU_SECRET_KEY, env: parsed.DOKU_ENV };

  const grab = allOrNothing('GrabPay', {
    GRABPAY_PARTNER_ID: parsed.GRABPAY_PARTNER_ID,
    GRABPAY_PARTNER_SECRET: parsed.GRABPAY_PARTNER_SECRET,
    GRABPAY_MERCHANT_ID: parsed.GRABPAY_MERCHANT_ID,
    GRABPAY_CLIENT_ID: parsed.GRABPAY_CLIENT_ID,
    GRABPAY_CLIENT_SECRET: parsed.GRABPAY_CLIENT_SECRET,
  });
  if (grab) {
    config.grabpay = {
      partnerId: grab.GRABPAY_PARTNER_ID,
      partnerSecret: grab.GRABPAY_PARTNER_SECRET,
      merchantId: grab.GRABPAY_MERCHANT_ID,
      clientId: grab.GRABPAY_CLIENT_ID,
      clientSecret: grab.GRABPAY_CLIENT_SECRET,
      ...(parsed.GRABPAY_REDIRECT_URL ? { redirectUrl: parsed.GRABPAY_REDIRECT_URL } : {}),
      env: parsed.GRABPAY_ENV,
      country: 'MY',
    };
  }

  const razer = allOrNothing('Razer', {
    RAZER_MERCHANT_ID: parsed.RAZER_MERCHANT_ID,
    RAZER_VERIFY_KEY: parsed.RAZER_VERIFY_KEY,
    RAZER_SECRET_KEY: parsed.RAZER_SECRET_KEY,
  });
  if (razer) {
    config.razer = {
      merchantId: razer.RAZER_MERCHANT_ID,
      verifyKey: razer.RAZER_VERIFY_KEY,
      secretKey: razer.RAZER_SECRET_KEY,
      env: parsed.RAZER_ENV,
      ...(parsed.RAZER_EXTENDED_VCODE === 'on' ? { extendedVcode: true } : {}),
      ...(parsed.RAZER_BASE_URL ? { baseUrl: parsed.RAZER_BASE_URL } : {}),
    };
  }

  const configured = configuredProviders(config);
  if (parsed.PAYMENT_PROVIDER_DEFAULT) {
    if (!configured.includes(parsed.PAYMENT_PROVIDER_DEFAULT)) {
      throw new Error(
        `PAYMENT_PROVIDER_DEFAULT=${parsed.PAYMENT_PROVIDER_DEFAULT} is not configured (configured: ${
          configured.join(', ') || 'none'
        })`,
      );
    }
    config.defaultProvider = parsed.PAYMENT_PROVIDER_DEFAULT;
  } else {
    config.defaultProvider = configured[0] ?? null;
  }
  return config;
}

/**
 * The payment config of a server given no payment env at all (tests, the benchmark, a `ServerConfig`
 * without `payments`): the simulator alone with the dev key outside production, nothing in production.
 */
export function defaultPaymentConfig(env: 'development' | 'production' | 'test'): PaymentConfig {
  return paymentConfigFromEnv({ NODE_ENV: env });
}

/** The providers a config enables, simulator first, then midtrans, doku, grabpay. */
export function configuredProviders(config: PaymentConfig): ProviderName[] {
  const names: ProviderName[] = [];
  if (config.simulator.enabled) names.push('simulator');
  if (config.midtrans) names.push('midtrans');
  if (config.doku) names.push('doku');
  if (config.grabpay) names.push('grabpay');
  if (config.razer) names.push('razer');
  return names;
}
