/**
 * The diner's account (spec §7 'Profile', issue 7 §1): profile, phone change by OTP, addresses with a
 * distance lookup against a restaurant, allergies, order and payment history, and nutrition per day.
 * Every call needs a diner's auth token (`access: 'user'`); a guest token may read (empty lists, its own
 * orders), but changes need a registered (OTP-verified) diner: a guest gets 403. Another diner's address,
 * allergy or order id answers 404, exactly like an id that does not exist.
 *
 * Paths (the spec names the first two; the rest are REST-style under `/api/user`):
 *
 * | Call | Method and path |
 * | --- | --- |
 * | basic profile | `GET /api/user/basic-profile` |
 * | user info | `GET /api/user/info` |
 * | update user details | `POST /user_login/update_user_details.php` |
 * | phone change: send a code to the new number | `POST /api/user/phone/request-otp` |
 * | phone change: confirm with the code | `POST /api/user/phone/verify` |
 * | addresses | `GET /api/user/addresses`, `POST /api/user/addresses` |
 * | one address | `PUT /api/user/addresses/:addressId`, `DELETE /api/user/addresses/:addressId` |
 * | set default address | `POST /api/user/addresses/:addressId/default` |
 * | distance lookup | `GET /api/user/addresses/distance` |
 * | allergies (the filter) | `GET /api/user/allergies`, `POST /api/user/allergies` |
 * | one allergy | `PUT /api/user/allergies/:allergyId`, `DELETE /api/user/allergies/:allergyId` |
 * | user orders | `GET /api/user/orders`, `GET /api/user/orders/:orderId` |
 * | payment history | `GET /api/user/payments` |
 * | nutrition daily | `GET /api/user/nutrition/daily` |
 *
 * 'Earning and saving total' is `promotions.earningSavingTotal` (`GET /api/user/earning-saving-total`);
 * linking and unlinking Facebook / Google are `auth.linkAccount` and `auth.unlinkAccount`.
 *
 * Text fields are checked by the server with the `@santap/domain` rules so a refusal carries the precise
 * catalogue message (spec §5: 'Required', name at least 3 characters, the three email messages, date of
 * birth 18+ and saved once, 'Invalid phone number'); the schemas here only bound their length.
 */
import { z } from 'zod';
import { ALLERGENS, ALLERGY_SEVERITIES } from '@santap/domain';
import { defineEndpoint } from '../endpoint';
import { idInput, idOrNameid, mapTilesSchema } from '../common';
import { userSchema } from '../auth';
import { orderSchema } from '../orders';
import { paymentSchema, refundSchema } from '../payments';

// ---------------------------------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------------------------------

/** A diner's full profile: the auth `User` plus what the profile screens need to decide. */
export const profileSchema = userSchema.extend({
  /** An OTP-verified diner (status ACTIVE); a guest can read but not change a profile. */
  registered: z.boolean(),
  /** The date of birth is saved (it can never be changed afterwards: show it read-only). */
  date_of_birth_set: z.boolean(),
  created_epoch: z.number().int(),
  /**
   * The diner agreed to order updates on WhatsApp (confirmed, declined, ready; bookings confirmed and
   * reminded). Off until they turn it on; replying STOP on WhatsApp turns it off.
   */
  whatsapp_updates: z.boolean().default(false),
});
export type Profile = z.infer<typeof profileSchema>;

