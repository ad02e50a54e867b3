/**
 * The payment service (spec §4, §7; issue 4 §2–§4): what a restaurant offers, initiating a payment
 * through a gateway, its status and history, the processing lock, gateway notifications, and the
 * staff's counter payments.
 *
 * Rules kept here:
 * - Amounts come from the orders in the database, never from the client.
 * - One live attempt per order: initiate locks the order rows (FOR UPDATE) and returns a payment still
 *   processing (60 s, unlockable after 30 s) instead of starting a second checkout.
 * - The gateway is called outside any transaction: the attempt is committed as `initiated` first, so
 *   a slow gateway holds no lock and a crash leaves a row the reconciliation job can ask about.
 * - Notifications are verified by their provider, recorded once per (provider, event id), and never
 *   move a state backwards; a capture for an order already paid (or ended) is refunded.
 */
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { MESSAGE, ORDER_TYPE, canPaymentTransition, paymentLock, paymentLockEnds } from '@santap/domain';
import type { OrderPaymentState } from '@santap/domain';
import type { DbOrTx } from '../../db/client';
import {
  foodCourtOrders,
  malls,
  orderEvents,
  orders,
  paymentEvents,
  payments,
  restaurants,
} from '../../db/schema';
import { restaurantSettingsSchema } from '../../db/settings';
import type { RestaurantSettings } from '../../db/settings';
import type { AppContext, Caller, CallerStaff } from '../../lib/context';
import { ApiFailure, fail } from '../../lib/errors';
import { loadOwnedOrder, ownedBy } from '../orders';
import { loadOwnedReservation } from '../reservations/model';
import {
  COUNTER_PROVIDER,
  LIVE_STATES,
  allocationOf,
  canPaymentMove,
  dataOf,
  lockOf,
  lockOrders,
  moveOrderPayment,
  newReference,
  owedBy,
  pageStateOf,
  paysPartOf,
  paymentIdOf,
  publishPayment,
  referenceOf,
  resultOf,
  setCartLock,
  stateForProviderStatus,
} from './model';
import type { Allocation, OrderRow, PaymentData, PaymentRow, PaymentState } from './model';
import type {
  CreatePaymentInput,
  IncomingNotification,
  PaymentProvider,
  ProviderName,
  VerifiedNotification,
} from './provider';
import { lockBookingOfPayment, paymentStatusOfBooking, settleReservationPayment } from './reservation';
import { PROVIDER_CURRENCIES, providerFor, providerTakes } from './registry';
import { checkTablePayment } from '../table-orders';
import { endedReason, refundViews, startRefund } from './refunds';

type FcRow = typeof foodCourtOrders.$inferSelect;

/**
 * What is paid: one order, every outlet order of a food-court order, or several orders at the caller's
 * table (spec §2 `:orderIds`; `orderId` the caller's own, among `orderIds`), checked with `amount` when
 * the diner was shown one.
 */
export type PaymentTarget =
  | { kind: 'order'; orderId: number }
  | { kind: 'fc'; fcOrderId: number }
  | { kind: 'table'; orderId: number; orderIds: number[]; amount?: number | undefined };

export interface InitiateOptions {
  method: string;
  channel?: string | undefined;
  provider?: string | undefined;
  speedMode: 'fast' | 'secure';
  kiosk: boolean;
  /**
   * The origin a food-court payment returns to, given the mall's slug, when it was started on the
   * mall's own host (the route decides with `mallHostOrigin`); else the return URL is `publicUrl`'s.
   */
  returnOrigin?: ((mall: string) => string | undefined) | undefined;
}

const ONLINE_METHODS = ['Card', 'Wallet', 'Net Banking'];
const ENDED = (order: OrderRow) => endedReason(order.status) !== undefined;

// ---------------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------------

export async function paymentViews(
  ctx: AppContext,
  db: DbOrTx,
  rows: PaymentRow[],
  caller: Pick<Caller, 't'>,
) {
  const refunds = await refundViews(db, rows, caller);
  const now = ctx.now();
  return rows.map((payment) => {
    const data = dataOf(payment);
    return {
      payment_id: payment.id,
      reference: referenceOf(payment),
      order_id: payment.orderId,
      fc_order_id: payment.fcOrderId,
      order_ids: allocationOf(payment).map((part) => part.order_id),
      provider: payment.provider,
      method: payment.method,
      channel: payment.channel,
      amount: payment.amount,
      currency: payment.currency as 'MYR' | 'IDR',
      refunded_amount: payment.refundedAmount,
      captured_amount: data.amount_mismatch?.captured ?? null,
      state: payment.state as PaymentState,
      page_state: pageStateOf(payment.state),
      result: resultOf(payment.state),
      transaction_id: payment.transactionId ?? payment.providerRef,
      redirect_url: data.redirect_url ?? null,
      qr_string: data.qr_string ?? null,
      lock: lockOf(payment, now),
      created_epoch: Math.floor(payment.createdAt.getTime() / 1000),
      refunds: refunds.filter((refund) => refund.payment_id === payment.id),
    };
  });
}

