/** Payments area: what a restaurant or mall offers (`get_payment_methods.php`) and which gateway takes a method. */
import { eq } from 'drizzle-orm';
import { MESSAGE, ORDER_TYPE } from '@santap/domain';
import { malls, restaurants } from '../../../db/schema';
import type { RestaurantSettings } from '../../../db/settings';
import type { AppContext } from '../../context';
import { fail } from '../../../lib/errors';
import type { PaymentProvider, ProviderName } from '../../adapters/payments/provider';
import { PROVIDER_CURRENCIES, providerFor, providerTakes } from '../../adapters/payments/registry';

import type { InitiateOptions } from './initiate';
import { parseSettings } from './ownership';

const ONLINE_METHODS = ['Card', 'Wallet', 'Net Banking'];

const ORDER_TYPE_BITS: { type: number; bit: number }[] = [
  { type: ORDER_TYPE.DINE_IN, bit: 1 },
  { type: ORDER_TYPE.DELIVERY, bit: 2 },
  { type: ORDER_TYPE.PICKUP, bit: 4 },
];

/**
 * What a restaurant (or food court) offers (spec §9, restaurant data): methods, channels and the
 * providers it names, the provider this server will use, speed modes, and pay later per order type.
 */
export async function paymentMethods(
  ctx: AppContext,
  query: {
    restaurant_id?: number | undefined;
    mall?: string | undefined;
    order_type?: number | undefined;
    is_kiosk?: '0' | '1' | undefined;
  },
) {
  let settings: RestaurantSettings;
  let currency: 'MYR' | 'IDR';
  let restaurantId: number | null = null;
  let mall: string | null = null;
  if (query.restaurant_id !== undefined) {
    const [row] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, query.restaurant_id));
    if (!row) return fail(MESSAGE.notFound);
    settings = parseSettings(row.settings);
    currency = row.currency as 'MYR' | 'IDR';
    restaurantId = row.id;
  } else {
    const [row] = await ctx.db
      .select()
      .from(malls)
      .where(eq(malls.slug, query.mall ?? ''));
    if (!row) return fail(MESSAGE.notFound);
    settings = parseSettings(row.settings);
    currency = row.currency as 'MYR' | 'IDR';
    mall = row.slug;
  }
  const payLaterTypes = ORDER_TYPE_BITS.filter(({ bit }) => (settings.payLaterMask & bit) !== 0).map(
    (t) => t.type,
  );
  const prepayTypes = ORDER_TYPE_BITS.filter(({ bit }) => (settings.prepayMask & bit) !== 0).map(
    (t) => t.type,
  );
  const payLaterAllowed =
    query.order_type !== undefined ? payLaterTypes.includes(query.order_type) : payLaterTypes.length > 0;
  const kiosk = query.is_kiosk === '1';
  const methods = settings.paymentMethods.filter(
    (method) => (method !== 'pay later' || payLaterAllowed) && (method !== 'Cash kiosk' || kiosk),
  );
  if (kiosk && !methods.includes('Cash kiosk')) methods.push('Cash kiosk');
  const active = chooseProvider(ctx, settings, currency, undefined);
  // Only rails a gateway of this place can take (no GoPay offered where only Malaysian gateways are).
  const gateways = [...ctx.payments.providers.keys()].filter(
    (name) =>
      PROVIDER_CURRENCIES[name].includes(currency) &&
      (settings.paymentProviders.length === 0 ||
        settings.paymentProviders.includes(name) ||
        name === 'simulator'),
  );
  const channels = settings.paymentChannels.filter((channel) =>
    gateways.some((name) => providerTakes(name, 'Wallet', channel)),
  );
  return {
    restaurant_id: restaurantId,
    mall,
    currency,
    methods,
    online_methods: methods.filter((method) => ONLINE_METHODS.includes(method)),
    channels,
    providers: settings.paymentProviders,
    default_provider: active?.name ?? null,
    speed_modes: ['fast', 'secure'] as ('fast' | 'secure')[],
    default_speed_mode: kiosk ? ('fast' as const) : ('secure' as const),
    pay_later_allowed: payLaterAllowed,
    pay_later_order_types: payLaterTypes,
    prepay_order_types: prepayTypes,
  };
}

/**
 * The gateway for a new payment: the one asked for (when the restaurant offers it), else the first
 * the restaurant names that this server has, else the server's default. The simulator is only ever
 * chosen where the restaurant's `paymentProviders` name it (README: Two modes): asked for elsewhere it
 * is refused, and it is never the fallback of a restaurant that did not name it.
 */
export function chooseProvider(
  ctx: AppContext,
  settings: RestaurantSettings,
  currency: 'MYR' | 'IDR',
  requested: string | undefined,
  rail?: { method: string; channel?: string | undefined },
): PaymentProvider | null {
  const offered = settings.paymentProviders;
  const allowed = (name: string) =>
    name === 'simulator' ? offered.includes('simulator') : offered.length === 0 || offered.includes(name);
  if (requested && !allowed(requested)) return fail(MESSAGE.paymentMethodNotOffered);
  const usable = new Map([...ctx.payments.providers].filter(([name]) => allowed(name)));
  // The channel picks the rail: the first of the restaurant's gateways here that takes it.
  const takes = (name: string) =>
    usable.has(name as ProviderName) &&
    (!rail || providerTakes(name as ProviderName, rail.method, rail.channel));
  const preferred = (requested ??
    offered.find(takes) ??
    offered.find((name) => usable.has(name as ProviderName))) as ProviderName | undefined;
  return providerFor(usable, ctx.payments.config, currency, preferred);
}

/**
 * The gateway for a new payment by `options`, after checking the restaurant offers the method and
 * channel (restaurant data, spec §9); refused with `errors.paymentMethodNotOffered` otherwise.
 */
export function offeredProvider(
  ctx: AppContext,
  settings: RestaurantSettings,
  currency: 'MYR' | 'IDR',
  options: Pick<InitiateOptions, 'method' | 'channel' | 'provider'>,
): PaymentProvider {
  if (settings.paymentMethods.length > 0 && !settings.paymentMethods.includes(options.method)) {
    fail(MESSAGE.paymentMethodNotOffered);
  }
  if (
    options.channel &&
    settings.paymentChannels.length > 0 &&
    !settings.paymentChannels.includes(options.channel)
  ) {
    fail(MESSAGE.paymentMethodNotOffered);
  }
  return (
    chooseProvider(ctx, settings, currency, options.provider, {
      method: options.method,
      channel: options.channel,
    }) ?? fail(MESSAGE.paymentMethodNotOffered)
  );
}

/** Where the gateway sends the payer back (with `query`), and where it posts its notifications. */
export function gatewayUrls(
  ctx: AppContext,
  providerName: string,
  returnPath: string,
  query: Record<string, string>,
  returnOrigin?: string,
) {
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  // Notifications always reach publicUrl; only the payer's way back may be the mall's own host.
  const returnUrl = new URL(`${returnOrigin ?? base}${returnPath}`);
  for (const [key, value] of Object.entries(query)) returnUrl.searchParams.set(key, value);
  return { returnUrl: returnUrl.toString(), notifyUrl: `${base}/api/payments/webhook/${providerName}` };
}
