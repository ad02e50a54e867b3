/**
 * Gateway configuration (README: Money): which payment providers a server has, with their keys, read once
 * from the environment. Each gateway reads its own keys (`gateways/<name>/gateway.ts`); this file
 * reads what is the server's: the simulator and the default provider. Nothing calls out unless its
 * keys are set.
 */
import { z } from 'zod';
import { payments as paymentApi } from '@santap/contract';
import { configuredProviders, GATEWAYS } from './registry';
import type { GatewayConfigs, PaymentConfig, SimulatorConfig } from './registry';

export type { PaymentConfig, SimulatorConfig } from './registry';
export { configuredProviders } from './registry';

/** The simulator's key outside production: public, so production refuses it. */
export const DEV_SIMULATOR_KEY = 'santap-dev-simulator-key';

/** Unset and empty (`KEY=` in an env file) both mean "not set". */
const blankIsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PAYMENT_PROVIDER_DEFAULT: z.preprocess(blankIsUnset, z.enum(paymentApi.PAYMENT_PROVIDERS).optional()),
  SIMULATOR: z.preprocess(blankIsUnset, z.enum(['on', 'off']).optional()),
  SIMULATOR_KEY: z.preprocess(blankIsUnset, z.string().trim().optional()),
});

/**
 * Reads the payment part of the environment (called by `configFromEnv`).
 *
 * - The simulator is on outside production unless `SIMULATOR=off`; in production it is off unless
 *   `SIMULATOR=on`, and then `SIMULATOR_KEY` (16+ characters) is required: the dev key is public.
 * - Each gateway in the registry reads its own keys (its folder's README lists them): all of them or
 *   none, `*_ENV` `sandbox` (default) or `production`.
 * - `PAYMENT_PROVIDER_DEFAULT` must name a configured provider; unset, it is the simulator when on,
 *   else the first configured gateway in registry order, else null (no online payment).
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

  const gateways: GatewayConfigs = {};
  for (const [name, gateway] of Object.entries(GATEWAYS)) {
    const own = gateway.configFromEnv(env);
    if (own !== undefined) Object.assign(gateways, { [name]: own });
  }
  const config: PaymentConfig = { defaultProvider: null, simulator, ...gateways };

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