function initiatedView(ctx: AppContext, payment: PaymentRow, resumed: boolean) {
  const data = dataOf(payment);
  return {
    payment_id: payment.id,
    reference: referenceOf(payment),
    redirect_url: data.redirect_url ?? null,
    qr_string: data.speed_mode === 'fast' ? (data.qr_string ?? null) : null,
    state: payment.state as PaymentState,
    page_state: pageStateOf(payment.state),
    amount: payment.amount,
    currency: payment.currency as 'MYR' | 'IDR',
    provider: payment.provider,
    speed_mode: data.speed_mode ?? 'secure',
    resumed,
    lock: lockOf(payment, ctx.now()),
  };
}

// ---------------------------------------------------------------------------------------------------
// Ownership and loading
// ---------------------------------------------------------------------------------------------------

/** A food-court order of the caller (one of its outlet orders is theirs), optionally locked; else 404. */
async function loadOwnedFc(db: DbOrTx, caller: Caller, fcOrderId: number, lock = false) {
  const query = db.select().from(foodCourtOrders).where(eq(foodCourtOrders.id, fcOrderId)).limit(1);
  const [fc] = lock ? await query.for('update') : await query;
  if (!fc) return fail(MESSAGE.notFound);
  const owned = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.fcOrderId, fc.id), ownedBy(caller)))
    .limit(1);
  return owned.length > 0 ? fc : fail(MESSAGE.notFound);
}

/** A payment of the caller (through its order, food-court order or booking); another diner's is 404. */
async function loadOwnedPayment(db: DbOrTx, caller: Caller, paymentId: number): Promise<PaymentRow> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment) return fail(MESSAGE.notFound);
  if (payment.orderId !== null) await loadOwnedOrder(db, caller, payment.orderId);
  else if (payment.fcOrderId !== null) await loadOwnedFc(db, caller, payment.fcOrderId);
  else if (payment.reservationId !== null && caller.user) {
    await loadOwnedReservation(db, caller, payment.reservationId);
  } else fail(MESSAGE.notFound);
  return payment;
}

/** Payments that paid or tried to pay an order: its own and its food court's, newest first. */
async function paymentsTouching(db: DbOrTx, order: OrderRow): Promise<PaymentRow[]> {
  // A table's payment of several orders is kept on the payer's order: the others find it by its parts.
  const byParts = paysPartOf(order.id);
  const rows = await db
    .select()
    .from(payments)
    .where(
      order.fcOrderId
        ? or(eq(payments.orderId, order.id), eq(payments.fcOrderId, order.fcOrderId), byParts)
        : or(eq(payments.orderId, order.id), byParts),
    )
    .orderBy(desc(payments.id));
  return rows.filter((payment) => allocationOf(payment).some((part) => part.order_id === order.id));
}

async function fcPayments(db: DbOrTx, fcOrderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.fcOrderId, fcOrderId)).orderBy(desc(payments.id));
}

/**
 * Payments of a food-court order and of any of its outlet orders (an outlet's own checkout of its
 * part), newest first: what a food-court initiate must see before starting another checkout.
 */
async function paymentsOfFcScope(db: DbOrTx, fcOrderId: number, parts: OrderRow[]): Promise<PaymentRow[]> {
  const ids = parts.map((order) => order.id);
  return db
    .select()
    .from(payments)
    .where(
      ids.length > 0
        ? or(eq(payments.fcOrderId, fcOrderId), inArray(payments.orderId, ids))
        : eq(payments.fcOrderId, fcOrderId),
    )
    .orderBy(desc(payments.id));
}

/** The attempt still processing (its lock not yet lifted), if any. */
export function liveOf(rows: PaymentRow[], now: Date): PaymentRow | undefined {
  return rows.find((payment) => lockOf(payment, now).locked);
}

const parseSettings = (settings: Record<string, unknown>): RestaurantSettings =>
  restaurantSettingsSchema.parse(settings);

