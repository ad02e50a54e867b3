/**
 * What the simulated people of a chaos run do, all through the proxy: diners at a table (table QR,
 * cart, order, pay online or later, add more items, cancel), food-court diners (one cart across two
 * outlets, one payment), a counter kiosk flushing its offline outbox (each queued order sent with the
 * key it was given when taken, some sent twice), the gateway's own late and doubled notifications,
 * and the staff of each restaurant moving every order to its end, cancelling a few and refunding part
 * of some completed paid ones. Each records what it was told, for the audit (invariants.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import WebSocket from 'ws';
import { createApiClient } from '@santap/api-client';
import type { ApiClient } from '@santap/api-client';
import { createCartToken } from '@santap/domain';
import { cart, kiosk, orders, payments as paymentsApi, restaurants, staff } from '@santap/contract';
import {
  DEMO,
  DEMO_KIOSK,
  DEMO_STAFF_PASSWORD,
  DEV_SIMULATOR_KEY,
  signSimulatorBody,
} from '@santap/api/testing';
import type { AddMoreRecord, Capture, DinerRecord, KioskRecord } from './invariants';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The run's shared state: where to reach the system, its seeded randomness, and what everyone saw. */
export interface Run {
  baseUrl: string;
  wsUrl: string;
  /** The instances' own ports (the simulator's hosted page lives on the one that made the payment). */
  instancePorts: () => number[];
  random: () => number;
  /** The instances' clock (shifted to a time the demo restaurants are open). */
  now: () => Date;
  /** The harness's own database connections (left alone by the faults). */
  lookups: Pool;
  diners: DinerRecord[];
  addMores: AddMoreRecord[];
  kioskRecords: KioskRecord[];
  placed: Placed[];
  captures: Capture[];
  failures: string[];
  notifications: Promise<void>[];
  counters: {
    journeys: number;
    gaveUp: number;
    paidOnline: number;
    payLater: number;
    paymentLost: number;
    addMore: number;
    addMoreRefused: number;
    cancelledByDiner: number;
    foodCourt: number;
    kioskOrders: number;
    kioskReplays: number;
    staffRefunds: number;
  };
  gateway: { sent: number; retried: number; undelivered: number };
}

const TRANSIENT = new Set(['NoInternet', 'RequestTimeout', 'ContractMismatch']);
/** A failure the diner's app would retry: no answer, a time-out, a 5xx or a proxy's 502. */
function transient(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  if (TRANSIENT.has(error.name)) return true;
  const status = (error as { statusCode?: number }).statusCode;
  return status === undefined || status >= 500 || status === 409;
}

/** A refusal with words (4xx other than 409): the call reached the product and was answered no. */
export class Refused extends Error {
  /** Earlier tries of the same call got no answer (they may have been carried out). */
  constructor(
    message: string,
    readonly afterUnanswered: boolean,
  ) {
    super(message);
  }
}

/** Retries `call` on transient failures for up to `budgetMs`, as a diner pressing "try again" does. */
export async function retrying<T>(what: string, call: () => Promise<T>, budgetMs = 60_000): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!transient(error)) throw new Refused(`${what}: ${(error as Error).message}`, attempt > 0);
      if (Date.now() > deadline) throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
      await sleep(Math.min(2000, 100 * 2 ** attempt));
    }
  }
}

export interface Client extends ApiClient {
  cartToken: string;
}

/**
 * A browser: its cart token, the table ticket a table check sets (kept like the `table_ticket`
 * cookie, sent as the `table-ticket` header), and any headers of its own (a kiosk's device headers).
 */
export function clientFor(baseUrl: string, authToken?: string, headers: Record<string, string> = {}): Client {
  const cartToken = createCartToken();
  let ticket: string | undefined;
  const client = createApiClient({
    baseUrl,
    country: () => 'MY',
    language: () => 'en',
    cartToken: () => cartToken,
    authToken: () => authToken,
    timeouts: { main: 15_000, payment: 15_000, cart: 15_000 } as never,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (ticket) request.headers.set('table-ticket', ticket);
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      const response = await fetch(request);
      for (const cookie of response.headers.getSetCookie()) {
        const set = /^table_ticket=([^;]*)/.exec(cookie);
        if (set) ticket = set[1] || undefined;
      }
      return response;
    },
  });
  return Object.assign(client, { cartToken });
}

