/**
 * Counter kiosks (README: Counter kiosks): a registered device proves itself with its device code and secret
 * (headers `kiosk-device` and `kiosk-secret`; only an scrypt hash of the secret is stored), and gets
 * its settings: its restaurant or food court, the order types and payment methods it offers, and its
 * idle time-out. Orders are in `orders.ts`.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { kiosk as api, payments as paymentApi } from '@santap/contract';
import { MESSAGE, allowedOrderTypes } from '@santap/domain';
import type { OrderTypeCode } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { kioskDevices, malls, restaurants } from '../../../db/schema';
import { restaurantSettingsSchema } from '../../../db/settings';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { ApiFailure } from '../../../lib/errors';
import { hashPassword, needsRehash, verifyPassword } from '../accounts/passwords';
import { offeredOrderTypes, pick } from '../../model/restaurants';
import type { MallRow, RestaurantRow } from '../../model/restaurants';

type PaymentChannel = (typeof paymentApi.PAYMENT_CHANNELS)[number];

/**
 * QR channels in the order a kiosk prefers them when its settings name none: the national QRs first
 * (QRIS in Indonesia, DuitNow QR in Malaysia: any banking or e-wallet app pays them), then one wallet's.
 */
const QR_CHANNELS: readonly PaymentChannel[] = ['qris', 'duitnow_qr', 'gopay', 'ovo-emoney', 'grab_pay_app'];

/** The shape of `kiosk_devices.settings` (every key optional; defaults below). */
export const kioskDeviceSettingsSchema = z.object({
  /** Order types the kiosk takes: 1 dine-in, 3 pickup (takeaway). */
  orderTypes: z.array(api.kioskOrderType).min(1).default([1, 3]),
  paymentMethods: z.array(z.enum(api.KIOSK_PAYMENT_METHODS)).min(1).default(['Cash kiosk', 'Wallet']),
  /** The channel of the on-screen QR; default: the first of {@link QR_CHANNELS} the place offers. */
  qrChannel: z.optional(paymentApi.paymentChannel),
  idleTimeoutSeconds: z.number().int().min(15).max(600).default(60),
  idleWarningSeconds: z.number().int().min(5).max(120).default(15),
});
export type KioskDeviceSettings = z.infer<typeof kioskDeviceSettingsSchema>;

/** A registered, active kiosk and the place it serves. */
export interface KioskDevice {
  id: string;
  name: string;
  settings: KioskDeviceSettings;
  place: { kind: 'restaurant'; restaurant: RestaurantRow } | { kind: 'mall'; mall: MallRow };
  /** The cart scope of its orders: the restaurant's nameid or the mall's slug. */
  scope: string;
}

const notRegistered = () => new ApiFailure(MESSAGE.kioskNotRegistered, 401);
const inactive = () => new ApiFailure(MESSAGE.kioskInactive, 403);

/**
 * Secrets already checked, per server: scrypt costs tens of milliseconds and a kiosk calls on every
 * screen. The entry is a hash of the secret together with the stored hash, so a new secret (or a
 * leaked cache) never passes for the old one.
 */
const verified = new WeakMap<AppContext, Map<string, string>>();
const MAX_VERIFIED = 1000;

function proofOf(secret: string, secretHash: string): string {
  return createHash('sha256').update(`${secretHash}\u0000${secret}`).digest('hex');
}

/**
 * Where a secret is checked the slow way (scrypt), with the device id: the route puts its failure
 * limits around it (http/login-limits.ts). The check throws 'errors.kioskNotRegistered' on a wrong
 * secret or an unknown device.
 */
export type SlowSecretCheck = (deviceId: string, check: () => Promise<void>) => Promise<void>;

const direct: SlowSecretCheck = (_deviceId, check) => check();

async function checkSecret(
  ctx: AppContext,
  id: string,
  secret: string,
  secretHash: string | undefined,
  slow: SlowSecretCheck,
) {
  let cache = verified.get(ctx);
  if (!cache) {
    cache = new Map();
    verified.set(ctx, cache);
  }
  const proof = secretHash === undefined ? undefined : proofOf(secret, secretHash);
  if (proof !== undefined && cache.get(id) === proof) return;
  await slow(id, async () => {
    if (secretHash === undefined || !(await verifyPassword(secret, secretHash))) throw notRegistered();
  });
  // A hash made with older, weaker scrypt parameters is replaced while the secret is at hand.
  if (needsRehash(secretHash!)) {
    const rehashed = await hashPassword(secret);
    await ctx.db.update(kioskDevices).set({ secretHash: rehashed }).where(eq(kioskDevices.id, id));
    cache.set(id, proofOf(secret, rehashed));
    return;
  }
  if (cache.size >= MAX_VERIFIED) cache.clear();
  cache.set(id, proof!);
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.length <= 200 ? text : undefined;
}

/** Device settings as stored; a malformed value falls back to the defaults rather than failing every call. */
function settingsOfDevice(ctx: AppContext, id: string, stored: unknown): KioskDeviceSettings {
  const parsed = kioskDeviceSettingsSchema.safeParse(stored ?? {});
  if (parsed.success) return parsed.data;
  ctx.log.warn({ kiosk: id, issues: parsed.error.issues }, 'kiosk settings malformed; defaults used');
  return kioskDeviceSettingsSchema.parse({});
}