// ---------------------------------------------------------------------------------------------------
// get_payment_methods.php
// ---------------------------------------------------------------------------------------------------

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

/**
 * An attempt committed as `initiated` and what its gateway needs, or a payment already processing
 * for the same thing (`resumed`: no second checkout).
 */
export type StartedAttempt =
  | { resumed: true; payment: PaymentRow }
  | { resumed: false; payment: PaymentRow; provider: PaymentProvider; input: CreatePaymentInput };

// ---------------------------------------------------------------------------------------------------
// initiate
// ---------------------------------------------------------------------------------------------------

interface Scope {
  orders: OrderRow[];
  fc: FcRow | null;
  settings: RestaurantSettings;
  currency: 'MYR' | 'IDR';
  description: string;
  returnPath: string;
  returnQuery: Record<string, string>;
  /** The mall slug of a food-court payment (its way back may be the mall's host). */
  mall?: string;
}

/** The orders to pay, locked for update, with the settings that govern them. */
async function lockScope(tx: DbOrTx, caller: Caller, target: PaymentTarget): Promise<Scope> {
  if (target.kind === 'table') {
    // Ownership first, then every row locked in id order (as every payment locks orders).
    await loadOwnedOrder(tx, caller, target.orderId);
    const ids = new Set([target.orderId, ...target.orderIds]);
    const locked = await lockOrders(tx, [...ids]);
    if (locked.length !== ids.size) fail(MESSAGE.tableOrdersInvalid);
    const own = locked.find((order) => order.id === target.orderId) ?? fail(MESSAGE.notFound);
    const chosen = locked.filter((order) => target.orderIds.includes(order.id));
    checkTablePayment(own, chosen, target.amount);
    const scope = await lockScope(tx, caller, { kind: 'order', orderId: own.id });
    return { ...scope, orders: [own, ...chosen.filter((order) => order.id !== own.id)] };
  }
  if (target.kind === 'order') {
    const order = await loadOwnedOrder(tx, caller, target.orderId, true);
    const [restaurant] = await tx.select().from(restaurants).where(eq(restaurants.id, order.restaurantId));
    if (!restaurant) return fail(MESSAGE.notFound);
    const mall = order.fcOrderId
      ? (
          await tx
            .select({ slug: malls.slug })
            .from(malls)
            .where(eq(malls.id, restaurant.mallId ?? -1))
        )[0]
      : undefined;
    return {
      orders: [order],
      fc: null,
      settings: parseSettings(restaurant.settings),
      currency: order.currency as 'MYR' | 'IDR',
      description: `${restaurant.name[caller.lang] || restaurant.name.en} #${order.id}`,
      returnPath: mall ? `/fc/${mall.slug}/payment/response` : '/payment/response',
      ...(mall ? { mall: mall.slug } : {}),
      returnQuery: {
        order_id: String(order.id),
        ...(order.orderType === ORDER_TYPE.DINE_IN ? { type: 'dinein' } : {}),
        ...(mall && order.fcOrderId ? { fc_order_id: String(order.fcOrderId), fc: mall.slug } : {}),
      },
    };
  }
  const fc = await loadOwnedFc(tx, caller, target.fcOrderId, true);
  const [mall] = await tx.select().from(malls).where(eq(malls.id, fc.mallId));
  if (!mall) return fail(MESSAGE.notFound);
  const ids = (await tx.select({ id: orders.id }).from(orders).where(eq(orders.fcOrderId, fc.id))).map(
    (row) => row.id,
  );
  const locked = await lockOrders(tx, ids);
  return {
    orders: locked,
    fc,
    settings: parseSettings(mall.settings),
    currency: fc.currency as 'MYR' | 'IDR',
    description: `${mall.name[caller.lang] || mall.name.en} #${fc.id}`,
    returnPath: `/fc/${mall.slug}/payment/response`,
    mall: mall.slug,
    returnQuery: {
      fc_order_id: String(fc.id),
      fc: mall.slug,
      order_id: String(locked[0]?.id ?? ''),
    },
  };
}

/**
 * Starts (or resumes) paying an order or a food-court order online. Returns the redirect URL or QR
 * string of the gateway; a payment still processing for the same orders is returned instead of a
 * second one (`resumed`).
 */
