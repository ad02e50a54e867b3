/**
 * The shape of `restaurants.settings`: everything about money and ordering that is restaurant data,
 * never a constant (FACTS.md: tax rates and bases, service charge, pay later, prepay).
 */
import { z } from 'zod';

const bps = z.number().int().min(0).max(10_000);

export const taxSettingSchema = z.object({
  /** Bill label key, e.g. 'bill.sst', 'bill.sstDeliveryInclusive', 'bill.pb1'. */
  key: z.string(),
  rate: bps,
  base: z.enum(['subtotal', 'subtotal_service', 'delivery']),
  inclusive: z.boolean().optional(),
});

/**
 * Table bookings (spec §3 Reservation, §5 cut-off, §9 token amount): whether the restaurant takes them,
 * the token (deposit) paid when booking and taken off the final bill, how close to the booking a
 * change or cancellation is still allowed, the slot grid, how long a booking holds its table, and the
 * largest party.
 */
export const reservationSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  /** Minor units; 0 = no token (the booking waits for the restaurant straight away). */
  tokenAmount: z.number().int().min(0).default(0),
  cutOffMinutes: z.number().int().min(0).max(10_080).default(120),
  slotMinutes: z.number().int().min(5).max(240).default(30),
  durationMinutes: z.number().int().min(15).max(720).default(90),
  maxGuests: z.number().int().min(1).max(100).default(8),
});

/**
 * The kitchen display (apps/staff README 'Kitchen display'): a ticket's age clock turns amber, then red,
 * after these minutes; stations are named sets of menu categories (a drinks bar makes the drinks), and
 * a board offers 'All' besides them.
 */
export const kitchenSettingsSchema = z.object({
  amberMinutes: z.number().int().min(1).max(240).default(10),
  redMinutes: z.number().int().min(1).max(480).default(20),
  stations: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(40),
        categoryIds: z.array(z.number().int()).max(200),
      }),
    )
    .max(20)
    .default([]),
});

/** A restaurant that set nothing: amber at 10 minutes, red at 20, no stations (the board's 'All'). */
export const KITCHEN_DEFAULTS = kitchenSettingsSchema.parse({});

export const restaurantSettingsSchema = z.object({
  serviceChargeBps: bps.default(0),
  taxes: z.array(taxSettingSchema).default([]),
  /** Order-type mask (dine-in 1, delivery 2, pickup 4) where the diner may pay later at the counter. */
  payLaterMask: z.number().int().min(0).max(7).default(0),
  /** Order-type mask that must be paid before the kitchen sees the order. Scheduled orders always are. */
  prepayMask: z.number().int().min(0).max(7).default(7),
  /** Takeaway pickups marked '1' go straight to the status page like dine-in (spec §4 'stored flag'). */
  takeawayPayLater: z.boolean().default(false),
  deliveryRadiusM: z.number().int().min(0).default(0),
  deliveryFee: z.number().int().min(0).default(0),
  cashRounding: z.enum(['none', 'nearest5']).default('none'),
  paymentMethods: z.array(z.string()).default([]),
  paymentChannels: z.array(z.string()).default([]),
  paymentProviders: z.array(z.string()).default([]),
  loyalty: z.object({ minOrder: z.number().int().min(0), percentBps: bps }).optional(),
  packagingNote: z.boolean().default(false),
  reservation: reservationSettingsSchema.optional(),
  /** Absent: {@link KITCHEN_DEFAULTS}. */
  kitchen: kitchenSettingsSchema.optional(),
  /**
   * How the restaurant (or food court) is reached: what a gateway that requires the payer's email and
   * phone (Razer's payment page) is sent for a guest who gave none.
   */
  contact: z.object({ email: z.email().optional(), phone: z.string().trim().min(5).optional() }).optional(),
  /**
   * Which table links the table check accepts (docs/tabs.md, Joining): absent means `token_or_id`
   * ({@link tableLinksOf}).
   */
  tableLinks: z.enum(['token_or_id', 'token']).optional(),
  /** A table's tab (apps/api docs/tabs.md): whether a share may carry a tip on top. */
  tabTips: z.boolean().default(false),
  /** A settled tab whose orders all ended closes after this many idle minutes (docs/tabs.md, Closing). */
  tabIdleMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(120),
});

export type RestaurantSettings = z.infer<typeof restaurantSettingsSchema>;
export type TaxSetting = z.infer<typeof taxSettingSchema>;
export type KitchenSettings = z.infer<typeof kitchenSettingsSchema>;
export type ReservationSettings = z.infer<typeof reservationSettingsSchema>;

/**
 * Which table links the table check accepts (docs/tabs.md, Joining), of a restaurant's or a mall's
 * settings: `token` only the table's random token; `token_or_id` (absent: the default) the token or the
 * old sequential id, so stickers printed before tokens keep working. A value that is neither counts
 * as `token`: a typo never reopens the sequential ids.
 */
export function tableLinksOf(settings: unknown): 'token_or_id' | 'token' {
  const value = (settings as { tableLinks?: unknown } | null | undefined)?.tableLinks;
  if (value === undefined) return 'token_or_id';
  const parsed = restaurantSettingsSchema.shape.tableLinks.safeParse(value);
  return parsed.success && parsed.data ? parsed.data : 'token';
}