export const basicProfile = defineEndpoint({
  id: 'account.basicProfile',
  method: 'GET',
  path: '/api/user/basic-profile',
  service: 'main',
  access: 'user',
  summary:
    "The profile home's header: the caller's name, phone, whether registered, whether the date of birth is set, corporate or not.",
  data: z.object({
    user_id: z.number().int(),
    status: z.enum(['GUEST', 'ACTIVE']),
    registered: z.boolean(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    date_of_birth_set: z.boolean(),
    is_corporate: z.boolean(),
  }),
});

export const userInfo = defineEndpoint({
  id: 'account.userInfo',
  method: 'GET',
  path: '/api/user/info',
  service: 'main',
  access: 'user',
  summary:
    "The caller's full profile: name, email, phone, date of birth (and whether it is set), gender, corporate, linked Facebook / Google accounts.",
  data: z.object({ user: profileSchema }),
});

export const updateUserDetails = defineEndpoint({
  id: 'account.updateUserDetails',
  method: 'POST',
  path: '/user_login/update_user_details.php',
  service: 'main',
  access: 'user',
  summary:
    "Change the caller's name (3+ characters), email (empty removes it), gender, date of birth (18+, saved once: the same value again is fine, another is refused) or whether they get order updates on WhatsApp (whatsapp_updates). Absent fields stay as they are. Registered diners only (a guest gets 403). The phone changes through request-otp and verify.",
  body: z.object({
    name: z.string().max(200).optional(),
    email: z.string().max(400).optional(),
    gender: z.enum(['male', 'female']).optional(),
    /** 'YYYY-MM-DD'. */
    date_of_birth: z.string().max(20).optional(),
    /** Order updates on WhatsApp: true agrees (explicitly, at checkout or in the account), false stops them. */
    whatsapp_updates: z.boolean().optional(),
  }),
  data: z.object({ user: profileSchema }),
});

const newPhoneBody = z.object({
  /** The new number as typed (national or international; stored in E.164). */
  phone: z.string().max(40),
  /** The country a national number belongs to (default: the caller's country). */
  country: z.enum(['MY', 'ID']).optional(),
});

export const phoneChangeRequest = defineEndpoint({
  id: 'account.phoneChangeRequest',
  method: 'POST',
  path: '/api/user/phone/request-otp',
  service: 'otp',
  access: 'user',
  summary:
    "Send a one-time code to the new number (same limits as login: cooldown, hourly caps). Refused when the number is the caller's own or another diner's. Registered diners only.",
  body: newPhoneBody.extend({ channel: z.enum(['sms', 'whatsapp']).default('sms') }),
  data: z.object({
    phone: z.string(),
    resend_after_seconds: z.number().int(),
    expires_in_seconds: z.number().int(),
  }),
});

export const phoneChangeVerify = defineEndpoint({
  id: 'account.phoneChangeVerify',
  method: 'POST',
  path: '/api/user/phone/verify',
  service: 'otp',
  access: 'user',
  summary:
    'Confirm the new number with the code it received; the profile then carries it (login uses the new number from now on). A number another diner took meanwhile is refused.',
  body: newPhoneBody.extend({ otp: z.string().max(10) }),
  data: z.object({ user: profileSchema }),
});

// ---------------------------------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------------------------------

const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-90).max(90);

/** A saved delivery address. */
export const addressSchema = z.object({
  address_id: z.number().int(),
  /** 'home', 'work', 'other' or the diner's own word, shown as is. */
  label: z.string(),
  /** Apartment, unit or house number. */
  apartment: z.string(),
  street: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string(),
  postcode: z.string().nullable(),
  /** The map pin. */
  lng: z.number(),
  lat: z.number(),
  /** Exactly one of a diner's addresses is the default (the first saved one until another is chosen). */
  is_default: z.boolean(),
  created_epoch: z.number().int(),
});
export type Address = z.infer<typeof addressSchema>;

/** What the diner types for an address; apartment and city are required ('Required'). */
export const addressInput = z.object({
  label: z.string().max(40).optional(),
  apartment: z.string().max(200),
  street: z.string().max(200).optional(),
  landmark: z.string().max(200).optional(),
  city: z.string().max(100),
  postcode: z.string().max(12).optional(),
  lng: longitude,
  lat: latitude,
  /** Make it the default (the others stop being default). */
  is_default: z.boolean().optional(),
});
export type AddressInput = z.input<typeof addressInput>;

const addressRef = z.object({ addressId: idInput });

export const addressesList = defineEndpoint({
  id: 'account.addresses',
  method: 'GET',
  path: '/api/user/addresses',
  service: 'main',
  access: 'user',
  summary:
    "The caller's saved addresses (deleted ones left out), the default first, then newest first, and the tiles of the map a new address is pinned on.",
  data: z.object({
    addresses: z.array(addressSchema),
    /** As `restaurants.details` sends them (`null`: none configured); optional for older fixtures. */
    map_tiles: z.nullable(mapTilesSchema).optional(),
  }),
});

export const addressCreate = defineEndpoint({
  id: 'account.addressCreate',
  method: 'POST',
  path: '/api/user/addresses',
  service: 'main',
  access: 'user',
  summary:
    'Save an address with its map pin. The first address becomes the default; is_default makes this one the default. Registered diners only.',
  body: addressInput,
  data: z.object({ address: addressSchema }),
});

