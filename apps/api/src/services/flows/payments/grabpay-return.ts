/**
 * The payer's way back from GrabPay (the redirect flow needs one). Grab sends the
 * browser to our registered redirect_uri (`GRABPAY_RETURN_PATH`) with `?code&state` (or `?error&state`
 * when the payer declined). The state names the payment and is authenticated by its HMAC; the code is
 * exchanged and the charge completed through the adapter; the outcome is recorded through the same
 * path as a webhook (`applyProviderEvent`: once per event, never backwards); the payer is then sent
 * to the payment's stored return URL (`/payment/response?...`, `/fc/{mall}/payment/response?...` for
 * a food court) with `status` 1 (paid), 0 (not settled yet) or 2 (failed).
 *
 * Nothing here answers 500: a state that is not ours goes to `/payment/response?status=2`, a gateway
 * that does not answer leaves the payment to the reconciliation job and says 0.
 */
import { and, eq } from 'drizzle-orm';
import { payments } from '../../../db/schema';
import type { AppContext } from '../../context';
import { isGrabPayProvider } from '../../adapters/payments/gateways/grabpay/grabpay';
import { dataOf, paymentIdOf, referenceOf, resultOf } from './model';
import type { PaymentRow } from './model';
import type { ProviderStatus } from '../../adapters/payments/provider';
import { applyProviderEvent } from './service';

export interface GrabPayReturnQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

const SETTLED = ['success', 'failed', 'expired'];

/** The payment's return URL with the outcome's `status`; the spec's page on the public URL otherwise. */
function locationOf(ctx: AppContext, payment: PaymentRow | null, status: number): string {
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  const stored = payment ? dataOf(payment).return_url : undefined;
  let url: URL;
  try {
    url = new URL(typeof stored === 'string' ? stored : `${base}/payment/response`);
  } catch {
    url = new URL(`${base}/payment/response`);
  }
  if (payment && typeof stored !== 'string' && payment.orderId !== null) {
    url.searchParams.set('order_id', String(payment.orderId));
  }
  url.searchParams.set('status', String(status));
  return url.toString();
}

async function loadPayment(ctx: AppContext, reference: string): Promise<PaymentRow | null> {
  const id = paymentIdOf(reference);
  if (id === null) return null;
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.provider, 'grabpay')));
  return payment && referenceOf(payment) === reference ? payment : null;
}

/** Handles Grab's redirect to our return route; returns where to send the payer (a 302). */
export async function grabPayReturn(ctx: AppContext, query: GrabPayReturnQuery): Promise<string> {
  const provider = ctx.payments.get('grabpay');
  const reference =
    isGrabPayProvider(provider) && query.state ? provider.referenceOfState(query.state) : null;
  const payment = reference ? await loadPayment(ctx, reference) : null;
  if (!isGrabPayProvider(provider) || !reference || !payment) {
    ctx.log.warn({ hasState: Boolean(query.state) }, 'grabpay return: state not ours');
    return locationOf(ctx, null, 2);
  }
  // A replayed return (or the reconciliation job came first): the outcome is already ours.
  if (SETTLED.includes(payment.state)) return locationOf(ctx, payment, resultOf(payment.state));

  let answer: { status: ProviderStatus; raw: unknown };
  try {
    if (query.code && !query.error) {
      answer = await provider.completeReturn(reference, query.code);
    } else {
      // The payer declined or cancelled at Grab: failed, unless Grab's own record says otherwise.
      const known = await provider.queryStatus(reference);
      answer =
        known.status === 'pending'
          ? { status: 'failed', raw: { error: query.error ?? 'no_code', known: known.raw } }
          : known;
    }
  } catch (error) {
    ctx.log.warn(
      { err: error, paymentId: payment.id },
      'grabpay return: no answer from Grab; left to reconciliation',
    );
    return locationOf(ctx, payment, resultOf(payment.state));
  }
  await applyProviderEvent(ctx, 'grabpay', {
    eventId: `return:${reference}:${answer.status}`,
    reference,
    status: answer.status,
    raw: { source: 'return', answer: (answer.raw ?? null) as Record<string, unknown> | null },
  });
  const [fresh] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
  return locationOf(ctx, fresh ?? payment, resultOf((fresh ?? payment).state));
}
