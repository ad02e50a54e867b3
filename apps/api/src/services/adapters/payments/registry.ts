/**
 * The payment providers of a server, built once from its config: the simulator when it is
 * on, and each gateway whose keys are set. A gateway without keys is absent, so nothing calls out
 * unless configured. Every gateway call goes through one `HttpFetch` with the 30 s payment time-out.
 */
import { PAYMENT_TIMEOUT_MS, platformFetch, withTimeout } from './http';
import type { PaymentConfig } from './config';
import { createDokuProvider } from './gateways/doku/doku';
import { createGrabPayProvider, grabPayReturnUrl } from './gateways/grabpay/grabpay';
import type { GrabPayChargeStore } from './gateways/grabpay/grabpay';
import { createMidtransProvider } from './gateways/midtrans/midtrans';
import { createRazerProvider } from './gateways/razer/razer';
import type { HttpFetch, PaymentProvider, ProviderName } from './provider';

export interface PaymentProviderDeps {
  /** The embedded gateway (helper of the payment service); present only when the simulator is on. */
  simulator: PaymentProvider;
  /** The network; the platform fetch when omitted. Tests pass a recorder. */
  fetch?: HttpFetch;
  /** The clock of request timestamps (`ctx.now`); the system clock when omitted. */
  now?: () => Date;
  /** Per-call time-out, 30 s by default (spec §7 payment time-out). */
  timeoutMs?: number;
  /** Where GrabPay keeps completed charges for refunds (the database on a server); in memory when omitted. */
  grabpayCharges?: GrabPayChargeStore;
  /**
   * The server's public URL: GrabPay's redirect_uri is its return route there unless
   * `GRABPAY_REDIRECT_URL` says otherwise.
   */
  publicUrl?: string;
}

/** Which currencies each provider charges: Midtrans and DOKU rupiah, GrabPay Malaysia ringgit. */
export const PROVIDER_CURRENCIES: Readonly<Record<ProviderName, readonly ('MYR' | 'IDR')[]>> = {
  simulator: ['MYR', 'IDR'],
  midtrans: ['IDR'],
  doku: ['IDR'],
  grabpay: ['MYR'],
  razer: ['MYR'],
};

/**
 * What each gateway can take: its methods and e-wallet channels (the wire codes). The channel a diner
 * picks chooses the gateway (a Touch 'n Go payment goes to Razer even when GrabPay is listed first);
 * the simulator plays every rail.
 */
export const PROVIDER_RAILS: Readonly<Record<Exclude<ProviderName, 'simulator'>, readonly string[]>> = {
  midtrans: ['Card', 'Wallet', 'gopay', 'qris'],
  doku: ['Card', 'Wallet', 'Net Banking', 'ovo-emoney', 'qris'],
  grabpay: ['Wallet', 'grab_pay_app'],
  razer: [
    'Card',
    'Net Banking',
    'Wallet',
    'PNCO',
    'tng_ewallet',
    'grab_pay_app',
    'boost',
    'shopeepay',
    'duitnow_qr',
  ],
};

/** Whether `provider` takes `method` with `channel` (a channel, when given, must be one it takes). */
export function providerTakes(provider: ProviderName, method: string, channel?: string): boolean {
  if (provider === 'simulator') return true;
  const rails = PROVIDER_RAILS[provider];
  return rails.includes(method) && (!channel || rails.includes(channel));
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
  if (config.midtrans) {
    providers.set(
      'midtrans',
      createMidtransProvider({ serverKey: config.midtrans.serverKey, env: config.midtrans.env, fetch, now }),
    );
  }
  if (config.doku) {
    providers.set('doku', createDokuProvider({ ...config.doku, fetch, now }));
  }
  if (config.grabpay) {
    const redirectUrl =
      config.grabpay.redirectUrl ?? (deps.publicUrl ? grabPayReturnUrl(deps.publicUrl) : undefined);
    if (!redirectUrl)
      throw new Error('GrabPay needs the public URL (or GRABPAY_REDIRECT_URL) for its return');
    providers.set(
      'grabpay',
      createGrabPayProvider({
        ...config.grabpay,
        redirectUrl,
        fetch,
        now,
        ...(deps.grabpayCharges ? { charges: deps.grabpayCharges } : {}),
      }),
    );
  }
  if (config.razer) providers.set('razer', createRazerProvider({ ...config.razer, fetch }));
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
  currency: 'MYR' | 'IDR',
  preferred?: ProviderName,
): PaymentProvider | null {
  const fits = (name: ProviderName | null | undefined): name is ProviderName =>
    !!name && providers.has(name) && PROVIDER_CURRENCIES[name].includes(currency);
  if (fits(preferred)) return providers.get(preferred)!;
  if (fits(config.defaultProvider)) return providers.get(config.defaultProvider)!;
  for (const name of providers.keys()) if (fits(name)) return providers.get(name)!;
  return null;
}
