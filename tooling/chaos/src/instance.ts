/**
 * One API instance of the chaos run, as its own process (so it can be killed with SIGKILL): the real
 * server (`createServer`) with the config the API tests use (`testConfig`), on the PostgreSQL database
 * the harness made, listening on `CHAOS_PORT`. The harness sets everything it needs explicitly: the
 * simulator gateway on and delivering its notifications late, twice or out of order
 * (`CHAOS_DELIVERY`), the dev inbox on, no demo seeding (the harness seeded once), the clock shifted
 * to a time the demo restaurants are open (`CHAOS_CLOCK_OFFSET_MS`, the same for every instance).
 */
import process from 'node:process';
import { createServer, openDatabase, TestClock, testConfig } from '@santap/api/testing';
import type { SimulatorDelivery } from '@santap/api/testing';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const offset = Number(env('CHAOS_CLOCK_OFFSET_MS'));
class ShiftedClock extends TestClock {
  override now = () => new Date(Date.now() + offset);
}
const clock = new ShiftedClock(new Date());
const port = Number(env('CHAOS_PORT'));
// The pool through PgBouncer when the run puts one in front; LISTEN and migrations always direct.
const postgres = {
  engine: 'postgres' as const,
  url: env('CHAOS_DATABASE_URL'),
  listenUrl: env('CHAOS_DATABASE_LISTEN_URL'),
  poolSize: 10,
};
const database = await openDatabase(postgres);
const app = await createServer(
  testConfig(clock, {
    port,
    database: postgres,
    publicUrl: env('CHAOS_PUBLIC_URL'),
    logLevel: 'warn',
    devInbox: true,
    seedDemo: false,
    // Every instance signs and checks the diners' table tickets with the same key (README: Dine-in
    // table tickets): a ticket from one instance's table check is good at the other.
    tableTicketSecret: env('CHAOS_TABLE_TICKET_SECRET'),
  }),
  { database },
);
// Like a real gateway: notifications leave a moment after the payer's choice (retried), and here each
// instance's gateway also sends them twice or in the wrong order.
app.santap.payments.simulator.configure({
  delivery: (process.env.CHAOS_DELIVERY ?? 'duplicate') as SimulatorDelivery,
  delayMs: 150,
  autoSettle: true,
});
// The split gateway (README): this instance's simulator holds only the payments this instance made,
// while every instance's refund worker handles every refund. A refund of a payment it does not hold
// gets no answer here (a retryable error: the refund stays initiated), never the refusal 'unknown
// payment', which would mark it failed although the simulator that holds the payment refunds it: the
// one gateway of production holds every payment. The worker of the instance that made the payment
// settles it; if that instance died, the refund stays initiated.
const simulator = app.santap.payments.simulator;
const refundHeld = simulator.refund.bind(simulator);
simulator.refund = async (input) => {
  if (!simulator.record(input.reference)) {
    throw new Error(`chaos: the simulator of this instance does not hold ${input.reference}`);
  }
  return refundHeld(input);
};
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ type: 'ready', port });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