export const addressUpdate = defineEndpoint({
  id: 'account.addressUpdate',
  method: 'PUT',
  path: '/api/user/addresses/:addressId',
  service: 'main',
  access: 'user',
  summary:
    "Change an address of the caller (absent fields stay; an empty street, landmark or postcode removes it). Another diner's or a deleted address: 404 'Address Not Found'.",
  params: addressRef,
  body: addressInput.partial(),
  data: z.object({ address: addressSchema }),
});

export const addressDelete = defineEndpoint({
  id: 'account.addressDelete',
  method: 'DELETE',
  path: '/api/user/addresses/:addressId',
  service: 'main',
  access: 'user',
  summary:
    "Delete an address (kept for the orders that used it). Deleting the default makes the newest remaining address the default. Another diner's: 404 'Address Not Found'.",
  params: addressRef,
  data: z.object({ address_id: z.number().int(), default_address_id: z.number().int().nullable() }),
});

export const addressSetDefault = defineEndpoint({
  id: 'account.addressSetDefault',
  method: 'POST',
  path: '/api/user/addresses/:addressId/default',
  service: 'main',
  access: 'user',
  summary: "Make one of the caller's addresses the default (the only one); replies with every address.",
  params: addressRef,
  data: z.object({ addresses: z.array(addressSchema) }),
});