export async function initiatePayment(
  ctx: AppContext,
  caller: Caller,
  target: PaymentTarget,
  options: InitiateOptions,
) {
  const speedMode = options.kiosk ? 'fast' : options.speedMode;
  const started = await ctx.db.transaction(async (tx): Promise<StartedAttempt> => {
    const now = ctx.now();
    const scope = await lockScope(tx, caller, target);
    // A food court's checkout and an outlet's own checkout pay the same orders: each sees the other's.
    const existing =
      target.kind === 'fc'
        ? await paymentsOfFcScope(tx, target.fcOrderId, scope.orders)
        : (await Promise.all(scope.orders.map((order) => paymentsTouching(tx, order)))).flat();
    const live = liveOf(existing, now);
    if (live) return { resumed: true as const, payment: live };

    const payable = scope.orders.filter((order) => !ENDED(order));
    if (payable.length === 0) return fail(MESSAGE.orderNotPayable);
    const allocation: Allocation = payable
      .map((order) => ({ order_id: order.id, amount: owedBy(order) }))
      .filter((part) => part.amount > 0);
    const amount = allocation.reduce((sum, part) => sum + part.amount, 0);
    if (amount <= 0) return fail(MESSAGE.paymentAlreadyPaid);

    const provider = offeredProvider(ctx, scope.settings, scope.currency, options);

    const first = payable[0]!;
    const payment = await insertAttempt(
      tx,
      now,
      {
        orderId: target.kind === 'fc' ? null : first.id,
        fcOrderId: target.kind === 'fc' ? target.fcOrderId : null,
        userId: first.userId,
        cartToken: first.cartToken,
        purpose: target.kind === 'fc' ? 'fc_order' : 'order',
        provider: provider.name,
        channel: options.channel ?? null,
        method: options.method,
        amount,
        currency: scope.currency,
      },
      { allocation, speed_mode: speedMode, is_kiosk: options.kiosk },
    );
    const reference = referenceOf(payment);

    for (const order of payable) {
      await moveOrderPayment(ctx, tx, order, 'processing');
      await setCartLock(tx, order, now);
      await publishPayment(ctx, tx, order, payment);
    }
    if (scope.fc) await moveFc(tx, scope.fc, 'processing');

    return {
      resumed: false as const,
      payment,
      provider,
      input: {
        reference,
        amount,
        currency: scope.currency,
        method: options.method,
        channel: options.channel,
        description: scope.description,
        language: caller.lang,
        ...gatewayUrls(
          ctx,
          provider.name,
          scope.returnPath,
          {
            ...scope.returnQuery,
            amount: String(amount),
            redirect: '1',
            paymentType: options.channel ?? options.method,
            isKiosk: options.kiosk ? '1' : '0',
          },
          scope.mall ? options.returnOrigin?.(scope.mall) : undefined,
        ),
        expiresAt: new Date(now.getTime() + GATEWAY_EXPIRY_MINUTES * 60_000),
        qrOnScreen: options.kiosk,
      },
    };
  });
  return reachGateway(ctx, started);
}

/**
 * Writes a new attempt as `initiated`, processing (and locking a second checkout) until
 * `paymentLockEnds` (@santap/domain, spec §4), with its reference (which needs the row's id) in its data.
 */
