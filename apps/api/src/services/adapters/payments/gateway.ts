/**
 * What a gateway folder gives the registry (README of this folder: Adding a gateway): its name, the
 * currencies it charges, the methods and channels it takes, the environment keys it reads, the hosts
 * it sends the payer to, and how its adapter is built. The core knows a gateway only through this and
 * `PaymentProvider`; nothing outside `gateways/<name>/` names a gateway's keys, hosts or rails.
 */
import type { GatewayEnv } from './http';
import type { HttpFetch, PaymentProvider, ProviderName } from './provider';

export type Currency = 'MYR' | 'IDR';

/** What a completed charge leaves behind for its refunds (GrabPay refunds with the payer's token). */
export interface GatewayCharge {
  accessToken: string;
  txID: string;
}

/**
 * Where a gateway keeps completed charges for later calls: the database on a server (any instance,
 * after any restart), this process's memory in adapter tests.
 */
export interface ChargeStore {
  get(reference: string): Promise<GatewayCharge | undefined>;
  set(reference: string, charge: GatewayCharge): Promise<void>;
}

/** What every adapter is built with: the network (with the 30 s budget), the clock, the server. */
export interface GatewayDeps {
  fetch: HttpFetch;
  now: () => Date;
  /** The server's public URL: a gateway whose payer comes back to a route of ours builds it from this. */
  publicUrl?: string | undefined;
  /** The store of completed charges for this gateway, when it needs one; in memory when absent. */
  charges?: ChargeStore | undefined;
}

export interface PaymentGateway<Name extends Exclude<ProviderName, 'simulator'>, Config> {
  readonly name: Name;
  /** How people write it, for messages ("Midtrans", "GrabPay"). */
  readonly label: string;
  readonly currencies: readonly Currency[];
  /** The spec §9 methods it takes (`Card`, `Wallet`, `Net Banking`). */
  readonly methods: readonly string[];
  /** The channel codes it takes (the wire's, `PAYMENT_CHANNELS`): the channel a diner picks chooses the gateway. */
  readonly channels: readonly string[];
  /**
   * Its configuration from the environment: undefined when none of its keys is set; throws naming
   * the missing keys when only some are (a half-configured gateway is a mistake worth stopping for).
   */
  configFromEnv(env: NodeJS.ProcessEnv): Config | undefined;
  /** The hosts the payer's browser is sent to (pages' form-action, Content-Security-Policy). */
  origins(config: Config): string[];
  create(config: Config, deps: GatewayDeps): PaymentProvider;
}

/** An environment value, with unset, empty and blank (`KEY=` in an env file) all meaning "not set". */
export function envValue(env: NodeJS.ProcessEnv, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

/** A gateway's `*_ENV`: `sandbox` (the default) or `production`; anything else is refused. */
export function gatewayEnvOf(env: NodeJS.ProcessEnv, key: string): GatewayEnv {
  const value = envValue(env, key) ?? 'sandbox';
  if (value !== 'sandbox' && value !== 'production') {
    throw new Error(`${key}=${value} is neither sandbox nor production`);
  }
  return value;
}

/** An `on` / `off` switch (unset: `fallback`). */
export function envSwitch(env: NodeJS.ProcessEnv, key: string, fallback: boolean): boolean {
  const value = envValue(env, key);
  if (value === undefined) return fallback;
  if (value !== 'on' && value !== 'off') throw new Error(`${key}=${value} is neither on nor off`);
  return value === 'on';
}

/** A URL setting (a loopback fake's base URL, a registered redirect URL); refused when not a URL. */
export function envUrl(env: NodeJS.ProcessEnv, key: string): string | undefined {
  const value = envValue(env, key);
  if (value === undefined) return undefined;
  if (!URL.canParse(value)) throw new Error(`${key}=${value} is not a URL`);
  return value;
}

/**
 * A gateway's keys, all or nothing: undefined when none is set, the values when all are, and an
 * error naming the missing ones when only some are.
 */
export function allOrNothing<K extends string>(
  label: string,
  env: NodeJS.ProcessEnv,
  keys: readonly K[],
): Record<K, string> | undefined {
  const values = Object.fromEntries(keys.map((key) => [key, envValue(env, key)])) as Record<
    K,
    string | undefined
  >;
  const missing = keys.filter((key) => values[key] === undefined);
  if (missing.length === keys.length) return undefined;
  if (missing.length > 0) {
    throw new Error(`${label} is partly configured: set ${missing.join(', ')} too (or none of its keys)`);
  }
  return values as Record<K, string>;
}

/** A bounded in-memory charge store: enough for refunds shortly after a charge on this process. */
export function memoryChargeStore(limit = 10_000): ChargeStore {
  const charges = new Map<string, GatewayCharge>();
  return {
    get: async (reference) => charges.get(reference),
    async set(reference, charge) {
      charges.delete(reference);
      charges.set(reference, charge);
      if (charges.size > limit) charges.delete(charges.keys().next().value!);
    },
  };
}