/**
 * An open status page: a websocket through the proxy watching `order:<id>`; when the socket drops
 * (an instance died) it reconnects and refetches the order, as the diner app does (`ui/shell/live.ts`).
 */
export class StatusPage {
  status: number | undefined;
  private socket: WebSocket | undefined;
  private closed = false;
  reconnects = 0;
  constructor(
    private readonly run: Run,
    private readonly client: Client,
    private readonly orderId: number,
  ) {}
  open() {
    if (this.closed) return;
    const socket = new WebSocket(`${this.run.wsUrl}?cart_token=${this.client.cartToken}`);
    this.socket = socket;
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'subscribe', topic: `order:${this.orderId}` }));
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as {
        type: string;
        event?: { type: string; data: { order_id?: number; status?: number } };
      };
      if (message.type === 'subscribed') void this.refetch();
      if (message.type === 'event' && message.event?.type === 'order.status') {
        if (message.event.data.order_id === this.orderId && typeof message.event.data.status === 'number') {
          this.status = message.event.data.status;
        }
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.closed) return;
      this.reconnects++;
      setTimeout(() => this.open(), 300 + this.run.random() * 700);
    });
  }
  /** After (re)subscribing: the page asks for the order, since events may have been missed meanwhile. */
  private async refetch() {
    try {
      const order = await this.client.call(orders.orderDetails, { query: { order_id: this.orderId } });
      this.status = order.status;
    } catch {
      // the next reconnect refetches
    }
  }
  close() {
    this.closed = true;
    this.socket?.close();
  }
}

export interface Placed {
  diner: DinerRecord;
  orderId: number;
  page: StatusPage;
}

/**
 * The gateway's own notifications of the captures the payer saw. The embedded simulator keeps its
 * ledger in the memory of the instance that created the payment, so a SIGKILL would take the
 * gateway down with it; a real gateway is a service of its own that keeps sending. So the harness
 * plays that part too: for each capture it sends the signed success notification through the proxy,
 * late (0.2–4 s), one in three twice, one in five followed by a stale 'pending' (out of order),
 * retried until answered 2xx (30 s), besides those the instance's simulator sends itself.
 */
function notifyCapture(run: Run, capture: Capture & { providerRef: string }) {
  const { random, gateway } = run;
  const body = (status: string) =>
    JSON.stringify({
      event_id: `evt_${capture.providerRef}_${status}`,
      reference: capture.reference,
      provider_ref: capture.providerRef,
      status,
      amount: capture.amount,
      currency: 'MYR',
      channel: 'grab_pay_app',
      sent_at: new Date().toISOString(),
    });
  const send = async (text: string) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      gateway.sent++;
      const response = await fetch(`${run.baseUrl}/api/payments/webhook/simulator`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-simulator-signature': signSimulatorBody(DEV_SIMULATOR_KEY, text),
        },
        body: text,
      }).catch(() => undefined);
      await response?.arrayBuffer().catch(() => undefined);
      if (response && response.status >= 200 && response.status < 300) return;
      gateway.retried++;
      await sleep(300 + random() * 700);
    }
    gateway.undelivered++;
  };
  const twice = random() < 0.33;
  const stalePending = random() < 0.2;
  run.notifications.push(
    (async () => {
      await sleep(200 + random() * 3800);
      await send(body('success'));
      if (twice) await send(body('success'));
      if (stalePending) await send(body('pending'));
    })(),
  );
}

/** The gateway's reference of a payment (the simulator wrote it when the payment was initiated). */
function providerRefOf(run: Run, paymentId: number) {
  return retrying('provider ref', async () => {
    const { rows } = await run.lookups.query<{ ref: string }>(
      'SELECT provider_ref AS ref FROM payments WHERE id = $1',
      [paymentId],
    );
    return rows[0]!.ref;
  });
}

