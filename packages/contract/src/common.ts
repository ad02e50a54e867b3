import { z } from 'zod/mini';
import { TABLE_TOKEN_PATTERN } from '@santap/domain';

/** Integer minor units (sen, rupiah). */
export const money = z.int();
export const countryCode = z.enum(['MY', 'ID']);
export const currencyCode = z.enum(['MYR', 'IDR']);
export const orderTypeCode = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** Order type as sent by forms and query strings ('1') or JSON (1). */
export const orderTypeInput = z.pipe(z.coerce.number(), orderTypeCode);
/**
 * Classic zod's `.optional()` on a zod/mini schema, for modules still written in classic zod
 * (`account/addresses.ts` calls `idInput.optional()`). Remove it once they write `z.optional(idInput)`.
 */
function withClassicOptional<S extends z.core.$ZodType>(schema: S): S & { optional(): z.ZodMiniOptional<S> } {
  return Object.assign(schema, { optional: () => z.optional(schema) });
}

/**
 * The raster map tiles the apps draw under the address picker, from the server's
 * MAP_TILE_URL, MAP_TILE_ATTRIBUTION, MAP_TILE_ATTRIBUTION_URL and MAP_TILE_MAX_ZOOM; a reply holds
 * `null` when none are configured (the picker's grid alone). The keys are those of `MapTiles` of
 * `@santap/ui`, so an app passes the value on as it is.
 */
export const mapTilesSchema = z.object({
  /** URL template in Web Mercator: `{z}`, `{x}`, `{y}` (or `{-y}`), optionally `{s}` and `{r}`. */
  url: z.string(),
  /** Plain text to show on the map ('© OpenStreetMap contributors'). */
  attribution: z.string(),
  /** Where the attribution links to; null: plain text. */
  attributionUrl: z.nullable(z.string()),
  maxZoom: z.int(),
});

export type MapTiles = z.infer<typeof mapTilesSchema>;

/**
 * A photo of a dish, a food-court outlet or a restaurant, as the server stored it: responsive sizes in
 * AVIF and WebP (content-hashed URLs, cached for a year), the intrinsic size so a page reserves its box
 * before it loads, and a tiny blurred placeholder shown meanwhile. Absent or null: no photo (the apps
 * show their own fallback). `PhotoData` of `@santap/ui` has the same keys.
 */
export const photoSchema = z.object({
  /** Intrinsic width and height of the largest size (the aspect ratio of every size). */
  width: z.int(),
  height: z.int(),
  /** `srcset` of the AVIF sizes: `/api/images/<hash>-320.avif 320w, …`. */
  avif: z.string(),
  /** `srcset` of the WebP sizes. */
  webp: z.string(),
  /** The WebP URL of a middle size, for an `<img src>` and link previews. */
  src: z.string(),
  /** A blurred ~16 px WebP as a `data:` URI (a few hundred bytes). */
  placeholder: z.string(),
  /**
   * A place's photo only (restaurant, outlet): the link-preview JPEG, 1.91:1, under 300 KB, that the
   * server names in a page's `og:image` (WhatsApp and Facebook). Absent on dishes and older photos.
   */
  share: z.optional(z.object({ src: z.string(), width: z.int(), height: z.int() })),
});

export type Photo = z.infer<typeof photoSchema>;

/** The largest id the database's id columns (32-bit `integer` / `serial`) hold. */
export const MAX_ID = 2_147_483_647;

/**
 * An id as sent by forms and query strings ('1001') or JSON (1001): a positive integer no larger than
 * {@link MAX_ID}, so an id no row can have is a 400 here, not a database error.
 */
export const idInput = withClassicOptional(z.coerce.number().check(z.int(), z.positive(), z.lte(MAX_ID)));

/**
 * A restaurant named by its id or its nameid. A string of digits is an id, never a nameid, so an id
 * out of range is refused rather than looked up as a name.
 */
