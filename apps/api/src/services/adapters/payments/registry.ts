/**
 * The gateway registry: one line per gateway folder (`GATEWAYS`), and what the core asks of it
 * through that list alone — which currencies, methods and channels a provider takes, which hosts the
 * payer is sent to, and the providers of a server built from its config (the simulator when it is on,
 * and each gateway whose keys are set: nothing calls out unless configured). Every gateway call goes
 * through one `HttpFetch` with the 30 s payment time-out.
 */
import type { ChargeStore, Currency, PaymentGateway } from './gateway';
import { dokuGateway } from './gateways/doku/gateway';
import { grabPayGateway } from './gateways/grabpay/gateway';
import { midtransGateway } from './gateways/midtrans/gateway';
import { razerGateway } from './gateways/razer/gateway';
import { PAYMENT_TIMEOUT_MS, platformFetch, withTimeout } from './http';
import type { HttpFetch, PaymentProvider, ProviderName } from './provider';

export type GatewayName = Exclude<ProviderName, 'simulator'>;

/**
 * Every gateway, one line each, in the order a server without a named default prefers them. A
 * provider name the contract accepts but the registry lacks (or the other way round) does not compile.
 */
export const GATEWAYS = {
  midtrans: midtransGateway,
  doku: dokuGateway,
  grabpay: grabPayGateway,
  razer: razerGateway,
} as const satisfies { readonly [Name in GatewayName]: { readonly name: Name } };

/** A registered gateway seen without its own config type (what the loops below need). */
type AnyGateway = PaymentGateway<GatewayName, unknown>;

const gateways = (): AnyGateway[] => Object.values(GATEWAYS) as AnyGateway[];

/** The registered gateway names, in registry order. */
export const GATEWAY_NAMES = Object.keys(GATEWAYS) as GatewayName[];

export const isGatewayName = (name: string): name is GatewayName => Object.hasOwn(GATEWAYS, name);

type ConfigOf<G> = G extends PaymentGateway<GatewayName, infer Config> ? Config : never;

/** Each gateway's config, present when its keys are. */
export type GatewayConfigs = { -readonly [Name in GatewayName]?: ConfigOf<(typeof GATEWAYS)[Name]> };

export interface SimulatorConfig {
  enabled: boolean;
  /** HMAC key of the simulator's webhooks. */
  key: string;
}

/** A server's payment providers and their keys (config.ts reads it from the environment). */
export interface PaymentConfig extends GatewayConfigs {
  /** The provider new online payments use; null when no provider is configured at all. */
  defaultProvider: ProviderName | null;
  simulator: SimulatorConfig;
}

/** The simulator plays every rail in both currencies; a gateway what its folder declares. */
export function providerCharges(provider: ProviderName, currency: Currency): boolean {
  return provider === 'simulator' || GATEWAYS[provider].currencies.includes(currency);
}

/**
 * Whether `provider` takes `method` with `channel`: the method must be one it declares, and a
 * channel, when given, one of its channels. The channel a diner picks chooses the gateway (a
 * Touch 'n Go payment goes to Razer even when GrabPay is listed first).
 */
export function providerTakes(provider: ProviderName, method: string, channel?: string): boolean {
  if (provider === 'simulator') return true;
  const gateway: AnyGateway = GATEWAYS[provider];
  return gateway.methods.includes(method) && (!channel || gateway.channels.includes(channel));
}

/** How people write a provider's name ("GrabPay"), for messages. */
export const providerLabel = (provider: ProviderName): string =>
  provider === 'simulator' ? 'the simulator' : GATEWAYS[provider].label;

/** The configured gateways' hosts the payer is sent to (form-action of our pages). */
export function gatewayOrigins(config: PaymentConfig | undefined): string[] {
  if (!config) return [];
  return gateways().flatMap((gateway) => {
    const own = config[gateway.name];
    return own ? gateway.origins(own) : [];
  });
}

/** The providers a config enables: the simulator first, then the gateways in registry order. */
export function configuredProviders(config: PaymentConfig): ProviderName[] {
  return [
    ...(config.simulator.enabled ? (['simulator'] as const) : []),
    ...GATEWAY_NAMES.filter((name) => config[name] !== undefined),
  ];
}

export interface PaymentProviderDeps {
  /** The embedded gateway (helper of the payment service); present only when the simulator is on. */
  simulator: PaymentProvider;
  /** The network; the platform fetch when omitted. Tests pass a recorder or a gateway's fake. */
  fetch?: HttpFetch;
  /** The clock of request timestamps (`ctx.now`); the system clock when omitted. */
  now?: () => Date;
  /** Per-call time-out, 30 s by default (spec §7 payment time-out). */
  timeoutMs?: number;
  /** Where a gateway keeps completed charges (the database on a server); in memory when omitted. */
  charges?: (gateway: GatewayName) => ChargeStore;
  /** The server's public URL: a gateway whose payer comes back to a route of ours builds it from this. */
  publicUrl?: string;
}

export function createPaymentProviders(
  config: PaymentConfig,
  deps: PaymentProviderDeps,
): ReadonlyMap<ProviderName, PaymentProvider> {
  const timeoutMs = deps.timeoutMs ?? PAYMENT_TIMEOUT_MS;
  const fetch = withTimeout(deps.fetch ?? platformFetch(timeoutMs), timeoutMs);
  const now = deps.now ?? (() => new Date());
  const providers = new Map<ProviderName, PaymentProvider>();

  if (config.simulator.enabled) providers.set('simulator', deps.simulator);
  for (const gateway of gateways()) {
    const own = config[gateway.name];
    if (own === undefined) continue;
    providers.set(
      gateway.name,
      gateway.create(own, {
        fetch,
        now,
        publicUrl: deps.publicUrl,
        charges: deps.charges?.(gateway.name),
      }),
    );
  }
  return providers;
}

/**
 * The provider for a new payment in `currency`: the preferred one (a restaurant's choice) when it is
 * present and charges that currency, else the configured default when it does, else the first present
 * provider that does; null when none can (online payment is then not offered).
 */
export function providerFor(
  providers: ReadonlyMap<ProviderName, PaymentProvider>,
  config: PaymentConfig,
  currency: Currency,
  preferred?: ProviderName,
): PaymentProvider | null {
  const fits = (name: ProviderName | null | undefined): name is ProviderName =>
    !!name && providers.has(name) && providerCharges(name, currency);
  if (fits(preferred)) return providers.get(preferred)!;
  if (fits(config.defaultProvider)) return providers.get(config.defaultProvider)!;
  for (const name of providers.keys()) if (fits(name)) return providers.get(name)!;
  return null;
}