export async function insertAttempt(
  tx: DbOrTx,
  now: Date,
  values: Omit<
    typeof payments.$inferInsert,
    'state' | 'processingUntil' | 'data' | 'createdAt' | 'updatedAt'
  >,
  data: Omit<PaymentData, 'reference'>,
): Promise<PaymentRow> {
  const [inserted] = await tx
    .insert(payments)
    .values({
      ...values,
      state: 'initiated',
      processingUntil: paymentLockEnds(now),
      data: {},
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!inserted) return fail(MESSAGE.somethingWentWrong);
  const full: PaymentData = { reference: newReference(inserted.id), ...data };
  await tx.update(payments).set({ data: full }).where(eq(payments.id, inserted.id));
  return { ...inserted, data: full };
}

/** An unpaid attempt stays payable at its gateway this long. */
export const GATEWAY_EXPIRY_MINUTES = 15;

/**
 * Creates a started attempt at its gateway, outside any transaction, and returns what the payer
 * needs (redirect URL or QR string). A gateway that refuses marks the attempt failed (and what it
 * pays moves on as a failure would); a resumed payment is returned as it is.
 */
export async function reachGateway(ctx: AppContext, started: StartedAttempt) {
  if (started.resumed) return initiatedView(ctx, started.payment, true);

  const { payment, provider, input } = started;
  let created;
  try {
    created = await provider.create(input);
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: payment.id, provider: provider.name }, 'payment create failed');
    await settleAttempt(ctx, payment.id, 'failed', {
      error: error instanceof Error ? error.message : String(error),
    });
    return fail(MESSAGE.paymentFailed);
  }
  const data: PaymentData = {
    ...dataOf(payment),
    redirect_url: created.redirectUrl ?? null,
    qr_string: created.qrString ?? null,
    // Where the payer goes back to from a gateway whose redirect_uri is fixed (GrabPay's return route).
    return_url: input.returnUrl,
  };
  const [updated] = await ctx.db
    .update(payments)
    .set({
      // A gateway may already have notified (and moved the state on) before we get here.
      state: sql`case when ${payments.state} = 'initiated' then 'processing' else ${payments.state} end`,
      providerRef: created.providerRef,
      data,
      updatedAt: ctx.now(),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  return initiatedView(ctx, updated ?? payment, false);
}

async function moveFc(tx: DbOrTx, fc: FcRow, to: OrderPaymentState) {
  if (fc.paymentStatus === to || !canPaymentTransition(fc.paymentStatus as OrderPaymentState, to)) return;
  await tx.update(foodCourtOrders).set({ paymentStatus: to }).where(eq(foodCourtOrders.id, fc.id));
  fc.paymentStatus = to;
}

// ---------------------------------------------------------------------------------------------------
// Settling: webhooks, polling, failed creates
// ---------------------------------------------------------------------------------------------------

/**
 * Locks what a payment touches, in the one order used everywhere: food court, orders, payment; for a
 * table booking's token, the restaurant's booking lock, the booking, payment.
 */
async function lockPaymentScope(tx: DbOrTx, payment: PaymentRow) {
  const reservation = await lockBookingOfPayment(tx, payment);
  const fc = payment.fcOrderId
    ? ((
        await tx.select().from(foodCourtOrders).where(eq(foodCourtOrders.id, payment.fcOrderId)).for('update')
      )[0] ?? null)
    : null;
  const locked = await lockOrders(
    tx,
    allocationOf(payment).map((part) => part.order_id),
  );
  const [fresh] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
  return { fc, orders: locked, reservation, payment: fresh ?? payment };
}

/**
 * Applies a payment's new state (already known to be a forward move) to the payment, its orders and
 * food-court order, the cart lock and the live channel. A capture pays each order its part; a part
 * for an order already paid is refunded as a duplicate, a part for an ended order is refunded too.
 */
async function applyState(
  ctx: AppContext,
  tx: DbOrTx,
  locked: Awaited<ReturnType<typeof lockPaymentScope>>,
  to: PaymentState,
  providerRef: string | undefined,
) {
  const { payment, fc } = locked;
  const now = ctx.now();
  const [updated] = await tx
    .update(payments)
    .set({
      state: to,
      processingUntil: null,
      ...(providerRef && !payment.providerRef ? { providerRef } : {}),
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  const fresh = updated ?? payment;

  const others =
    locked.orders.length === 0 && !fc
      ? []
      : await tx
          .select()
          .from(payments)
          .where(
            and(
              inArray(payments.state, [...LIVE_STATES]),
              isNotNull(payments.processingUntil),
              sql`${payments.id} <> ${payment.id}`,
              or(
                inArray(
                  payments.orderId,
                  locked.orders.map((o) => o.id),
                ),
                fc ? eq(payments.fcOrderId, fc.id) : sql`false`,
              ),
            ),
          );
  const anotherLive = others.some((other) => lockOf(other, now).locked);

  for (const part of allocationOf(payment)) {
    const order = locked.orders.find((o) => o.id === part.order_id);
    if (!order) continue;
    if (to === 'success') {
      const stillOwed = Math.max(0, order.total - order.paidAmount);
      const paidAmount = order.paidAmount + part.amount;
      await moveOrderPayment(ctx, tx, order, paidAmount >= order.total ? 'paid' : 'partial_paid', {
        paidAmount,
      });
      const ended = endedReason(order.status);
      if (ended) {
        if (await startRefund(ctx, tx, { payment: fresh, order, amount: part.amount, reason: ended })) {
          await moveOrderPayment(ctx, tx, order, 'refund_initiated');
        }
      } else if (part.amount > stillOwed) {
        // Two tabs, two channels: the order was (partly) paid already; the extra goes back.
        await startRefund(ctx, tx, {
          payment: fresh,
          order,
          amount: part.amount - stillOwed,
          reason: 'duplicate_payment',
        });
      }
    } else if (!anotherLive) {
      await moveOrderPayment(ctx, tx, order, to === 'pending' ? 'pending' : 'failed');
    }
    if (!anotherLive || to === 'success') await setCartLock(tx, order, null);
    await publishPayment(ctx, tx, order, fresh);
  }
  if (locked.reservation) await settleReservationPayment(ctx, tx, locked.reservation, fresh, to);
  if (fc) {
    if (to === 'success') {
      const all = await tx.select().from(orders).where(eq(orders.fcOrderId, fc.id));
      const paid = all.every((o) => ENDED(o) || o.paidAmount >= o.total);
      await moveFc(tx, fc, paid ? 'paid' : 'partial_paid');
    } else if (!anotherLive) {
      await moveFc(tx, fc, to === 'pending' ? 'pending' : 'failed');
    }
  }
  return fresh;
}

/** Marks an attempt failed when its gateway could not even create it. */
async function settleAttempt(
  ctx: AppContext,
  paymentId: number,
  to: 'failed',
  data: Record<string, unknown>,
) {
  await ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) return;
    const locked = await lockPaymentScope(tx, payment);
    if (!canPaymentMove(locked.payment.state, to)) return;
    await tx
      .update(payments)
      .set({ data: { ...dataOf(locked.payment), ...data } })
      .where(eq(payments.id, paymentId));
    await applyState(ctx, tx, locked, to, undefined);
  });
}

