/**
 * The payment gateway's side of a chaos run: the payer on the simulator's hosted page, and the
 * gateway's own late, doubled and out-of-order notifications of each capture.
 */
import { DEV_SIMULATOR_KEY, signSimulatorBody } from '@santap/api/testing';
import type { Capture } from './invariants';
import { retrying, sleep } from './run';
import type { Run } from './run';

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
 * production); a payment whose instance died meanwhile is lost with it (counted, not a defect). A
 * tab share's capture names its tab (`paid.tabId`). A
 * capture the payer saw goes into the harness' ledger (`run.captures`); a submit that got no answer
 * goes into `run.unansweredPayments`.
 */
export async function payOnHostedPage(
  run: Run,
  payment: {
    redirect_url?: string | null | undefined;
    reference: string;
    amount: number;
    payment_id: number;
  },
  paid: { orderId: number | undefined; fcOrderId?: number | undefined; tabId?: number | undefined },
): Promise<boolean> {
  // A payment written but never taken to the gateway (its instance died between the two; an
  // idempotent replay answers it so) has no page to pay on: lost like one whose simulator died.
  if (!payment.redirect_url) {
    run.counters.paymentLost++;
    return false;
  }
  // The signed link as issued (its path and its `sig`): the page opens only the payment it names.
  const link = new URL(payment.redirect_url);
  for (const port of run.instancePorts()) {
    const response = await fetch(`http://127.0.0.1:${port}${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel: 'grab_pay_app', outcome: 'success' }).toString(),
      redirect: 'manual',
    }).catch((error: unknown) => {
      // No answer (the instance was killed under the payer): its simulator may have captured and
      // notified before it died, so the payer's ledger cannot say either way. A refused connection
      // never reached the page.
      if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') {
        run.unansweredPayments.push(payment.reference);
      }
      return undefined;
    });
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