export const idOrNameid = z.union([
  idInput,
  z.string().check(z.minLength(1), z.maxLength(80), z.regex(/\D/, 'an id must be a number')),
]);
/**
 * The table a table QR's link names (`tableId=`, `tid=`): its random token (32 lowercase hex, what new
 * stickers carry; a string) or its sequential id (stickers printed before tokens; a number). The
 * server decides whether the place still accepts ids (apps/api docs/tabs.md, Joining). As
 * `readTableRef` of `@santap/domain` reads a link.
 */
export const tableRefInput = z.union([z.string().check(z.regex(TABLE_TOKEN_PATTERN)), idInput]);
export const pickupType = z.enum(['takeaway', 'pickup']);
/** A cart scope: a restaurant nameid, or a mall slug for a food-court cart. */
export const scope = z.string().check(z.minLength(1), z.maxLength(80), z.regex(/^[a-z0-9-]+$/));

export const dayTimingSchema = z.object({
  is_enabled: z.boolean(),
  slots: z.array(z.object({ start: z.int(), end: z.int() })),
});
export const restTimingsSchema = z.object({
  DINING: z.array(dayTimingSchema),
  DELIVERY: z.array(dayTimingSchema),
  TAKEAWAY: z.array(dayTimingSchema),
});

export const orderContextInput = z.object({
  orderType: orderTypeInput,
  orderTime: z._default(z.enum(['ASAP', 'SCHEDULED']), 'ASAP'),
  pickupType: z.optional(pickupType),
  tableNo: z.optional(z.string().check(z.maxLength(40))),
  table: z.optional(z.string().check(z.maxLength(60))),
  tableId: z.optional(idInput),
  date: z.optional(z.string()),
  time: z.optional(z.string()),
  epoch: z.optional(z.int()),
  selectedTime: z.optional(z.string()),
});
export type OrderContextInput = z.infer<typeof orderContextInput>;

export const billLineSchema = z.object({
  key: z.string(),
  label: z.string(),
  amount: money,
  rate: z.optional(z.int()),
  included: z.optional(z.boolean()),
});
export const billSchema = z.object({
  currency: currencyCode,
  subtotal: money,
  total: money,
  lines: z.array(billLineSchema),
  /**
   * The line an order paid in cash or later at the counter adds to this bill: the restaurant's cash
   * rounding to 5 sen (`cashRoundingOf` of @santap/domain, spec §9), absent when it adds nothing. A
   * cart's bill is computed before the payment mode is chosen; `total` + its amount is what such an
   * order comes to, rounding line and all.
   */
  cash_rounding: z.optional(billLineSchema),
});
export type Bill = z.infer<typeof billSchema>;

/**
 * A refund of a payment (spec §9), in zod/mini so the staff calls can use it too (`payments.ts`
 * re-exports it as `refundSchema`).
 */
export const refundSchema = z.object({
  refund_id: z.int(),
  payment_id: z.int(),
  order_id: z.nullable(z.int()),
  order_item_id: z.nullable(z.int()),
  amount: money,
  currency: currencyCode,
  /**
   * duplicate_payment | order_cancelled | order_declined | order_deleted | item_declined |
   * staff_refund (a manager's refund of a completed order) | amount_mismatch (a capture for another
   * amount than the payment's, given back in full) | reservation_cancelled | reservation_declined |
   * reservation_unavailable
   */
  reason: z.string(),
  state: z.enum(['refund_initiated', 'refunded', 'failed']),
  /**
   * Why the gateway refused a failed refund, in its own words (Razer's `PR011: Exceed refund amount…`):
   * for the restaurant's staff only, so a manager can act on it; absent for diners and other states.
   */
  failure_reason: z.optional(z.string()),
  /** Catalogue key of the time the money takes to arrive (spec §9): `refund.bank` or `refund.failedPayment`. */
  wording_key: z.string(),
  /** That time in the caller's language ('3-5 days'). */
  wording: z.string(),
  created_epoch: z.int(),
});