export interface ProviderEvent extends Omit<VerifiedNotification, 'raw'> {
  raw: Record<string, unknown>;
}

/**
 * A capture the gateway reports for another amount than the payment's (a gateway error, a checkout
 * tampered with): the money it took is neither counted nor kept. The payment is marked
 * (`data.amount_mismatch`, shown as `captured_amount`), what was captured is refunded in full like a
 * duplicate capture (reason `amount_mismatch`), and an attempt not yet settled fails, so the order
 * stays owed at its own amount and can be paid again. A payment that had already succeeded at its
 * own amount is only marked and logged (a gateway captures one reference once).
 */
async function refundMismatchedCapture(
  ctx: AppContext,
  tx: DbOrTx,
  locked: Awaited<ReturnType<typeof lockPaymentScope>>,
  captured: number,
  providerRef: string | undefined,
) {
  const { payment } = locked;
  ctx.log.error(
    { provider: payment.provider, paymentId: payment.id, expected: payment.amount, captured },
    'captured amount differs from the payment: refunding the capture',
  );
  const data: PaymentData = { ...dataOf(payment), amount_mismatch: { expected: payment.amount, captured } };
  await tx
    .update(payments)
    .set({ data, ...(providerRef && !payment.providerRef ? { providerRef } : {}), updatedAt: ctx.now() })
    .where(eq(payments.id, payment.id));
  const marked: PaymentRow = { ...payment, data, providerRef: payment.providerRef ?? providerRef ?? null };
  if (payment.state !== 'success' && captured > 0) {
    const first = allocationOf(payment)[0];
    const order = locked.orders.find((o) => o.id === first?.order_id);
    const refund = { payment: marked, amount: captured, held: captured, reason: 'amount_mismatch' as const };
    if (order) await startRefund(ctx, tx, { ...refund, order });
    else if (locked.reservation) await startRefund(ctx, tx, { ...refund, reservation: locked.reservation });
  }
  if (canPaymentMove(payment.state, 'failed')) {
    await applyState(ctx, tx, { ...locked, payment: marked }, 'failed', providerRef);
  }
}

/**
 * One event from a gateway (a verified notification, or the answer of a status poll): recorded once
 * per (provider, event id), and applied only when it moves the payment forward. A success whose
 * amount differs from the payment is recorded and its capture refunded ({@link refundMismatchedCapture}).
 */
