/**
 * What the simulated diners of a chaos run do, all through the proxy: diners at a table (table QR,
 * cart, order, pay online or later, add more items, cancel), food-court diners (one cart across two
 * outlets, one payment), and a counter kiosk flushing its offline outbox (each queued order sent with
 * the key it was given when taken, some sent twice). Each records what it was told, for the audit
 * (invariants.ts). The gateway's side is gateway.ts, the staff's staff.ts.
 */
import { randomUUID } from 'node:crypto';
import { cart, kiosk, orders, payments as paymentsApi, restaurants } from '@santap/contract';
import { DEMO, DEMO_KIOSK } from '@santap/api/testing';
import { CART_UNLOCK_AFTER_SECONDS } from '@santap/domain';
import { StatusPage, clientFor } from './browser';
import type { Client } from './browser';
import { payOnHostedPage } from './gateway';
import type { AddMoreRecord, DinerRecord, KioskRecord } from './invariants';
import { Refused, retrying, sleep } from './run';
import type { Run } from './run';

export function newDiner(run: Run, client: Client): DinerRecord {
  const diner: DinerRecord = {
    cartToken: client.cartToken,
    idempotencyKey: randomUUID(),
    acknowledgedOrderIds: undefined,
    pageStatus: {},
  };
  run.diners.push(diner);
  return diner;
}

/** The create was answered: the diner opens a status page for each order it named. */
export function acknowledge(run: Run, diner: DinerRecord, client: Client, orderIds: number[]) {
  diner.acknowledgedOrderIds = orderIds;
  for (const orderId of orderIds) {
    const page = new StatusPage(run, client, orderId);
    page.open();
    run.placed.push({ diner, orderId, page });
  }
}