/**
 * The kiosk a request comes from. No headers, an unknown device or a wrong secret: 401
 * 'errors.kioskNotRegistered' (the same answer, so device codes cannot be probed); a device switched
 * off, or one that names no restaurant or food court: 403 'errors.kioskInactive'.
 */
export async function authenticateKiosk(
  ctx: AppContext,
  headers: IncomingHttpHeaders,
  slow: SlowSecretCheck = direct,
): Promise<KioskDevice> {
  const id = header(headers, api.KIOSK_DEVICE_HEADER);
  const secret = header(headers, api.KIOSK_SECRET_HEADER);
  if (!id || !secret) throw notRegistered();
  const [row] = await ctx.db.select().from(kioskDevices).where(eq(kioskDevices.id, id)).limit(1);
  await checkSecret(ctx, row?.id ?? id, secret, row?.secretHash, slow);
  if (!row) throw notRegistered();
  if (!row.active) throw inactive();
  const place = await placeOf(ctx.db, row);
  if (!place) throw inactive();
  return {
    id: row.id,
    name: row.name,
    settings: settingsOfDevice(ctx, row.id, row.settings),
    place,
    scope: place.kind === 'restaurant' ? place.restaurant.nameid : place.mall.slug,
  };
}

async function placeOf(
  db: DbOrTx,
  row: typeof kioskDevices.$inferSelect,
): Promise<KioskDevice['place'] | null> {
  if (row.restaurantId !== null) {
    const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, row.restaurantId));
    return restaurant ? { kind: 'restaurant', restaurant } : null;
  }
  if (row.mallId !== null) {
    const [mall] = await db.select().from(malls).where(eq(malls.id, row.mallId));
    return mall ? { kind: 'mall', mall } : null;
  }
  return null;
}

/** What a kiosk offers: its order types and payment methods, as the place allows them. */
export interface KioskOffer {
  orderTypes: OrderTypeCode[];
  paymentMethods: (typeof api.KIOSK_PAYMENT_METHODS)[number][];
  qrChannel: PaymentChannel | null;
}

/**
 * The device's settings cut down to what its restaurant (or food court) allows: order types the
 * place offers in its country (a kiosk in Indonesia takes no dine-in, spec §4), and 'Wallet' only
 * when the place takes it through a channel that can show a QR.
 */
export function kioskOffer(device: KioskDevice): KioskOffer {
  const { place, settings } = device;
  const row = place.kind === 'restaurant' ? place.restaurant : place.mall;
  const allowed =
    place.kind === 'restaurant'
      ? offeredOrderTypes(place.restaurant)
      : allowedOrderTypes({
          country: place.mall.country as 'MY' | 'ID',
          mallMode: true,
          restaurantMask: place.mall.orderTypeMask,
        });
  const orderTypes = settings.orderTypes.filter((type) => allowed.includes(type));
  const money = restaurantSettingsSchema.parse(row.settings);
  const channels = money.paymentChannels;
  const offers = (channel: string) => channels.length === 0 || channels.includes(channel);
  const qrChannel: PaymentChannel | null =
    settings.qrChannel && offers(settings.qrChannel)
      ? settings.qrChannel
      : channels.length === 0
        ? row.country === 'ID'
          ? 'qris'
          : 'duitnow_qr'
        : (QR_CHANNELS.find((channel) => channels.includes(channel)) ?? null);
  const wallet =
    qrChannel !== null && (money.paymentMethods.length === 0 || money.paymentMethods.includes('Wallet'));
  const paymentMethods = settings.paymentMethods.filter((method) => method === 'Cash kiosk' || wallet);
  return { orderTypes, paymentMethods, qrChannel: wallet ? qrChannel : null };
}

/** The reply of `GET /api/kiosk/settings`, names in the caller's language. */
export async function kioskSettingsView(ctx: AppContext, device: KioskDevice, caller: Caller) {
  const { place } = device;
  const row = place.kind === 'restaurant' ? place.restaurant : place.mall;
  const outlets =
    place.kind === 'restaurant'
      ? [place.restaurant]
      : (await ctx.db.select().from(restaurants).where(eq(restaurants.mallId, place.mall.id))).sort(
          (a, b) => a.id - b.id,
        );
  const offer = kioskOffer(device);
  return {
    device_id: device.id,
    name: device.name,
    place: {
      kind: place.kind,
      scope: device.scope,
      name: pick(row.name, caller.lang),
      country: row.country as 'MY' | 'ID',
      currency: row.currency as 'MYR' | 'IDR',
      time_zone: row.timeZone,
    },
    outlets: outlets.map((outlet) => ({
      restaurant_id: outlet.id,
      nameid: outlet.nameid,
      name: pick(outlet.name, caller.lang),
    })),
    order_types: offer.orderTypes,
    payment_methods: offer.paymentMethods,
    qr_channel: offer.qrChannel,
    idle_timeout_seconds: device.settings.idleTimeoutSeconds,
    idle_warning_seconds: device.settings.idleWarningSeconds,
  };
}
