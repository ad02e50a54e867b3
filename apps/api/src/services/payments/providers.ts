/**
 * The payment side of a server's context (`ctx.payments`): the providers built by the registry from
 * the payment config, with the embedded simulator gateway, whose webhooks travel back to this server
 * once `connectSimulator` has wired the transport (routes/payments.ts does, when the app exists).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import { defaultPaymentConfig } from './config';
import type { PaymentConfig } from './config';
import type { PaymentProviders } from './model';
import type { PaymentProvider, ProviderName } from './provider';
import { createPaymentProviders } from './registry';
import { createSimulatorProvider } from './simulator';
import type { SimulatorOptions, SimulatorProvider } from './simulator';

export interface Payments extends PaymentProviders {
  readonly config: PaymentConfig;
  readonly providers: ReadonlyMap<ProviderName, PaymentProvider>;
  /** The embedded gateway; registered as a provider only when the config turns it on. */
  readonly simulator: SimulatorProvider;
}

/** The payment config of a server: its own, or the default for its environment. */
export const paymentConfigOf = (config: ServerConfig): PaymentConfig =>
  config.payments ?? defaultPaymentConfig(config.env);

export function createPayments(
  config: ServerConfig,
  simulatorOptions: Partial<SimulatorOptions> = {},
): Payments {
  const paymentConfig = paymentConfigOf(config);
  const simulator = createSimulatorProvider({
    key: paymentConfig.simulator.key,
    publicUrl: config.publicUrl,
    now: config.now,
    // Outside tests the gateway behaves like a real one: notifications come a moment later, and a
    // 'pending then success' payment succeeds on its own.
    ...(config.env === 'test' ? {} : { delayMs: 300, autoSettle: true }),
    ...simulatorOptions,
  });
  const providers = createPaymentProviders(paymentConfig, { simulator, now: config.now });
  return {
    config: paymentConfig,
    providers,
    simulator,
    names: [...providers.keys()],
    defaultProvider: paymentConfig.defaultProvider,
    get: (name: string) => providers.get(name as ProviderName),
  };
}

/**
 * Wires the simulator's notifications to this server's webhook route: real HTTP to the listening
 * address when the server listens (as a gateway would call), `app.inject` before that.
 */
export function connectSimulator(app: FastifyInstance, simulator: SimulatorProvider) {
  simulator.connect(async ({ path, headers, body }) => {
    const address = app.server.listening ? app.server.address() : null;
    if (address && typeof address === 'object') {
      const host =
        address.address === '0.0.0.0' || address.address === '::'
          ? '127.0.0.1'
          : address.family === 'IPv6'
            ? `[${address.address}]`
            : address.address;
      const response = await fetch(`http://${host}:${address.port}${path}`, {
        method: 'POST',
        headers,
        body,
      });
      await response.arrayBuffer();
      return { status: response.status };
    }
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
    return { status: response.statusCode };
  });
}
