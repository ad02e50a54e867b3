/**
 * The staff of each restaurant in a chaos run: they work their boards from the database's running
 * orders, moving each to its end, cancelling a few and refunding part of some completed paid ones.
 */
import { randomUUID } from 'node:crypto';
import { staff } from '@santap/contract';
import { DEMO, DEMO_STAFF_PASSWORD } from '@santap/api/testing';
import { clientFor } from './browser';
import type { Client } from './browser';
import { retrying, sleep } from './run';
import type { Run } from './run';

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
        tab_id: number | null;
      }>(
        `SELECT id, restaurant_id, status, paid_amount, refunded_amount, tab_id FROM orders
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
        // A tab's orders are paid in shares: a refund of one is not what the tab audit judges.
        if (row.tab_id !== null) return;
        if (run.random() < 0.5)
          await staffRefund(run, manager, row.id, row.paid_amount - row.refunded_amount);
        return;
      }
      // A tab's orders are never cancelled here: the tab audit sums what its standing orders owe.
      const status = row.status === 1 && row.id % 7 === 0 && row.tab_id === null ? 6 : NEXT[row.status]!;
      try {
        await retrying(
          'staff status',
          () =>
            manager.call(staff.staffOrderStatus, {
              params: { orderId: row.id },
              // A paid order's cancel takes the manager's reason (apps/api docs/audit.md, 'Manager approval').
              body: { status, approval: { reason: 'chaos: the kitchen cannot make it' } },
            }),
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
