/** Payments area: what a restaurant or mall offers (`get_payment_methods.php`) and which gateway takes a method. */
import { eq } from 'drizzle-orm';
import { MESSAGE, ORDER_TYPE } from '@santap/domain';
import { malls, restaurants } from '../../../db/schema';
import type { RestaurantSettings } from '../../../db/settings';
import type { AppContext } from '../../context';
import { fail } from '../../../lib/errors';
import type { PaymentProvider, ProviderName } from '../../adapters/payments/provider';
import { providerCharges, providerFor, providerTakes } from '../../adapters/payments/registry';

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
  // Only what a gateway of this place can take: no card or FPX where only GrabPay is configured, no
  // GoPay where only Malaysian gateways are.
  const gateways = usableGateways(ctx, settings, currency);
  const methods = settings.paymentMethods.filter(
    (method) =>
      (method !== 'pay later' || payLaterAllowed) &&
      (method !== 'Cash kiosk' || kiosk) &&
      (!ONLINE_METHODS.includes(method) || gateways.some((name) => providerTakes(name, method))),
  );
  if (kiosk && !methods.includes('Cash kiosk')) methods.push('Cash kiosk');
  const active = chooseProvider(ctx, settings, currency, undefined);
  const channels = settings.paymentChannels.filter((channel) =>
    gateways.some((name) => methods.some((method) => providerTakes(name, method, channel))),
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
 * Whether a restaurant may use `name` (restaurant data, spec §9): the simulator only where its
 * `paymentProviders` name it (README: Two modes), any other gateway where they name it or name none.
 */
function restaurantAllows(settings: RestaurantSettings, name: string): boolean {
  const offered = settings.paymentProviders;
  return name === 'simulator'
    ? offered.includes('simulator')
    : offered.length === 0 || offered.includes(name);
}

/** The providers this server has that the restaurant allows and that charge its currency. */
function usableGateways(
  ctx: AppContext,
  settings: RestaurantSettings,
  currency: 'MYR' | 'IDR',
): ProviderName[] {
  return [...ctx.payments.providers.keys()].filter(
    (name) => restaurantAllows(settings, name) && providerCharges(name, currency),
  );
}

/**
 * The gateway for a new payment: the one asked for (when the restaurant offers it), else the first
 * the restaurant names that this server has, else the server's default. Only a gateway that takes
 * the payment's method and channel is ever chosen (each declares its own, registry.ts): a card or FPX
 * payment is refused, not sent to a wallet-only gateway. The simulator is only ever chosen where the
 * restaurant's `paymentProviders` name it (README: Two modes): asked for elsewhere it is refused, and
 * it is never the fallback of a restaurant that did not name it.
 */
export function chooseProvider(
  ctx: AppContext,
  settings: RestaurantSettings,
  currency: 'MYR' | 'IDR',
  requested: string | undefined,
  rail?: { method: string; channel?: string | undefined },
): PaymentProvider | null {
  const takes = (name: ProviderName) => !rail || providerTakes(name, rail.method, rail.channel);
  if (requested && !restaurantAllows(settings, requested)) return fail(MESSAGE.paymentMethodNotOffered);
  const usable = new Map(
    [...ctx.payments.providers].filter(([name]) => restaurantAllows(settings, name) && takes(name)),
  );
  if (requested && !usable.has(requested as ProviderName)) return fail(MESSAGE.paymentMethodNotOffered);
  const preferred = (requested ??
    settings.paymentProviders.find((name) => usable.has(name as ProviderName))) as ProviderName | undefined;
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
  options: { method: string; channel?: string | undefined; provider?: string | undefined },
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