export const addressDistance = defineEndpoint({
  id: 'account.addressDistance',
  method: 'GET',
  path: '/api/user/addresses/distance',
  service: 'main',
  access: 'user',
  summary:
    "Distance lookup: how far an address of the caller (address_id; or a pin lng/lat; or else the default address) is from a restaurant, its delivery radius and whether it delivers there. An unknown or another diner's address: 404 'Address Not Found'; no address at all: 400.",
  query: z.object({
    /** The numeric id or the nameid. */
    restaurant_id: idOrNameid,
    address_id: idInput.optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
  }),
  data: z.object({
    restaurant_id: z.number().int(),
    /** The address measured (null when a pin was given). */
    address_id: z.number().int().nullable(),
    /** Great-circle distance in whole metres. */
    distance_m: z.number().int(),
    /** The restaurant's delivery radius in metres (0 = it does not deliver). */
    delivery_radius_m: z.number().int(),
    deliverable: z.boolean(),
    /** Why not deliverable: catalogue key (`validation.addressTooFar`, `errors.deliveryNotSupported`) and words. */
    reason_key: z.string().nullable(),
    reason: z.string().nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Allergies
// ---------------------------------------------------------------------------------------------------

export const allergenCategory = z.enum(ALLERGENS);
export const allergySeverity = z.enum(ALLERGY_SEVERITIES);

/** One recorded allergy: a category of {@link ALLERGENS}, how strongly it is avoided, a note. */
export const allergySchema = z.object({
  allergy_id: z.number().int(),
  category: allergenCategory,
  /** `avoid`: dishes are highlighted; `severe`: also warned about before adding. */
  severity: allergySeverity,
  note: z.string().nullable(),
  created_epoch: z.number().int(),
});
export type Allergy = z.infer<typeof allergySchema>;

const allergyRef = z.object({ allergyId: idInput });

export const allergiesGet = defineEndpoint({
  id: 'account.allergies',
  method: 'GET',
  path: '/api/user/allergies',
  service: 'main',
  access: 'user',
  summary:
    "The allergy filter: every category with whether the caller avoids it, and the caller's allergies (menus highlight dishes whose allergens conflict).",
  data: z.object({
    filter: z.array(
      z.object({ category: allergenCategory, selected: z.boolean(), severity: allergySeverity.nullable() }),
    ),
    allergies: z.array(allergySchema),
  }),
});

export const allergyAdd = defineEndpoint({
  id: 'account.allergyAdd',
  method: 'POST',
  path: '/api/user/allergies',
  service: 'main',
  access: 'user',
  summary:
    'Record an allergy (one per category: adding a category already recorded updates its severity and note). Registered diners only.',
  body: z.object({
    category: allergenCategory,
    severity: allergySeverity.default('avoid'),
    note: z.string().max(300).optional(),
  }),
  data: z.object({ allergy: allergySchema }),
});

export const allergyUpdate = defineEndpoint({
  id: 'account.allergyUpdate',
  method: 'PUT',
  path: '/api/user/allergies/:allergyId',
  service: 'main',
  access: 'user',
  summary: "Change an allergy's severity or note (an empty or null note removes it). Another diner's: 404.",
  params: allergyRef,
  body: z.object({ severity: allergySeverity.optional(), note: z.string().max(300).nullable().optional() }),
  data: z.object({ allergy: allergySchema }),
});

export const allergyDelete = defineEndpoint({
  id: 'account.allergyDelete',
  method: 'DELETE',
  path: '/api/user/allergies/:allergyId',
  service: 'main',
  access: 'user',
  summary: "Remove an allergy. Another diner's: 404.",
  params: allergyRef,
  data: z.object({ allergy_id: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------------
// Order and payment history
// ---------------------------------------------------------------------------------------------------

const pageQuery = z.object({
  page_no: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const userOrders = defineEndpoint({
  id: 'account.orders',
  method: 'GET',
  path: '/api/user/orders',
  service: 'main',
  access: 'user',
  summary:
    "The caller's orders across restaurants and food courts (a food-court order is one entry per outlet, with its fc_order_id), newest first, paged.",
  query: pageQuery,
  data: z.object({
    orders: z.array(orderSchema),
    page_no: z.number().int(),
    total_pages: z.number().int(),
    total: z.number().int(),
  }),
});

export const userOrderDetails = defineEndpoint({
  id: 'account.orderDetails',
  method: 'GET',
  path: '/api/user/orders/:orderId',
  service: 'main',
  access: 'user',
  summary: "One of the caller's orders with its payments and refunds. Another diner's: 404.",
  params: z.object({ orderId: idInput }),
  data: z.object({
    order: orderSchema,
    payments: z.array(paymentSchema),
    refunds: z.array(refundSchema),
  }),
});

/** A payment in the history, with the place it paid. */
export const paymentHistoryEntrySchema = paymentSchema.extend({
  /** The table booking whose token amount it paid, if any. */
  reservation_id: z.number().int().nullable(),
  /** The restaurant's or food court's name in the caller's language. */
  place_name: z.string(),
});
export type PaymentHistoryEntry = z.infer<typeof paymentHistoryEntrySchema>;

export const paymentHistory = defineEndpoint({
  id: 'account.payments',
  method: 'GET',
  path: '/api/user/payments',
  service: 'main',
  access: 'user',
  summary:
    "Payment history: the payments of the caller's orders, food-court orders and table bookings (method, amount, state, refunds), newest first, paged.",
  query: pageQuery,
  data: z.object({
    payments: z.array(paymentHistoryEntrySchema),
    page_no: z.number().int(),
    total_pages: z.number().int(),
    total: z.number().int(),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Nutrition
// ---------------------------------------------------------------------------------------------------

/** Longest range of one nutrition request, in days. */
export const NUTRITION_MAX_DAYS = 92;

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const nutritionTotalsSchema = z.object({
  kcal: z.number(),
  /** Grams. */
  protein: z.number(),
  carbs: z.number(),
  fat: z.number(),
});

export const nutritionDaily = defineEndpoint({
  id: 'account.nutritionDaily',
  method: 'GET',
  path: '/api/user/nutrition/daily',
  service: 'main',
  access: 'user',
  summary:
    "Nutrition per local day from `from` to `to` (inclusive, at most 92 days): the server's per-item nutrition times quantity, over the non-declined items of the caller's orders that were not cancelled, declined or deleted. An order counts on its day in the restaurant's time zone (its scheduled time if scheduled), or in `time_zone` when given. Every day of the range is listed, zeros included.",
  query: z.object({
    from: calendarDate,
    to: calendarDate,
    /** An IANA zone ('Asia/Kuala_Lumpur'); default: each order's restaurant's zone. */
    time_zone: z.string().min(1).max(64).optional(),
  }),
  data: z.object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string().nullable(),
    days: z.array(
      nutritionTotalsSchema.extend({
        /** 'YYYY-MM-DD'. */
        date: z.string(),
        /** Portions counted (quantities summed). */
        items: z.number().int(),
        orders: z.number().int(),
      }),
    ),
    total: nutritionTotalsSchema,
    /** Portions in the range whose dish has no nutrition data (not in the sums). */
    items_without_nutrition: z.number().int(),
  }),
});