export async function applyProviderEvent(ctx: AppContext, provider: string, event: ProviderEvent) {
  const paymentId = paymentIdOf(event.reference);
  const [payment] = paymentId
    ? await ctx.db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.provider, provider)))
    : [];
  if (!payment || referenceOf(payment) !== event.reference) {
    ctx.log.warn({ provider, reference: event.reference }, 'notification for an unknown payment');
    return { received: true, duplicate: false, payment_id: null, changed: false };
  }
  const to = stateForProviderStatus(event.status);
  const mismatch = to === 'success' && event.amount !== undefined && event.amount !== payment.amount;
  return ctx.db.transaction(async (tx) => {
    const locked = await lockPaymentScope(tx, payment);
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        provider,
        eventId: event.eventId,
        paymentId: payment.id,
        status: event.status,
        payload: event.raw,
        receivedAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) {
      return { received: true, duplicate: true, payment_id: payment.id, changed: false };
    }
    if (mismatch) {
      await refundMismatchedCapture(ctx, tx, locked, event.amount ?? 0, event.providerRef);
      return { received: true, duplicate: false, payment_id: payment.id, changed: true };
    }
    if (!to || !canPaymentMove(locked.payment.state, to)) {
      // A late 'pending' after a success, a failure after a success: recorded, ignored.
      return { received: true, duplicate: false, payment_id: payment.id, changed: false };
    }
    await applyState(ctx, tx, locked, to, event.providerRef);
    ctx.log.info({ provider, paymentId: payment.id, from: locked.payment.state, to }, 'payment state');
    return { received: true, duplicate: false, payment_id: payment.id, changed: true };
  });
}

/** A gateway notification posted to our webhook route: verified by its provider, then applied. */
export async function receiveNotification(
  ctx: AppContext,
  providerName: string,
  notification: IncomingNotification,
) {
  const provider = ctx.payments.get(providerName);
  if (!provider) return fail(MESSAGE.notFound);
  const verified = provider.verifyNotification(notification);
  if (!verified) {
    ctx.log.warn({ provider: providerName }, 'notification refused: signature or shape');
    throw new ApiFailure(MESSAGE.invalidSignature, 401);
  }
  const { changed: _changed, ...reply } = await applyProviderEvent(ctx, providerName, verified);
  return reply;
}

// ---------------------------------------------------------------------------------------------------
// Status, detail, previous payment, history, unlock
// ---------------------------------------------------------------------------------------------------

export async function paymentStatus(ctx: AppContext, caller: Caller, paymentId: number) {
  const payment = await loadOwnedPayment(ctx.db, caller, paymentId);
  let orderPaymentStatus: string;
  if (payment.reservationId !== null) {
    orderPaymentStatus = await paymentStatusOfBooking(ctx.db, payment.reservationId);
  } else if (payment.fcOrderId !== null) {
    const [fc] = await ctx.db.select().from(foodCourtOrders).where(eq(foodCourtOrders.id, payment.fcOrderId));
    orderPaymentStatus = fc?.paymentStatus ?? 'unpaid';
  } else {
    const [order] = await ctx.db
      .select()
      .from(orders)
      .where(eq(orders.id, payment.orderId ?? -1));
    orderPaymentStatus = order?.paymentStatus ?? 'unpaid';
  }
  return {
    payment_id: payment.id,
    order_id: payment.orderId,
    fc_order_id: payment.fcOrderId,
    result: resultOf(payment.state),
    page_state: pageStateOf(payment.state),
    state: payment.state as PaymentState,
    order_payment_status: orderPaymentStatus,
    amount: payment.amount,
    currency: payment.currency as 'MYR' | 'IDR',
    lock: lockOf(payment, ctx.now()),
  };
}

export async function paymentDetail(ctx: AppContext, caller: Caller, paymentId: number) {
  const payment = await loadOwnedPayment(ctx.db, caller, paymentId);
  return (await paymentViews(ctx, ctx.db, [payment], caller))[0]!;
}

/** The latest payment of an order or food-court order: a returning diner sees a processing one. */
export async function previousPayment(
  ctx: AppContext,
  caller: Caller,
  target: { orderId?: number | undefined; fcOrderId?: number | undefined },
) {
  let rows: PaymentRow[];
  let status: string;
  let owed: number;
  if (target.orderId !== undefined) {
    const order = await loadOwnedOrder(ctx.db, caller, target.orderId);
    rows = await paymentsTouching(ctx.db, order);
    status = order.paymentStatus;
    owed = ENDED(order) ? 0 : owedBy(order);
  } else {
    const fc = await loadOwnedFc(ctx.db, caller, target.fcOrderId ?? -1);
    rows = await fcPayments(ctx.db, fc.id);
    status = fc.paymentStatus;
    const outlets = await ctx.db.select().from(orders).where(eq(orders.fcOrderId, fc.id));
    owed = outlets.filter((o) => !ENDED(o)).reduce((sum, o) => sum + owedBy(o), 0);
  }
  const now = ctx.now();
  const live = liveOf(rows, now);
  const latest = live ?? rows[0];
  return {
    order_payment_status: status,
    payment: latest ? (await paymentViews(ctx, ctx.db, [latest], caller))[0]! : null,
    processing: live !== undefined,
    can_pay: live === undefined && owed > 0,
  };
}

