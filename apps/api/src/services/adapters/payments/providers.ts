/**
 * The payment side of a server's context (`ctx.payments`): the providers built by the registry from
 * the payment config, with the embedded simulator gateway, whose webhooks travel back to this server
 * once `connectSimulator` has wired the transport (routes/payments.ts does, when the app exists).
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { gatewayCharges } from '../../../db/schema';
import { defaultPaymentConfig } from './config';
import type { ChargeStore } from './gateway';
import type { PaymentConfig } from './config';
import type { HttpFetch, PaymentProvider, ProviderName } from './provider';
import { createPaymentProviders } from './registry';
import type { GatewayName } from './registry';
import { createSimulatorProvider } from './gateways/simulator/simulator';
import type { SimulatorOptions, SimulatorProvider } from './gateways/simulator/simulator';

/** The providers this server has (the registry), by name. */
export interface PaymentProviders {
  get(name: string): PaymentProvider | undefined;
  /** Configured provider names, in preference order. */
  readonly names: readonly ProviderName[];
  /** What new online payments use when the restaurant names none that is configured. */
  readonly defaultProvider: ProviderName | null;
}

export interface Payments extends PaymentProviders {
  readonly config: PaymentConfig;
  readonly providers: ReadonlyMap<ProviderName, PaymentProvider>;
  /** The embedded gateway; registered as a provider only when the config turns it on. */
  readonly simulator: SimulatorProvider;
}

/** The payment config of a server: its own, or the default for its environment. */
/** What the payments read of the server's config (config.ts `ServerConfig` is one). */
export interface PaymentsServerConfig {
  readonly env: 'development' | 'production' | 'test';
  readonly payments?: PaymentConfig | undefined;
  readonly publicUrl: string;
  readonly now?: (() => Date) | undefined;
}

export const paymentConfigOf = (config: PaymentsServerConfig): PaymentConfig =>
  config.payments ?? defaultPaymentConfig(config.env);

/**
 * A gateway's completed charges in the database (`gateway_charges`, one row per provider and
 * reference): a refund made on another instance, or after a restart, still has what the gateway
 * needs (GrabPay's payer access token). The first completion of a reference stays.
 */
export function databaseChargeStore(db: DbOrTx, provider: GatewayName): ChargeStore {
  return {
    async get(reference) {
      const [row] = await db
        .select()
        .from(gatewayCharges)
        .where(and(eq(gatewayCharges.provider, provider), eq(gatewayCharges.reference, reference)));
      return row ? { accessToken: row.accessToken, txID: row.txId } : undefined;
    },
    async set(reference, charge) {
      await db
        .insert(gatewayCharges)
        .values({ provider, reference, accessToken: charge.accessToken, txId: charge.txID })
        .onConflictDoNothing();
    },
  };
}

/**
 * The payments of a server. `db` keeps what gateways need later (GrabPay's refund tokens) in the
 * database; without it they are kept in memory. `fetch` is the gateways' network (tests replay).
 */
export function createPayments(
  config: PaymentsServerConfig,
  simulatorOptions: Partial<SimulatorOptions> = {},
  db?: DbOrTx,
  fetch?: HttpFetch,
): Payments {
  const paymentConfig = paymentConfigOf(config);
  const simulator = createSimulatorProvider({
    key: paymentConfig.simulator.key,
    publicUrl: config.publicUrl,
    ...(fetch ? { fetch } : {}),
    now: config.now,
    // Outside tests the gateway behaves like a real one: notifications come a moment later, and a
    // 'pending then success' payment succeeds on its own.
    ...(config.env === 'test' ? {} : { delayMs: 300, autoSettle: true }),
    ...simulatorOptions,
  });
  const providers = createPaymentProviders(paymentConfig, {
    simulator,
    now: config.now,
    publicUrl: config.publicUrl,
    ...(fetch ? { fetch } : {}),
    ...(db ? { charges: (gateway: GatewayName) => databaseChargeStore(db, gateway) } : {}),
  });
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