async function plainItems(client: Client, restaurantId: string | number) {
  const menu = await retrying('menu', () =>
    client.call(restaurants.menu, { query: { restaurant_id: String(restaurantId) } }),
  );
  return menu.items.filter(
    (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
  );
}

export async function addDishes(
  run: Run,
  client: Client,
  scope: string,
  restaurantId: string | number,
  dishes: number,
) {
  const plain = await plainItems(client, restaurantId);
  for (let i = 0; i < dishes; i++) {
    const item = plain[Math.floor(run.random() * plain.length)]!;
    await retrying('cart update', () =>
      client.call(cart.cartUpdate, {
        body: { scope, item_id: item.id, quantity: 1 + Math.floor(run.random() * 2) },
      }),
    );
  }
}

/** Where a dine-in order goes: the restaurant's cart scope, its id, the table. */
export interface Place {
  scope: string;
  restaurantId: number;
  tableId: number;
}

/** kopitiam-ali's table T3, where the table journeys sit. */
const T3: Place = { scope: 'kopitiam-ali', restaurantId: DEMO.kopitiamAli, tableId: 5003 };

/**
 * A diner at kopitiam-ali's table T3: scan, one or two dishes, dine-in, an order with an
 * Idempotency-Key retried until answered, an open status page; then half pay online on the hosted
 * page, half pay later, and of those some add a second batch to the running order; one in eight
 * cancels before the kitchen confirms.
 */
export async function tableJourney(run: Run): Promise<void> {
  const { random, counters } = run;
  counters.journeys++;
  const client = clientFor(run.baseUrl);
  const diner = newDiner(run, client);
  try {
    await retrying('table QR', () =>
      client.call(restaurants.restaurantTable, {
        params: { restaurantId: T3.restaurantId, tableId: T3.tableId },
        query: {},
      }),
    );
    await addDishes(run, client, T3.scope, T3.scope, 1 + Math.floor(random() * 2));
    await retrying('cart details', () =>
      client.call(cart.cartDetails, {
        body: { scope: T3.scope, context: { orderType: 1, tableId: T3.tableId } },
      }),
    );
    const online = random() < 0.5;
    // The create is retried with the same Idempotency-Key until the diner has an answer.
    const order = await retrying('order create', () =>
      client.call(
        orders.orderCreate,
        { body: { scope: T3.scope, payment_mode: online ? 'online' : 'pay_later' } },
        { idempotencyKey: diner.idempotencyKey },
      ),
    );
    acknowledge(run, diner, client, order.order_ids);
    if (online) {
      const initiate = () =>
        retrying('payment initiate', () =>
          client.call(paymentsApi.paymentInitiate, {
            body: { order_id: order.order_id, method: 'Wallet', channel: 'grab_pay_app' },
          }),
        );
      const payment = await initiate();
      if (random() < TWO_TABS) await payInTwoTabs(run, client, order.order_id, payment, initiate);
      else await payOnHostedPage(run, payment, { orderId: order.order_id });
    } else counters.payLater++;
    const roll = random();
    if (roll < 0.12) await dinerCancels(run, client, order.order_id);
    else if (!online && roll < 0.6) await addMore(run, client, order.order_id, T3);
  } catch (error) {
    if (diner.acknowledgedOrderIds === undefined || !(error instanceof Refused)) {
      counters.gaveUp++;
      run.failures.push((error as Error).message);
    }
  }
}

/**
 * The online table payers who pay in two tabs: one in four, since about half of the first tabs die
 * with their instance's simulator during the 30 s wait (README).
 */
const TWO_TABS = 1 / 4;

/** A payment started by the initiate call: what the hosted page needs. */
type Started = Parameters<typeof payOnHostedPage>[1];

/**
 * The product's double capture (spec §4: the cart may be unlocked 30 s into a payment, "the payment
 * itself may still complete at the gateway"): the diner leaves the first tab on the gateway's page,
 * unlocks after 30 s, starts a second payment of the same order in another tab, pays it, and then
 * completes the first tab too (in either order). Both are captured; the product must refund the
 * later one as a duplicate (apps/api notifications.ts; the audit's "no order paid twice without an
 * automatic refund of the duplicate"). When the unlock is refused, so that the second initiate
 * resumes the first payment, or the second initiate is refused, the diner pays the first tab only.
 */
async function payInTwoTabs(
  run: Run,
  client: Client,
  order: number,
  first: Started,
  initiate: () => Promise<Started>,
) {
  const orderId = { orderId: order };
  run.counters.twoTabs++;
  await sleep((CART_UNLOCK_AFTER_SECONDS + 1) * 1000 + run.random() * 2000);
  try {
    await retrying('payment unlock', () =>
      client.call(paymentsApi.paymentUnlock, { body: { payment_id: first.payment_id } }),
    );
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
  }
  let second: Started;
  try {
    second = await initiate();
  } catch (error) {
    // Refused: the order is paid or has ended; the first tab is still there to complete.
    if (!(error instanceof Refused)) throw error;
    await payOnHostedPage(run, first, orderId);
    return;
  }
  if (second.payment_id === first.payment_id) {
    await payOnHostedPage(run, first, orderId);
    return;
  }
  const [a, b] = run.random() < 0.5 ? [second, first] : [first, second];
  const paid = [await payOnHostedPage(run, a, orderId), await payOnHostedPage(run, b, orderId)];
  if (paid.every(Boolean)) run.counters.paidTwice++;
}

/** The diner cancels at once (allowed until the merchant accepts; refused with words after). */
async function dinerCancels(run: Run, client: Client, orderId: number) {
  try {
    await retrying('cancel', () => client.call(orders.orderCancel, { body: { order_id: orderId } }));
    run.counters.cancelledByDiner++;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
  }
}

/**
 * 'Add more items': a moment later the diner puts one or two more dishes in the cart and sends them
 * to the running order at `place` (a new Idempotency-Key, retried until answered). Refused with words
 * when the order has moved on (completed, cancelled): then nothing was added, unless an earlier try
 * went unanswered.
 */
export async function addMore(run: Run, client: Client, orderId: number, place: Place) {
  await sleep(run.random() * 2000);
  const record: AddMoreRecord = { orderId, acknowledgedBatch: undefined, unanswered: false };
  run.addMores.push(record);
  try {
    await addDishes(run, client, place.scope, place.scope, 1 + Math.floor(run.random() * 2));
    await retrying('cart details', () =>
      client.call(cart.cartDetails, {
        body: { scope: place.scope, context: { orderType: 1, tableId: place.tableId } },
      }),
    );
    const key = randomUUID();
    const added = await retrying('add more', () =>
      client.call(
        orders.orderCreate,
        { body: { scope: place.scope, payment_mode: 'pay_later', add_to_order_id: orderId } },
        { idempotencyKey: key },
      ),
    );
    record.acknowledgedBatch = added.batch;
    run.counters.addMore++;
  } catch (error) {
    if (error instanceof Refused) {
      record.unanswered = error.afterUnanswered;
      run.counters.addMoreRefused++;
      const words = error.message.replace(/^add more: /, '');
      run.addMoreRefusals[words] = (run.addMoreRefusals[words] ?? 0) + 1;
    } else {
      record.unanswered = true;
      throw error;
    }
  }
}

/**
 * A food-court diner at mall-demo: one dish from each of two outlets in one cart, pickup, one create
 * (one order per outlet, one food-court order), one payment for both on the hosted page.
 */
export async function foodCourtJourney(run: Run): Promise<void> {
  const { counters } = run;
  counters.journeys++;
  counters.foodCourt++;
  const client = clientFor(run.baseUrl);
  const diner = newDiner(run, client);
  try {
    for (const outlet of [DEMO.mall.nasiLemak, DEMO.mall.rotiCanai]) {
      await addDishes(run, client, DEMO.mall.slug, outlet, 1);
    }
    await retrying('cart details', () =>
      client.call(cart.cartDetails, {
        body: { scope: DEMO.mall.slug, context: { orderType: 3, pickupType: 'pickup' } },
      }),
    );
    const order = await retrying('food-court create', () =>
      client.call(
        orders.foodCourtOrderCreate,
        { body: { scope: DEMO.mall.slug, payment_mode: 'online' } },
        { idempotencyKey: diner.idempotencyKey },
      ),
    );
    acknowledge(run, diner, client, order.order_ids);
    const payment = await retrying('food-court payment', () =>
      client.call(paymentsApi.paymentInitiateFoodCourt, {
        body: { fc_order_id: order.fc_order_id!, method: 'Wallet', channel: 'grab_pay_app' },
      }),
    );
    await payOnHostedPage(run, payment, { orderId: undefined, fcOrderId: order.fc_order_id! });
  } catch (error) {
    counters.gaveUp++;
    run.failures.push((error as Error).message);
  }
}

export const KIOSK = DEMO_KIOSK.kopitiamAli;

/**
 * kopitiam-ali's counter kiosk back online: its outbox holds one to three orders taken offline in
 * the last ten minutes, each with the Idempotency-Key made when it was taken. It sends them in turn,
 * each retried until answered; one in three is sent again after its answer (the kiosk lost the
 * reply: closed, reloaded), which must answer the same order.
 */
export async function kioskJourney(run: Run): Promise<void> {
  const { random, counters } = run;
  counters.journeys++;
  const device = clientFor(run.baseUrl, undefined, {
    [kiosk.KIOSK_DEVICE_HEADER]: KIOSK.id,
    [kiosk.KIOSK_SECRET_HEADER]: KIOSK.secret,
  });
  const items = DEMO.items.kopitiamAli;
  const queued = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
    record: { key: randomUUID(), replies: [] } as KioskRecord,
    body: {
      order_type: random() < 0.5 ? (1 as const) : (3 as const),
      payment: 'cash_kiosk' as const,
      items: [
        { item_id: items.nasiLemak, quantity: 1 + Math.floor(random() * 2) },
        ...(random() < 0.5 ? [{ item_id: items.rotiCanai, quantity: 1 }] : []),
      ],
      taken_epoch: Math.floor(run.now().getTime() / 1000) - Math.floor(random() * 600),
    },
    again: random() < 0.33,
  }));
  for (const { record, body, again } of queued) {
    run.kioskRecords.push(record);
    try {
      for (let send = 0; send < (again ? 2 : 1); send++) {
        const reply = await retrying('kiosk order', () =>
          device.call(kiosk.kioskOrderCreate, { body }, { idempotencyKey: record.key }),
        );
        record.replies.push(reply.order_ids);
        if (send === 0) counters.kioskOrders++;
        else counters.kioskReplays++;
      }
    } catch (error) {
      counters.gaveUp++;
      run.failures.push((error as Error).message);
    }
  }
}