export async function orderPaymentHistory(ctx: AppContext, caller: Caller, orderId: number) {
  const order = await loadOwnedOrder(ctx.db, caller, orderId);
  const rows = await paymentsTouching(ctx.db, order);
  const views = await paymentViews(ctx, ctx.db, rows, caller);
  return {
    order_id: order.id,
    payment_status: order.paymentStatus,
    total: order.total,
    paid_amount: order.paidAmount,
    refunded_amount: order.refundedAmount,
    currency: order.currency as 'MYR' | 'IDR',
    payments: views,
    refunds: views.flatMap((view) => view.refunds).filter((refund) => refund.order_id === order.id),
  };
}

/**
 * Releases the processing lock of a payment started 30 s ago or more (spec §4), so the diner may try
 * another method. The attempt itself may still complete at its gateway; a second capture is refunded.
 */
export async function unlockPayment(ctx: AppContext, caller: Caller, paymentId: number) {
  const owned = await loadOwnedPayment(ctx.db, caller, paymentId);
  await ctx.db.transaction(async (tx) => {
    const locked = await lockPaymentScope(tx, owned);
    const lock = lockOf(locked.payment, ctx.now());
    if (!lock.locked) return;
    if (!lock.can_unlock) {
      fail(MESSAGE.paymentUnlockTooEarly, {
        seconds: paymentLock(locked.payment.createdAt, ctx.now()).secondsToUnlock,
      });
    }
    await tx
      .update(payments)
      .set({ processingUntil: ctx.now(), updatedAt: ctx.now() })
      .where(eq(payments.id, owned.id));
    for (const order of locked.orders) {
      await setCartLock(tx, order, null);
      await publishPayment(ctx, tx, order, locked.payment, { unlocked: true });
    }
  });
  return paymentDetail(ctx, caller, paymentId);
}

// ---------------------------------------------------------------------------------------------------
// direct_payment.php (staff)
// ---------------------------------------------------------------------------------------------------

/** Who may take money at the counter: the manager and the front of house. */
const COUNTER_ROLES = ['manager', 'server'];

/**
 * Staff record a cash or card-at-counter payment of a pay-later or 'Cash kiosk' order of their own
 * restaurant (another restaurant's order is 404). The amount is what the order still owes.
 */
export async function directPayment(
  ctx: AppContext,
  caller: Caller,
  input: { order_id: number; method: 'Cash' | 'Card'; amount?: number | undefined },
) {
  const member: CallerStaff = caller.staff ?? fail(MESSAGE.invalidToken);
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.order_id), eq(orders.restaurantId, member.restaurantId)))
      .for('update');
    if (!order) return fail(MESSAGE.notFound);
    if (!COUNTER_ROLES.includes(member.role)) fail(MESSAGE.forbidden);
    if (order.paymentMode !== 'pay_later' && order.paymentMode !== 'cash_kiosk')
      fail(MESSAGE.paymentNotAtCounter);
    if (ENDED(order)) fail(MESSAGE.orderNotPayable);
    const amount = owedBy(order);
    if (amount <= 0) return fail(MESSAGE.paymentAlreadyPaid);
    if (input.amount !== undefined && input.amount !== amount) fail(MESSAGE.paymentAmountMismatch);
    const now = ctx.now();
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        userId: order.userId,
        cartToken: order.cartToken,
        purpose: 'order',
        provider: COUNTER_PROVIDER,
        method: input.method,
        amount,
        currency: order.currency,
        state: 'success',
        data: {
          reference: `COUNTER-${order.id}-${now.getTime()}`,
          allocation: [{ order_id: order.id, amount }],
          recorded_by: member.username,
        },
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!payment) return fail(MESSAGE.somethingWentWrong);
    await moveOrderPayment(ctx, tx, order, 'paid', { paidAmount: order.paidAmount + amount });
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: 'payment',
      fromStatus: order.status,
      toStatus: order.status,
      actor: `staff:${member.username}`,
      data: { payment_id: payment.id, method: input.method, amount },
      createdAt: now,
    });
    await publishPayment(ctx, tx, order, payment);
    return {
      payment_id: payment.id,
      order_id: order.id,
      amount,
      currency: order.currency as 'MYR' | 'IDR',
      payment_status: order.paymentStatus,
    };
  });
}
