/**
 * WhatsApp order updates (README, Messaging: order updates): a diner who agreed (`users.
 * whatsapp_updates_since`, off by default) gets a utility template when an order is confirmed,
 * declined (with the refund words), ready, and when a booking is confirmed or due the next day.
 *
 * An outbox: the message is a `message_deliveries` row (`queued`) written in the transaction that
 * changes the order, so it exists exactly when the change commits, once per event (`topic` is unique:
 * `order:42:confirmed`). It is sent after the commit by {@link sendQueuedUpdates}, woken by a live event
 * on every instance; a claim (`queued` -> `sending` in one statement, `FOR UPDATE SKIP LOCKED`) lets one
 * instance send it. A refusal the provider may get over (down, throttling) is retried with backoff; a
 * send whose outcome is unknown (time-out) or a claim whose process died is marked failed, never sent
 * again, so a diner never gets the same update twice. Nothing here can fail the order's change: the
 * send runs outside its transaction and logs what goes wrong.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { ORDER_STATUS, formatMoney } from '@santap/domain';
import type { Language, OrderStatus } from '@santap/domain';
import { createTranslator, isSupportedLanguage } from '@santap/i18n';
import type { DbOrTx } from '../../../db/client';
import { messageDeliveries, reservations, restaurants, users } from '../../../db/schema';
import type { QueuedTemplate } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { OrderRow } from '../../model/orders';
import type { ReservationRow } from '../../model/reservations';
import { pick } from '../../model/restaurants';
import type { TemplateMessage } from '../../adapters/messaging/whatsapp/whatsapp-cloud';
import { queuedTemplateOf } from '../../model/message-deliveries';

/** The updates a diner can get; the template is `{WHATSAPP_TEMPLATE_PREFIX}{kind}` (README). */
export const ORDER_UPDATE_KINDS = [
  'order_confirmed',
  'order_declined',
  'order_ready',
  'booking_confirmed',
  'booking_reminder',
] as const;
export type OrderUpdateKind = (typeof ORDER_UPDATE_KINDS)[number];

/** The live topic that wakes the sender on every instance when an update commits. */
export const ORDER_UPDATES_TOPIC = 'messages:order_updates';

/** Attempts before an update the provider keeps refusing is given up. */
export const MAX_UPDATE_ATTEMPTS = 5;
/** A claim older than this belongs to a process that died mid-send: failed, never sent again. */
export const STALE_CLAIM_MINUTES = 10;
/** Updates sent per run, so one run never holds the loop for long. */
const SEND_BATCH = 50;
/** How often the sweep runs outside tests (retries due, booking reminders due). */
export const ORDER_UPDATES_INTERVAL_SECONDS = 30;

/** Wait before attempt `n + 1` after `n` refused ones: 30 s, 2 min, 8 min, 32 min. */
export function updateBackoffSeconds(attempts: number): number {
  return 30 * 4 ** Math.max(0, attempts - 1);
}

/** The update an order's new status sends, or null (most moves send nothing). */
export function orderUpdateKind(to: OrderStatus): OrderUpdateKind | null {
  if (to === ORDER_STATUS.CONFIRMED || to === ORDER_STATUS.SCHEDULED_ACCEPTED) return 'order_confirmed';
  if (to === ORDER_STATUS.DECLINED) return 'order_declined';
  if (to === ORDER_STATUS.READY) return 'order_ready';
  return null;
}

/** The reminder is due from a day before the booking until two hours before it. */
const REMINDER_FROM_HOURS = 24;
const REMINDER_UNTIL_HOURS = 2;

/**
 * Queues one update for `userId` in the caller's transaction, if WhatsApp is configured and the diner
 * agreed and has a number; `body` builds the template's parameters in the diner's language. A second
 * queue of the same `topic` does nothing.
 */
async function queueUpdate(
  ctx: AppContext,
  tx: DbOrTx,
  input: {
    userId: number | null;
    kind: OrderUpdateKind;
    topic: string;
    body: (t: ReturnType<typeof createTranslator>, lang: Language) => Promise<string[]>;
  },
) {
  const whatsapp = ctx.messaging.config.whatsapp;
  if (!whatsapp || !ctx.messaging.whatsapp || input.userId === null) return;
  const [user] = await tx
    .select({ phone: users.phone, language: users.language, since: users.whatsappUpdatesSince })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user?.phone || !user.since) return;
  const lang: Language = isSupportedLanguage(user.language) ? user.language : 'en';
  const now = ctx.now();
  const payload: QueuedTemplate = {
    template: `${whatsapp.templatePrefix}${input.kind}`,
    lang,
    body: await input.body(createTranslator(lang), lang),
  };
  const inserted = await tx
    .insert(messageDeliveries)
    .values({
      purpose: 'order_update',
      channel: 'whatsapp',
      provider: 'whatsapp_cloud',
      recipient: user.phone,
      userId: input.userId,
      topic: input.topic,
      payload,
      status: 'queued',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: messageDeliveries.topic })
    .returning({ id: messageDeliveries.id });
  if (inserted.length > 0)
    await ctx.events.publish(tx, {
      topics: [ORDER_UPDATES_TOPIC],
      type: 'message.queued',
      data: { delivery_id: inserted[0]!.id },
    });
}

