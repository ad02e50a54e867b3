/**
 * The one Drizzle schema for both engines (PGlite and PostgreSQL). Money is integer minor units
 * (sen, rupiah), instants are timestamptz, translated text is jsonb `{ en, id, my }`.
 * Payments, refunds and idempotency keys are tables of their own from day one so payments
 * and food courts fit without reshaping orders.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { EInvoiceBuyer } from '@santap/contract';
import type { Bill, Language } from '@santap/domain';

export type Translated = { en: string; id: string; my: string };

/**
 * A photo as stored (services/adapters/images): its files are `<hash>-<width>.avif` and `.webp` in the image
 * storage, one per width; `width` × `height` is the largest; `placeholder` a tiny blurred WebP data URI.
 */
export type StoredPhoto = {
  hash: string;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
  /** The link-preview JPEG's size (`<hash>-share.jpg`); absent on photos stored before it was made. */
  share?: { width: number; height: number };
};

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * PostgreSQL's 64-bit transaction id (`xid8`), read and written as its decimal text. The print spooler
 * orders the order log by it (apps/api docs/printing.md, "Reading the order log").
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const malls = pgTable('malls', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<Translated>().notNull(),
  country: text('country').notNull(),
  timeZone: text('time_zone').notNull(),
  currency: text('currency').notNull(),
  orderTypeMask: smallint('order_type_mask').notNull().default(7),
  qrPlan: smallint('qr_plan').notNull().default(0),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

export const restaurants = pgTable(
  'restaurants',
  {
    id: integer('id').primaryKey(),
    nameid: text('nameid').notNull().unique(),
    name: jsonb('name').$type<Translated>().notNull(),
    description: jsonb('description').$type<Translated>(),
    type: text('type').notNull().default('restaurant'),
    mallId: integer('mall_id').references(() => malls.id),
    country: text('country').notNull(),
    timeZone: text('time_zone').notNull(),
    currency: text('currency').notNull(),
    orderTypeMask: smallint('order_type_mask').notNull().default(7),
    qrPlan: smallint('qr_plan').notNull().default(0),
    subscriptionTier: text('subscription_tier').notNull().default('pro'),
    acceptingOrders: boolean('accepting_orders').notNull().default(true),
    /** Until when the kitchen paused new orders (a staff call); null or past: taking orders. */
    ordersPausedUntil: timestamp('orders_paused_until', { withTimezone: true }),
    /** Set while staff publish a menu change; order create answers 'Menu items are being updated' (spec §8). */
    menuPublishingUntil: timestamp('menu_publishing_until', { withTimezone: true }),
    cuisine: text('cuisine'),
    halal: boolean('halal').notNull().default(false),
    address: text('address'),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    /** rest_timings of spec §3 (DINING, DELIVERY, TAKEAWAY; 7 day entries, index 0 = Sunday). */
    restTimings: jsonb('rest_timings').notNull(),
    /** Charges, taxes, pay-later and prepay rules, delivery radius and fee, packaging, loyalty. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Secret for dynamic QR signatures (HMAC); never leaves the server. */
    qrSecret: text('qr_secret').notNull(),
    /** The menu header's photo (a food-court outlet's card too); null: none. */
    photo: jsonb('photo').$type<StoredPhoto>(),
    createdAt: createdAt(),
  },
  (t) => [index('restaurants_mall_idx').on(t.mallId)],
);

export const diningTables = pgTable(
  'dining_tables',
  {
    id: integer('id').primaryKey(),
    restaurantId: integer('restaurant_id').references(() => restaurants.id),
    mallId: integer('mall_id').references(() => malls.id),
    tableNo: text('table_no').notNull(),
    displayName: text('display_name').notNull(),
    seats: smallint('seats').notNull().default(4),
    smoking: boolean('smoking').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /**
     * The table's random token (apps/api docs/tabs.md): what new stickers carry instead of the
     * sequential id, so a table's link cannot be guessed.
     */
    token: text('token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    index('dining_tables_restaurant_idx').on(t.restaurantId),
    index('dining_tables_mall_idx').on(t.mallId),
    uniqueIndex('dining_tables_token_uq').on(t.token),
  ],
);

export const menuCategories = pgTable(
  'menu_categories',
  {
    id: integer('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    name: jsonb('name').$type<Translated>().notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('menu_categories_restaurant_idx').on(t.restaurantId)],
);

export type MenuOptionGroupRow = {
  id: string;
  name: Translated;
  kind: 'one' | 'any' | 'upTo';
  required: boolean;
  max?: number;
  options: { id: string; name: Translated; price: number; available: boolean }[];
};

/** One chosen option of an order line (`order_items.options`). */
export type OrderLineOption = {
  groupId: string;
  optionId: string;
  price: number;
  name?: Translated;
  group?: Translated;
};

export const menuItems = pgTable(
  'menu_items',
  {
    id: integer('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => menuCategories.id),
    name: jsonb('name').$type<Translated>().notNull(),
    description: jsonb('description').$type<Translated>().notNull(),
    price: integer('price').notNull(),
    packagingCharge: integer('packaging_charge').notNull().default(0),
    inStock: boolean('in_stock').notNull().default(true),
    /** The order types the dish is offered for (bit 1 dine-in, 2 delivery, 4 pickup; domain `maskOf`). */
    orderTypeMask: smallint('order_type_mask').notNull().default(7),
    allergens: text('allergens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    halal: boolean('halal').notNull().default(false),
    noPork: boolean('no_pork').notNull().default(false),
    containsAlcohol: boolean('contains_alcohol').notNull().default(false),
    isVoucher: boolean('is_voucher').notNull().default(false),
    bestSeller: boolean('best_seller').notNull().default(false),
    image: text('image'),
    /** The dish's uploaded photo (responsive sizes); null: none, the apps show their fallback. */
    photo: jsonb('photo').$type<StoredPhoto>(),
    nutrition: jsonb('nutrition').$type<{ kcal: number; protein: number; carbs: number; fat: number }>(),
    optionGroups: jsonb('option_groups').$type<MenuOptionGroupRow[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index('menu_items_restaurant_idx').on(t.restaurantId)],
);

export const discounts = pgTable('discounts', {
  id: serial('id').primaryKey(),
  restaurantId: integer('restaurant_id').references(() => restaurants.id),
  mallId: integer('mall_id').references(() => malls.id),
  code: text('code').notNull(),
  title: jsonb('title').$type<Translated>().notNull(),
  kind: text('kind').notNull(), // 'percent' | 'fixed'
  value: integer('value').notNull(), // bps for percent, minor units for fixed
  maxDiscount: integer('max_discount'),
  minOrder: integer('min_order').notNull().default(0),
  orderTypeMask: smallint('order_type_mask').notNull().default(7),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  /** Recurring days and hours, outlets: `{ days?: number[] (0 = Sunday), fromMinute?, toMinute?, outlets?: number[] }`. */
  rules: jsonb('rules').$type<Record<string, unknown>>().notNull().default({}),
  totalLimit: integer('total_limit'),
  perUserLimit: integer('per_user_limit'),
  usedCount: integer('used_count').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  phone: text('phone').unique(),
  status: text('status').notNull().default('GUEST'), // GUEST | ACTIVE
  name: text('name'),
  email: text('email'),
  dateOfBirth: text('date_of_birth'),
  gender: text('gender'),
  isCorporate: boolean('is_corporate').notNull().default(false),
  language: text('language'),
  linkedAccounts: jsonb('linked_accounts').$type<Record<string, string>>().notNull().default({}),
  /** When the diner agreed to order updates on WhatsApp; null = not agreed or opted out (README, Messaging). */
  whatsappUpdatesSince: timestamp('whatsapp_updates_since', { withTimezone: true }),
  createdAt: createdAt(),
});

export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    channel: text('channel').notNull(), // sms | whatsapp
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    sends: smallint('sends').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** The provider refused or could not take the code: no cooldown before another channel is tried. */
    deliveryFailedAt: timestamp('delivery_failed_at', { withTimezone: true }),
    /** The diner's language at the send: a code the server re-sends by SMS on its own speaks it too. */
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_phone_idx').on(t.phone, t.createdAt), index('otp_ip_idx').on(t.ip, t.createdAt)],
);

/** An order update's WhatsApp template as queued in `message_deliveries.payload` (never anything secret). */
export type QueuedTemplate = { template: string; lang: Language; body: string[] };

/**
 * Every message handed to a messaging provider (an OTP, an order update) and what the provider said
 * of it since (sent, delivered, read, failed), from its reply and its signed status callbacks. Never
 * the OTP itself. An order update is written first as `queued` (the outbox) and sent after commit.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(), // otp | order_update
    channel: text('channel').notNull(), // sms | whatsapp
    provider: text('provider').notNull(), // whatsapp_cloud | twilio | vonage | dev
    recipient: text('recipient').notNull(),
    otpChallengeId: integer('otp_challenge_id').references(() => otpChallenges.id),
    userId: integer('user_id').references(() => users.id),
    /** One message per event (`order:42:confirmed`): the outbox's idempotency key. */
    topic: text('topic'),
    /** Template name, language and parameters of an order update (never an OTP code); `{}` on an OTP's row. */
    payload: jsonb('payload').$type<QueuedTemplate | Record<string, never>>().notNull().default({}),
    providerMessageId: text('provider_message_id'),
    status: text('status').notNull(), // queued | sending (an order update claimed) | sent | delivered | read | failed
    errorCode: text('error_code'),
    attempts: smallint('attempts').notNull().default(0),
    /** When a queued order update may be sent (again): now, or later after a refusal (backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('message_deliveries_provider_msg_uq').on(t.provider, t.providerMessageId),
    index('message_deliveries_outbox_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('message_deliveries_topic_uq').on(t.topic),
    index('message_deliveries_challenge_idx').on(t.otpChallengeId),
    index('message_deliveries_status_idx').on(t.status, t.createdAt),
  ],
);

/** Dev-only outbox of OTP messages and mails (the dev sender and dev mailbox). */
export const devInbox = pgTable('dev_inbox', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  /** Mail attachments (dev mailbox): `{ filename, contentType, base64 }`. */
  attachments: jsonb('attachments')
    .$type<{ filename: string; contentType: string; base64: string }[]>()
    .notNull()
    .default([]),
  createdAt: createdAt(),
});

export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  restaurantId: integer('restaurant_id')
    .notNull()
    .references(() => restaurants.id),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull(), // manager | kitchen | server | business
  /** Set by a manager: the account can no longer log in and its tokens stop working at once. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/**
 * A manager's approval PIN (apps/api docs/audit.md, "Manager approval"): 4 to 6 digits, kept only as
 * an scrypt hash with its salt (the staff passwords' format). One row per manager who set one.
 */
export const staffPins = pgTable('staff_pins', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staff.id),
  pinHash: text('pin_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const staffTokens = pgTable('staff_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One cart per cart token per scope (a restaurant nameid, or a mall slug for a food-court cart). */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    scope: text('scope').notNull(),
    userId: integer('user_id').references(() => users.id),
    restaurantId: integer('restaurant_id').references(() => restaurants.id),
    mallId: integer('mall_id').references(() => malls.id),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    specialNote: text('special_note'),
    discountCode: text('discount_code'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_token_scope_uq').on(t.token, t.scope), index('carts_user_idx').on(t.userId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => menuItems.id),
    quantity: integer('quantity').notNull(),
    selections: jsonb('selections').$type<Record<string, string[]>>().notNull().default({}),
    notes: text('notes'),
    /** Unit price (item + options) when the diner last saw it: a change raises 'Price Warning'. */
    seenUnitPrice: integer('seen_unit_price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cart_items_cart_idx').on(t.cartId)],
);

export const foodCourtOrders = pgTable('food_court_orders', {
  id: serial('id').primaryKey(),
  mallId: integer('mall_id')
    .notNull()
    .references(() => malls.id),
  userId: integer('user_id').references(() => users.id),
  cartToken: text('cart_token').notNull(),
  total: integer('total').notNull(),
  currency: text('currency').notNull(),
  paymentStatus: text('payment_status').notNull().default('unpaid'),
  createdAt: createdAt(),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    fcOrderId: integer('fc_order_id').references(() => foodCourtOrders.id),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    userId: integer('user_id').references(() => users.id),
    cartToken: text('cart_token').notNull(),
    orderType: smallint('order_type').notNull(),
    pickupType: text('pickup_type'),
    orderTime: text('order_time').notNull(), // ASAP | SCHEDULED
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    tableId: integer('table_id').references(() => diningTables.id),
    tableNo: text('table_no'),
    status: smallint('status').notNull(),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    paymentMode: text('payment_mode'), // online | pay_later | cash_kiosk | loyalty
    prepay: boolean('prepay').notNull(),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    total: integer('total').notNull(),
    bill: jsonb('bill').$type<Bill>().notNull(),
    discountCode: text('discount_code'),
    loyaltyUsed: integer('loyalty_used').notNull().default(0),
    /** What was captured and what was refunded, in minor units (a payment summary, kept with the order). */
    paidAmount: integer('paid_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    specialNote: text('special_note'),
    address: jsonb('address').$type<Record<string, unknown>>(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The table booking whose paid token amount is deducted from this order's bill. */
    reservationId: integer('reservation_id').references((): AnyPgColumn => reservations.id),
    /** The counter kiosk that took the order (`kiosk_devices.id`), if any. */
    kioskDeviceId: text('kiosk_device_id'),
    /** The short number called at the counter (per restaurant and local day), for kiosk orders. */
    queueNo: integer('queue_no'),
    /** The code a kiosk showed its customer for an order taken offline (the counter matches the paper ticket). */
    kioskTicket: text('kiosk_ticket'),
    /** A manager or the kitchen marked the ticket rush: every kitchen display pins it to the top. */
    kitchenRush: boolean('kitchen_rush').notNull().default(false),
    /** The table's tab this dine-in order is on, and the member whose phone placed it (docs/tabs.md). */
    tabId: integer('tab_id').references((): AnyPgColumn => tableTabs.id),
    tabMemberId: integer('tab_member_id').references((): AnyPgColumn => tabMembers.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId),
    index('orders_tab_idx').on(t.tabId),
    index('orders_cart_token_idx').on(t.cartToken),
    index('orders_restaurant_status_idx').on(t.restaurantId, t.status),
    index('orders_fc_idx').on(t.fcOrderId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => menuItems.id),
    name: jsonb('name').$type<Translated>().notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    /**
     * The options chosen, with their names in every language as the menu had them when ordered
     * (`name`, `group`; absent on lines ordered before names were kept), so a later menu edit does
     * not rewrite what the kitchen and the diner read.
     */
    options: jsonb('options').$type<OrderLineOption[]>().notNull(),
    notes: text('notes'),
    status: text('status').notNull().default('active'), // active | declined
    batch: smallint('batch').notNull().default(1),
    /** When the kitchen struck the line off as made (a kitchen display tap); null: still to make. */
    kitchenDoneAt: timestamp('kitchen_done_at', { withTimezone: true }),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** Audit trail of every status change; also what the live channel replays to late subscribers. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    actor: text('actor').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    /**
     * The writing transaction's id: a reader that takes only rows of transactions older than every
     * running one (`pg_snapshot_xmin`) never skips a row committed late (the print spooler).
     */
    txId: xid8('tx_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('order_events_order_idx').on(t.orderId), index('order_events_tx_idx').on(t.txId, t.id)],
);

/** Stripe-style idempotency: same key + same body -> same reply; another body -> error. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull(), // in_progress | done
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_scope_key_uq').on(t.scope, t.key)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    fcOrderId: integer('fc_order_id').references(() => foodCourtOrders.id),
    /** The table booking whose token amount this pays (purpose 'reservation'). */
    reservationId: integer('reservation_id').references((): AnyPgColumn => reservations.id),
    userId: integer('user_id').references(() => users.id),
    cartToken: text('cart_token'),
    /** What is paid: 'order' (orderId), 'fc_order' (fcOrderId), 'reservation' (reservationId). */
    purpose: text('purpose').notNull().default('order'),
    provider: text('provider').notNull(),
    channel: text('channel'),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** initiated | processing | pending | success | failed | expired (the payment's own life). */
    state: text('state').notNull(),
    /** Until when the cart stays locked while this payment processes (spec §4: up to 60 s). */
    processingUntil: timestamp('processing_until', { withTimezone: true }),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    providerRef: text('provider_ref'),
    transactionId: text('transaction_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** When the reconciliation job last asked the gateway about it: the least recently asked go first. */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_fc_order_idx').on(t.fcOrderId),
    index('payments_state_checked_idx').on(t.state, t.lastCheckedAt),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
  ],
);

/**
 * What a completed gateway charge leaves for its refunds (GrabPay refunds with the payer's access
 * token and the charge's txID), kept in the database so any instance, after any restart, can refund.
 */
export const gatewayCharges = pgTable(
  'gateway_charges',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    /** Our reference of the payment (`SNTP-...`). */
    reference: text('reference').notNull(),
    accessToken: text('access_token').notNull(),
    txId: text('tx_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('gateway_charges_provider_reference_uq').on(t.provider, t.reference)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    state: text('state').notNull(), // refund_initiated | refunded | failed
    refundKey: text('refund_key').notNull().unique(),
    /** The order item whose share is refunded (declined item), if any. */
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    /** Gateway calls made for it that got no final answer (time-out, network, 5xx); retried with backoff. */
    attempts: integer('attempts').notNull().default(0),
    /** Why the last call gave no answer, or why the gateway refused it. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('refunds_payment_idx').on(t.paymentId)],
);

/** Every provider notification, once: (provider, event id) is unique, so a repeat changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    status: text('status').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.eventId)],
);

/** Cashback balance per user per restaurant or food court (scope 'restaurant:1001' / 'mall:1'). */
export const loyaltyAccounts = pgTable(
  'loyalty_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    scope: text('scope').notNull(),
    balance: integer('balance').notNull().default(0),
    earned: integer('earned').notNull().default(0),
    spent: integer('spent').notNull().default(0),
  },
  (t) => [uniqueIndex('loyalty_accounts_user_scope_uq').on(t.userId, t.scope)],
);

/** Earning and spending history; an order earns once and spends once (unique order + kind). */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => loyaltyAccounts.id),
    orderId: integer('order_id').references(() => orders.id),
    kind: text('kind').notNull(), // earn | spend | reverse
    amount: integer('amount').notNull(), // signed
    createdAt: createdAt(),
  },
  (t) => [
    index('loyalty_ledger_account_idx').on(t.accountId),
    uniqueIndex('loyalty_ledger_order_kind_uq').on(t.orderId, t.kind),
  ],
);

/** Coupon use: the history behind total and per-user limits. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.id),
    userId: integer('user_id').references(() => users.id),
    orderId: integer('order_id').references(() => orders.id),
    fcOrderId: integer('fc_order_id').references(() => foodCourtOrders.id),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_redemptions_discount_user_idx').on(t.discountId, t.userId)],
);

export const referralCodes = pgTable('referral_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
});

/** A referee is referred once; the referrer is rewarded once, when the referee's first order completes. */
export const referrals = pgTable('referrals', {
  id: serial('id').primaryKey(),
  refereeUserId: integer('referee_user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  referrerUserId: integer('referrer_user_id')
    .notNull()
    .references(() => users.id),
  status: text('status').notNull(), // applied | used | rewarded
  refereeOrderId: integer('referee_order_id').references(() => orders.id),
  rewardAmount: integer('reward_amount'),
  createdAt: createdAt(),
  rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
});

export const emailInvoices = pgTable(
  'email_invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    fcOrderId: integer('fc_order_id').references(() => foodCourtOrders.id),
    /** A payer's share of a table's tab (apps/api docs/tabs.md, "Receipts and e-invoices per share"). */
    tabShareId: integer('tab_share_id').references(() => tabShares.id),
    email: text('email').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull(), // sent | failed
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_invoices_order_idx').on(t.orderId),
    index('email_invoices_tab_share_idx').on(t.tabShareId),
  ],
);

/** What `e_invoices.buyer` holds: the details as given, and the TIN put on the document. */
export type StoredBuyer = { details: EInvoiceBuyer; tinUsed: string; generalTin: boolean };

/**
 * Malaysian e-invoice (LHDN MyInvois) submissions: one per order, or one per payer's share of a
 * table's tab (apps/api docs/tabs.md, "Receipts and e-invoices per share"); exactly one of the two.
 */
export const eInvoices = pgTable(
  'e_invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .unique()
      .references(() => orders.id),
    tabShareId: integer('tab_share_id')
      .unique()
      .references(() => tabShares.id),
    buyer: jsonb('buyer').$type<StoredBuyer>().notNull(),
    status: text('status').notNull(), // submitted | valid | invalid | cancelled
    submissionUid: text('submission_uid'),
    documentUuid: text('document_uuid'),
    longId: text('long_id'),
    errors: jsonb('errors').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('e_invoices_one_subject_ck', sql`num_nonnulls(${t.orderId}, ${t.tabShareId}) = 1`)],
);

/** A diner's delivery addresses (spec §3: apartment or house number, landmark, city; a map pin). */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'home' | 'work' | 'other' (a label the diner picks; free text shown as is). */
    label: text('label').notNull().default('home'),
    apartment: text('apartment').notNull(),
    street: text('street'),
    landmark: text('landmark'),
    city: text('city').notNull(),
    postcode: text('postcode'),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Deleted addresses stay for the orders that reference them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_addresses_user_idx').on(t.userId)],
);

/** A diner's allergies: one row per category (gluten, fish, nuts, seafood, shellfish). */
export const userAllergies = pgTable(
  'user_allergies',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    category: text('category').notNull(),
    /** 'avoid' (highlight) or 'severe' (highlight and warn before adding). */
    severity: text('severity').notNull().default('avoid'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_allergies_user_category_uq').on(t.userId, t.category)],
);

/** A rating (1–5) and review of one dish of a completed order; one per order item. */
export const dishReviews = pgTable(
  'dish_reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .unique()
      .references(() => orderItems.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => menuItems.id),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('dish_reviews_item_idx').on(t.itemId),
    index('dish_reviews_restaurant_idx').on(t.restaurantId),
  ],
);

/** The states a diner may ask for a booking's modification from. */
export type ModifiableState = 'confirmation_pending' | 'confirmed';

/** A modification waiting for staff (`reservations.requested_change`). */
export type RequestedChange = {
  date: string;
  slot: string;
  guests: number;
  smoking: boolean;
  /** ISO instants of the new window. */
  starts_at: string;
  ends_at: string;
  /** The table kept for the new window. */
  table_id: number | null;
  /**
   * The state the booking was asked from, where a declined change takes it back: staff may not have
   * confirmed it yet. Absent on requests stored before it was kept (they were all answered 'confirmed').
   */
  from_state?: ModifiableState;
};

/**
 * Table bookings (spec §3 Reservation). `state` is the booking state of `@santap/domain`; the token
 * amount is paid through `payments` (purpose 'reservation') and deducted from the dine-in bill
 * (`orders.reservation_id`). A booking holds one table for its window, so tables and seats per slot
 * are never overbooked.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The local date and slot the diner chose (restaurant time zone), and the instant they mean. */
    date: text('date').notNull(),
    slot: text('slot').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    guests: smallint('guests').notNull(),
    smoking: boolean('smoking').notNull().default(false),
    tableId: integer('table_id').references(() => diningTables.id),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    contactNumber: text('contact_number').notNull(),
    specialRequest: text('special_request'),
    occasion: text('occasion'),
    state: text('state').notNull(),
    tokenAmount: integer('token_amount').notNull().default(0),
    currency: text('currency').notNull(),
    /** unpaid | paid | refund_initiated | refunded (the token's money, beside the booking state). */
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    /** A modification the diner asked for and staff have not answered (read with `requestedChangeOf`). */
    requestedChange: jsonb('requested_change').$type<RequestedChange>(),
    /** Why staff declined, or the diner's cancellation reason. */
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reservations_user_idx').on(t.userId),
    index('reservations_restaurant_starts_idx').on(t.restaurantId, t.startsAt),
    index('reservations_table_starts_idx').on(t.tableId, t.startsAt),
  ],
);

/**
 * A registered counter kiosk. Its `id` is the device code shown when it was set up; the kiosk proves
 * itself with a secret (only its hash is kept). `settings`: order types, payment methods, idle
 * time-out, shown on the kiosk through the kiosk settings call.
 */
export const kioskDevices = pgTable('kiosk_devices', {
  id: text('id').primaryKey(),
  restaurantId: integer('restaurant_id').references(() => restaurants.id),
  mallId: integer('mall_id').references(() => malls.id),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/**
 * Abuse-limit counters shared by every API instance (the @fastify/rate-limit store of `lib/limits.ts`):
 * one row per key (`<rule>:<subject>`), its count within the window that ends at `expires_at`.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * A diner's 'Call waiter' or 'Request bill' from a dine-in order's status page: shown on the staff
 * board with the table until a staff member acknowledges it.
 */
export const tableRequests = pgTable(
  'table_requests',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tableNo: text('table_no'),
    kind: text('kind').notNull(), // waiter | bill
    createdAt: createdAt(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: text('acknowledged_by'),
  },
  (t) => [
    index('table_requests_restaurant_idx').on(t.restaurantId, t.acknowledgedAt),
    index('table_requests_order_idx').on(t.orderId),
  ],
);

/**
 * A restaurant's printer (apps/api docs/printing.md): a cloud printer polling with its own credential
 * (Star CloudPRNT, Epson Server Direct Print) or one attached to a staff tablet. Deleting one keeps the
 * row (`deleted_at`): its jobs stay listed, its credential stops at once. `cursor_tx`/`cursor_event_id`:
 * the last `order_events` row (by `tx_id`, `id`) the spooler read for it.
 */
export const printers = pgTable(
  'printers',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    name: text('name').notNull(),
    /** A station name of `settings.kitchen.stations`; null: every dish. */
    station: text('station'),
    connection: text('connection').notNull(), // cloudprnt | epson_sdp | tablet_usb | tablet_bluetooth | tablet_serial
    commandSet: text('command_set').notNull(), // esc-pos | star-prnt (a cloud printer's protocol fixes its own)
    paperWidth: smallint('paper_width').notNull(),
    language: text('language').notNull(),
    /** The print kinds of @santap/contract `PRINT_KINDS` this printer prints. */
    prints: jsonb('prints').$type<string[]>().notNull(),
    copies: smallint('copies').notNull().default(1),
    printerOnly: boolean('printer_only').notNull().default(false),
    /** A cloud printer's HTTP user name (unique across printers); null for a tablet printer. */
    username: text('username').unique(),
    /** scrypt of its password (HTTP Basic); null for a tablet printer. */
    passwordHash: text('password_hash'),
    /** MD5(username:realm:password) for HTTP Digest, the authentication Epson printers use; else null. */
    digestHa1: text('digest_ha1'),
    state: text('state').notNull().default('offline'),
    stateAt: timestamp('state_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    cursorTx: xid8('cursor_tx').notNull(),
    cursorEventId: integer('cursor_event_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('printers_restaurant_idx').on(t.restaurantId)],
);

/**
 * One document for one printer (apps/api docs/printing.md): rendered once, kept until the printer
 * confirms it. `source_key` says what it prints (`order:12:new`, `reprint:<key>:order:12:new`); with
 * the printer it is unique, so a retry or a second spooler never makes a job twice. `payload`: the
 * printer's bytes in base64, or ePOS-Print XML (`command_set` `epos-xml`).
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: serial('id').primaryKey(),
    printerId: integer('printer_id')
      .notNull()
      .references(() => printers.id),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    heading: text('heading').notNull(),
    reprint: boolean('reprint').notNull().default(false),
    status: text('status').notNull().default('queued'), // queued | sent | printed | failed
    /** Why it failed: a catalogue key (`printing.failure.*`); null unless failed. */
    failure: text('failure'),
    payload: text('payload').notNull(),
    commandSet: text('command_set').notNull(), // esc-pos | star-prnt | epos-xml
    sourceKey: text('source_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    printedAt: timestamp('printed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('print_jobs_printer_source_uq').on(t.printerId, t.sourceKey),
    index('print_jobs_printer_status_idx').on(t.printerId, t.status, t.id),
    index('print_jobs_restaurant_idx').on(t.restaurantId, t.id),
    index('print_jobs_order_idx').on(t.orderId),
  ],
);

/**
 * A table's tab (apps/api docs/tabs.md): the orders of the diners sitting together, paid in shares.
 * Opened by the first dine-in order at a table, closed by staff clearing the table or after the
 * restaurant's idle time once nothing is left.
 */
export const tableTabs = pgTable(
  'table_tabs',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTables.id),
    /** open | closed */
    status: text('status').notNull().default('open'),
    /** What a friend types to join at a static-QR restaurant (short, no look-alike characters). */
    joinCode: text('join_code').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** `staff:<username>`, `idle` or `settled`. */
    closedBy: text('closed_by'),
  },
  (t) => [index('table_tabs_table_status_idx').on(t.restaurantId, t.tableId, t.status)],
);

/** A diner on a tab: a user, or a guest's cart token (as orders are owned), with the name they chose. */
export const tabMembers = pgTable(
  'tab_members',
  {
    id: serial('id').primaryKey(),
    tabId: integer('tab_id')
      .notNull()
      .references(() => tableTabs.id),
    userId: integer('user_id').references(() => users.id),
    cartToken: text('cart_token'),
    name: text('name').notNull(),
    emoji: text('emoji'),
    /** member | waiting (asked staff to let them in) */
    status: text('status').notNull().default('member'),
    /** opened | scan | code | staff */
    joinedVia: text('joined_via').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tab_members_tab_idx').on(t.tabId)],
);

/**
 * One payer's share of a tab: a payment of its own (`payment_id`; null only while being written).
 * `allocation` is what it takes of each dish, part by part (the domain's `ShareLineAllocation[]`);
 * a pending share holds it until `hold_until`, then it is void unless its payment succeeded.
 */
export const tabShares = pgTable(
  'tab_shares',
  {
    id: serial('id').primaryKey(),
    tabId: integer('tab_id')
      .notNull()
      .references(() => tableTabs.id),
    memberId: integer('member_id').references(() => tabMembers.id),
    paymentId: integer('payment_id').references(() => payments.id),
    /** pending | paid | void */
    state: text('state').notNull(),
    /** The contract's share request (`kind` and its fields), or `{ kind: 'counter' }`. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    allocation: jsonb('allocation').$type<unknown[]>().notNull(),
    /** The payer's receipt lines (BillLine[] of @santap/domain). */
    lines: jsonb('lines').$type<unknown[]>().notNull(),
    settles: integer('settles').notNull(),
    tip: integer('tip').notNull().default(0),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('tab_shares_tab_state_idx').on(t.tabId, t.state),
    uniqueIndex('tab_shares_payment_uq').on(t.paymentId),
  ],
);

/**
 * The audit trail (docs/audit.md): one row per staff money or order action and per change to
 * settings, staff accounts, menu or printers, written in the action's own transaction. Append-only:
 * the trigger `audit_records_append_only` (migration 0016) refuses every UPDATE and DELETE.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** `staff:<id>`, `diner:<user id>` / `diner:guest`, or `system`. */
    actor: text('actor').notNull(),
    /** Copied when the actor is staff (an account renamed later keeps what it was). */
    actorUsername: text('actor_username'),
    actorRole: text('actor_role'),
    /** The staff session (`session:<first 12 of its token hash>`), or null. */
    device: text('device'),
    ip: text('ip'),
    /** The user agent's short form (browser and system). */
    userAgent: text('user_agent'),
    /** A dotted name: `order.cancel`, `payment.counter`, `menu.price`, … */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    reason: text('reason'),
    /** The changed fields only, before and after. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_records_restaurant_at_idx').on(t.restaurantId, t.at),
    index('audit_records_restaurant_id_idx').on(t.restaurantId, t.id),
  ],
);