/**
 * The payer on the gateway's hosted page. The embedded simulator keeps its payments in the memory of
 * the instance that created it, so the payer reaches it there (a gateway is one remote service in
 * production); a payment whose instance died meanwhile is lost with it (counted, not a defect).
 */
async function payOnHostedPage(
  run: Run,
  payment: {
    redirect_url?: string | null | undefined;
    reference: string;
    amount: number;
    payment_id: number;
  },
  paid: { orderId: number | undefined; fcOrderId?: number | undefined },
): Promise<boolean> {
  // The signed link as issued (its path and its `sig`): the page opens only the payment it names.
  const link = new URL(payment.redirect_url!);
  for (const port of run.instancePorts()) {
    const response = await fetch(`http://127.0.0.1:${port}${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel: 'grab_pay_app', outcome: 'success' }).toString(),
      redirect: 'manual',
    }).catch(() => undefined);
    if (response?.status === 302) {
      const location = new URL(response.headers.get('location') ?? 'http://x/');
      if (location.searchParams.get('status') !== '1') return false;
      const capture: Capture = { reference: payment.reference, ...paid, amount: payment.amount };
      run.captures.push(capture);
      notifyCapture(run, { ...capture, providerRef: await providerRefOf(run, payment.payment_id) });
      run.counters.paidOnline++;
      return true;
    }
  }
  run.counters.paymentLost++;
  return false;
}

function newDiner(run: Run, client: Client): DinerRecord {
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
function acknowledge(run: Run, diner: DinerRecord, client: Client, orderIds: number[]) {
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

async function addDishes(
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
        params: { restaurantId: DEMO.kopitiamAli, tableId: 5003 },
        query: {},
      }),
    );
    await addDishes(run, client, 'kopitiam-ali', 'kopitiam-ali', 1 + Math.floor(random() * 2));
    await retrying('cart details', () =>
      client.call(cart.cartDetails, {
        body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
      }),
    );
    const online = random() < 0.5;
    // The create is retried with the same Idempotency-Key until the diner has an answer.
    const order = await retrying('order create', () =>
      client.call(
        orders.orderCreate,
        { body: { scope: 'kopitiam-ali', payment_mode: online ? 'online' : 'pay_later' } },
        { idempotencyKey: diner.idempotencyKey },
      ),
    );
    acknowledge(run, diner, client, order.order_ids);
    if (online) {
      const payment = await retrying('payment initiate', () =>
        client.call(paymentsApi.paymentInitiate, {
          body: { order_id: order.order_id, method: 'Wallet', channel: 'grab_pay_app' },
        }),
      );
      await payOnHostedPage(run, payment, { orderId: order.order_id });
    } else counters.payLater++;
    const roll = random();
    if (roll < 0.12) await dinerCancels(run, client, order.order_id);
    else if (!online && roll < 0.6) await addMore(run, client, order.order_id);
  } catch (error) {
    if (diner.acknowledgedOrderIds === undefined || !(error instanceof Refused)) {
      counters.gaveUp++;
      run.failures.push((error as Error).message);
    }
  }
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
 * to the running order (a new Idempotency-Key, retried until answered). Refused with words when the
 * order has moved on (completed, cancelled): then nothing was added, unless an earlier try went
 * unanswered.
 */
async function addMore(run: Run, client: Client, orderId: number) {
  await sleep(run.random() * 2000);
  const record: AddMoreRecord = { orderId, acknowledgedBatch: undefined, unanswered: false };
  run.addMores.push(record);
  try {
    await addDishes(run, client, 'kopitiam-ali', 'kopitiam-ali', 1 + Math.floor(run.random() * 2));
    await retrying('cart details', () =>
      client.call(cart.cartDetails, {
        body: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
      }),
    );
    const key = randomUUID();
    const added = await retrying('add more', () =>
      client.call(
        orders.orderCreate,
        { body: { scope: 'kopitiam-ali', payment_mode: 'pay_later', add_to_order_id: orderId } },
        { idempotencyKey: key },
      ),
    );
    record.acknowledgedBatch = added.batch;
    run.counters.addMore++;
  } catch (error) {
    if (error instanceof Refused) {
      record.unanswered = error.afterUnanswered;
      run.counters.addMoreRefused++;
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

/** Next move of the board for a running order: through to completed; a new batch is confirmed. */
const NEXT: Record<number, number> = { 0: 1, 1: 2, 2: 3, 3: 10, 10: 4, 14: 1 };

/**
 * The staff of every restaurant with orders, working from what their board shows (the running orders,
 * read from the database): each order moves on one step at a time to completed; a few are cancelled
 * by the manager after confirmation (a paid one is refunded); half of the completed paid orders get a
 * partial refund (Idempotency-Key, retried). A refused move (the diner cancelled, a retried move
 * that had already been made, an online order not paid yet) is tried again a moment later.
 */
export async function staffWork(run: Run, until: () => boolean) {
  // One login per restaurant, shared by the hands on its board (a login costs an scrypt).
  const managers = new Map<number, Promise<Client>>();
  const login = async (restaurantId: number) => {
    const session = await retrying(
      'staff login',
      () =>
        clientFor(run.baseUrl).call(staff.staffLogin, {
          body: {
            username: `${DEMO.nameids[restaurantId as keyof typeof DEMO.nameids]}-manager`,
            password: DEMO_STAFF_PASSWORD,
          },
        }),
      300_000,
    );
    return clientFor(run.baseUrl, session.token);
  };
  const managerOf = (restaurantId: number) => {
    let manager = managers.get(restaurantId);
    if (!manager) {
      manager = login(restaurantId);
      managers.set(restaurantId, manager);
      manager.catch(() => managers.delete(restaurantId));
    }
    return manager;
  };
  const resting = new Map<number, number>();
  const refunded = new Set<number>();
  while (!until()) {
    const { rows } = await run.lookups
      .query<{
        id: number;
        restaurant_id: number;
        status: number;
        paid_amount: number;
        refunded_amount: number;
      }>(
        `SELECT id, restaurant_id, status, paid_amount, refunded_amount FROM orders
         WHERE status IN (0, 1, 2, 3, 10, 14) OR (status = 4 AND paid_amount > refunded_amount)
         ORDER BY id`,
      )
      .catch(() => ({ rows: [] }));
    const due = rows.filter((row) => (resting.get(row.id) ?? 0) < Date.now());
    if (due.length === 0) {
      await sleep(100);
      continue;
    }
    // Four hands on the boards at once (a kitchen display, a manager's phone, …).
    const work = async (row: (typeof due)[number]) => {
      const manager = await managerOf(row.restaurant_id).catch(() => undefined);
      if (!manager) return;
      if (row.status === 4) {
        if (refunded.has(row.id)) return;
        refunded.add(row.id);
        if (run.random() < 0.5)
          await staffRefund(run, manager, row.id, row.paid_amount - row.refunded_amount);
        return;
      }
      const status = row.status === 1 && row.id % 7 === 0 ? 6 : NEXT[row.status]!;
      try {
        await retrying(
          'staff status',
          () => manager.call(staff.staffOrderStatus, { params: { orderId: row.id }, body: { status } }),
          20_000,
        );
      } catch {
        resting.set(row.id, Date.now() + 1000);
      }
    };
    const queue = [...due];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let row = queue.shift(); row && !until(); row = queue.shift()) await work(row);
      }),
    );
  }
}

/** Running orders left (the staff are done when none is). */
export async function runningOrders(run: Run): Promise<number> {
  const { rows } = await run.lookups.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM orders WHERE status IN (1, 2, 3, 10, 14)',
  );
  return rows[0]!.n;
}

/** A partial refund of a completed paid order by its manager: half of what is left, one key, retried. */
async function staffRefund(run: Run, manager: Client, orderId: number, left: number) {
  const amount = Math.floor(left / 2);
  if (amount <= 0) return;
  const key = randomUUID();
  try {
    await retrying('staff refund', () =>
      manager.call(
        staff.staffRefundOrder,
        { params: { orderId }, body: { amount, reason: 'chaos: part of the order was not served' } },
        { idempotencyKey: key },
      ),
    );
    run.counters.staffRefunds++;
  } catch {
    // Refused (the refund worker found the gateway had lost the payment, …) or no answer: the audit
    // reads the refunds from the database either way.
  }
}