const base = (ctx: AppContext) => ctx.config.publicUrl.replace(/\/$/, '');

async function restaurantName(tx: DbOrTx, restaurantId: number, lang: Language) {
  const [row] = await tx
    .select({ name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row ? pick(row.name, lang) : '';
}

/**
 * Hook of `transitionOrder`, in its transaction: the update of the order's new status, to its diner.
 * A declined order's message says what happens to the money (the spec's refund wording, `refund.bank`).
 * Parameters: restaurant, order number, (declined: the money's words,) the order page's link.
 */
export async function queueOrderUpdate(ctx: AppContext, tx: DbOrTx, order: OrderRow, to: OrderStatus) {
  const kind = orderUpdateKind(to);
  if (!kind) return;
  await queueUpdate(ctx, tx, {
    userId: order.userId,
    kind,
    topic: `order:${order.id}:${kind}`,
    body: async (t, lang) => [
      await restaurantName(tx, order.restaurantId, lang),
      `#${order.id}`,
      ...(kind === 'order_declined'
        ? [
            order.paidAmount > 0
              ? t('message.orderRefund', {
                  amount: formatMoney(order.paidAmount, order.currency as 'MYR' | 'IDR', lang),
                  days: t('refund.bank'),
                })
              : t('message.orderNotCharged'),
          ]
        : []),
      `${base(ctx)}/orderstatus/order_id/${order.id}`,
    ],
  });
}

/**
 * A booking's update (confirmed, or the reminder a day before), in the caller's transaction. The
 * topic carries the booking's start, so a booking moved to another time is confirmed and reminded
 * again, and never twice for the same time.
 */
export async function queueBookingUpdate(
  ctx: AppContext,
  tx: DbOrTx,
  booking: ReservationRow,
  kind: 'booking_confirmed' | 'booking_reminder',
) {
  await queueUpdate(ctx, tx, {
    userId: booking.userId,
    kind,
    topic: `booking:${booking.id}:${kind}:${Math.floor(booking.startsAt.getTime() / 1000)}`,
    body: async (_t, lang) => [
      await restaurantName(tx, booking.restaurantId, lang),
      `${booking.date} ${booking.slot}`,
      String(booking.guests),
      `${base(ctx)}/table-booking/${booking.id}`,
    ],
  });
}

/**
 * Queues the reminders now due: confirmed bookings starting within a day (and more than two hours
 * away) that were made more than a day ahead (a booking for tonight got its confirmation just now).
 */
export async function queueBookingReminders(ctx: AppContext): Promise<number> {
  if (!ctx.messaging.config.whatsapp) return 0;
  const now = ctx.now();
  const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
  // Only diners who agreed, and bookings not reminded yet: what was done never fills the batch.
  const due = await ctx.db
    .select({ booking: reservations })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(
      and(
        eq(reservations.state, 'confirmed'),
        lte(reservations.startsAt, hours(REMINDER_FROM_HOURS)),
        gte(reservations.startsAt, hours(REMINDER_UNTIL_HOURS)),
        lt(reservations.createdAt, sql`${reservations.startsAt} - interval '24 hours'`),
        isNotNull(users.whatsappUpdatesSince),
        isNotNull(users.phone),
        sql`not exists (select 1 from ${messageDeliveries} where ${messageDeliveries.topic} =
          'booking:' || ${reservations.id} || ':booking_reminder:' ||
          floor(extract(epoch from ${reservations.startsAt}))::bigint)`,
      ),
    )
    .orderBy(asc(reservations.startsAt))
    .limit(SEND_BATCH);
  for (const { booking } of due) {
    await ctx.db.transaction((tx) => queueBookingUpdate(ctx, tx, booking, 'booking_reminder'));
  }
  return due.length;
}

/**
 * An opt-out (account toggle, or STOP replied on WhatsApp): the agreement is cleared and what was
 * queued for the diner and not sent yet is dropped (`failed`, `opted_out`).
 */
export async function optOutOfUpdates(ctx: AppContext, tx: DbOrTx, userId: number) {
  const now = ctx.now();
  await tx.update(users).set({ whatsappUpdatesSince: null }).where(eq(users.id, userId));
  await tx
    .update(messageDeliveries)
    .set({ status: 'failed', errorCode: 'opted_out', nextAttemptAt: null, updatedAt: now })
    .where(
      and(
        eq(messageDeliveries.userId, userId),
        eq(messageDeliveries.purpose, 'order_update'),
        eq(messageDeliveries.status, 'queued'),
      ),
    );
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends the queued updates that are due, each claimed by one instance first. Answers what happened;
 * never throws for a provider's refusal (logged, kept on the row).
 */
export async function sendQueuedUpdates(ctx: AppContext): Promise<SendReport> {
  const report: SendReport = { sent: 0, retrying: 0, failed: 0 };
  const whatsapp = ctx.messaging.whatsapp;
  if (!whatsapp) return report;
  const now = ctx.now();
  // A claim left by a process that died mid-send: the message may have gone, so it is not sent again.
  await ctx.db
    .update(messageDeliveries)
    .set({ status: 'failed', errorCode: 'interrupted', nextAttemptAt: null, updatedAt: now })
    .where(
      and(
        eq(messageDeliveries.purpose, 'order_update'),
        eq(messageDeliveries.status, 'sending'),
        lt(messageDeliveries.updatedAt, new Date(now.getTime() - STALE_CLAIM_MINUTES * 60_000)),
      ),
    );
  const due = ctx.db
    .select({ id: messageDeliveries.id })
    .from(messageDeliveries)
    .where(
      and(
        eq(messageDeliveries.purpose, 'order_update'),
        eq(messageDeliveries.status, 'queued'),
        or(isNull(messageDeliveries.nextAttemptAt), lte(messageDeliveries.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(messageDeliveries.id))
    .limit(SEND_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await ctx.db
    .update(messageDeliveries)
    .set({ status: 'sending', attempts: sql`${messageDeliveries.attempts} + 1`, updatedAt: now })
    .where(and(inArray(messageDeliveries.id, due), eq(messageDeliveries.status, 'queued')))
    .returning();

  for (const row of claimed) {
    const payload = queuedTemplateOf(row.payload);
    const [agreed] =
      row.userId === null
        ? []
        : await ctx.db
            .select({ since: users.whatsappUpdatesSince })
            .from(users)
            .where(eq(users.id, row.userId));
    const finish = (set: Partial<typeof messageDeliveries.$inferInsert>) =>
      ctx.db
        .update(messageDeliveries)
        .set({ ...set, updatedAt: ctx.now() })
        .where(eq(messageDeliveries.id, row.id));
    if (!agreed?.since) {
      await finish({ status: 'failed', errorCode: 'opted_out', nextAttemptAt: null });
      report.failed++;
      continue;
    }
    // Not a template (written by hand or by other code): sending it would only be refused by Meta.
    if (!payload) {
      await finish({ status: 'failed', errorCode: 'malformed_payload', nextAttemptAt: null });
      ctx.log.warn(
        { deliveryId: row.id, topic: row.topic },
        'order update not sent: payload is not a template',
      );
      report.failed++;
      continue;
    }
    const message: TemplateMessage = {
      to: row.recipient,
      name: payload.template,
      lang: payload.lang,
      bodyParameters: payload.body,
    };
    const outcome = await whatsapp.sendTemplate(message);
    const log = {
      deliveryId: row.id,
      topic: row.topic,
      attempt: row.attempts,
      to: `…${row.recipient.slice(-4)}`,
    };
    if (outcome.ok) {
      await finish({
        status: 'sent',
        providerMessageId: outcome.messageId,
        errorCode: null,
        nextAttemptAt: null,
      });
      ctx.log.info({ ...log, messageId: outcome.messageId }, 'order update handed to WhatsApp');
      report.sent++;
      continue;
    }
    // A time-out may have reached Meta: sending again could deliver it twice, so it is not retried.
    const unknown = outcome.code === 'network' && /no answer/.test(outcome.detail);
    const retry = outcome.reason === 'unavailable' && !unknown && row.attempts < MAX_UPDATE_ATTEMPTS;
    await finish(
      retry
        ? {
            status: 'queued',
            errorCode: outcome.code,
            nextAttemptAt: new Date(ctx.now().getTime() + updateBackoffSeconds(row.attempts) * 1000),
          }
        : { status: 'failed', errorCode: unknown ? 'timeout' : outcome.code, nextAttemptAt: null },
    );
    ctx.log.warn(
      { ...log, reason: outcome.reason, code: outcome.code, detail: outcome.detail, retry },
      'order update refused',
    );
    if (retry) report.retrying++;
    else report.failed++;
  }
  return report;
}

/**
 * Runs the sender when an update commits (on every instance; the claim keeps it to one) and, outside
 * tests, every {@link ORDER_UPDATES_INTERVAL_SECONDS}: retries that came due and booking reminders.
 * One run at a time per instance; a run asked for meanwhile runs right after. Returns the stop
 * function, which waits for a run in flight.
 */
export function startOrderUpdateWorker(ctx: AppContext, options: { sweep: boolean }): () => Promise<void> {
  if (!ctx.messaging.whatsapp) return async () => undefined;
  let running: Promise<void> | null = null;
  let again = false;
  const run = (withReminders: boolean) => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        if (withReminders) await queueBookingReminders(ctx);
        do {
          again = false;
          await sendQueuedUpdates(ctx);
        } while (again);
      } catch (error) {
        ctx.log.error({ err: error }, 'order update worker failed');
      } finally {
        running = null;
      }
    })();
  };
  const unsubscribe = ctx.events.subscribe(ORDER_UPDATES_TOPIC, () => run(false));
  const timer = options.sweep
    ? setInterval(() => run(true), ORDER_UPDATES_INTERVAL_SECONDS * 1000)
    : undefined;
  timer?.unref();
  return async () => {
    unsubscribe();
    if (timer) clearInterval(timer);
    await running;
  };
}
