/**
 * Payments area: initiating a payment (spec §4, §7). Amounts come from the orders in the database,
 * never from the client; one live attempt per order (the rows are locked FOR UPDATE and a payment
 * still processing is returned instead of a second checkout); the gateway is called outside any
 * transaction, after the attempt is committed as `initiated`.
 */
import { eq, sql } from 'drizzle-orm';
import { MESSAGE, ORDER_TYPE, TAB_MESSAGE, paymentLockEnds } from '@santap/domain';
import type { DbOrTx } from '../../../db/client';
import { malls, orders, payments, restaurants, users } from '../../../db/schema';
import type { RestaurantSettings } from '../../../db/settings';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { loadOwnedOrder } from '../../model/orders';
import { TAB_SHARE_PURPOSE, shareUnderWayOn } from '../../model/tab-shares';
import {
  dataOf,
  lockOrders,
  moveOrderPayment,
  newReference,
  owedBy,
  publishPayment,
  referenceOf,
  setCartLock,
} from './model';
import type { Allocation, OrderRow, PaymentData, PaymentRow } from './model';
import type { CreatePaymentInput, PaymentProvider } from '../../adapters/payments/provider';
import { checkTablePayment } from './table-orders';

import { gatewayUrls, offeredProvider } from './methods';
import { settleAttempt } from './notifications';
import type { FcRow } from './model';
import { ENDED, liveOf, loadOwnedFc, parseSettings, paymentsOfFcScope, paymentsTouching } from './ownership';
import { initiatedView } from './status';
import { moveFc } from './model';

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

/**
 * An attempt committed as `initiated` and what its gateway needs, or a payment already processing
 * for the same thing (`resumed`: no second checkout).
 */
export type StartedAttempt =
  | { resumed: true; payment: PaymentRow }
  | { resumed: false; payment: PaymentRow; provider: PaymentProvider; input: CreatePaymentInput };

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
    // A tab share's payment is its payer's, never another diner's checkout of the order to resume.
    const live = liveOf(
      existing.filter((payment) => payment.purpose !== TAB_SHARE_PURPOSE),
      now,
    );
    if (live) return { resumed: true as const, payment: live };
    const onTabs = scope.orders.filter((order) => order.tabId !== null).map((order) => order.id);
    if (await shareUnderWayOn(tx, onTabs, now)) return fail(TAB_MESSAGE.beingPaid);

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
        customer: await payerOf(tx, caller),
        merchantContact: scope.settings.contact,
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

/** The diner's own name, email and phone as their account has them (none for a guest). */
export async function payerOf(tx: DbOrTx, caller: Caller): Promise<CreatePaymentInput['customer']> {
  if (!caller.user) return undefined;
  const [user] = await tx
    .select({ name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, caller.user.id));
  if (!user) return undefined;
  return {
    ...(user.name ? { name: user.name } : {}),
    ...(user.email ? { email: user.email } : {}),
    ...(user.phone ? { phone: user.phone } : {}),
  };
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
