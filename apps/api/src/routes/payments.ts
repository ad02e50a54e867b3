/**
 * Payment calls (spec §7 'Payments'; README: Money): thin routes over services/flows/payments, and GrabPay's return
 * route (the payer back from Grab with ?code&state, sent on to /payment/response). Also wires the payment
 * machinery of a server: the simulator's notifications back to this server, the refund worker, the
 * reconciliation job (off in tests: they run it with their clock), and the hosted simulator page.
 *
 * The webhook route reads its body raw, in a plugin scope of its own: signatures are computed over the
 * exact bytes, and the JSON and form parsers of every other route stay as they are.
 */
import type { FastifyInstance } from 'fastify';
import { payments as api } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import type { AppContext } from '../services/context';
import { ApiFailure } from '../lib/errors';
import { route } from '../http/route';
import { GRABPAY_RETURN_PATH } from '../services/adapters/payments/gateways/grabpay/grabpay';
import { grabPayReturn } from '../services/flows/payments/grabpay-return';
import { connectSimulator } from '../services/adapters/payments/providers';
import { startReconcileJob } from '../services/flows/ordering/orders/expiry';
import { startRefundWorker } from '../services/flows/payments/refund-gateway';
import { receiveReturn } from '../services/flows/payments/returns';
import type { ReturnFields } from '../services/flows/payments/returns';
import {
  directPayment,
  initiatePayment,
  orderPaymentHistory,
  paymentDetail,
  paymentMethods,
  paymentStatus,
  previousPayment,
  receiveNotification,
  unlockPayment,
} from '../services/flows/payments/service';
import { registerSimulatorPage } from './simulator';
import { mallHostOrigin } from './web';

export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.paymentMethodsGet, ({ query }) => paymentMethods(ctx, query));

  route(app, ctx, api.paymentInitiate, ({ body }, caller) =>
    initiatePayment(
      ctx,
      caller,
      body.order_ids && (body.order_ids.length > 1 || body.order_ids[0] !== body.order_id)
        ? { kind: 'table', orderId: body.order_id, orderIds: body.order_ids, amount: body.amount }
        : { kind: 'order', orderId: body.order_id },
      {
        method: body.method,
        channel: body.channel,
        provider: body.provider,
        speedMode: 'secure',
        kiosk: false,
      },
    ),
  );
  route(app, ctx, api.paymentInitiateFoodCourt, ({ body }, caller, request) =>
    initiatePayment(
      ctx,
      caller,
      { kind: 'fc', fcOrderId: body.fc_order_id },
      {
        method: body.method,
        channel: body.channel,
        provider: body.provider,
        speedMode: 'secure',
        kiosk: false,
        // Paid on the mall's own host: back there, where the diner's cart token cookie lives.
        returnOrigin: (mall) => mallHostOrigin(ctx.config.publicUrl, request.host, mall),
      },
    ),
  );
  route(app, ctx, api.paymentInitiateV3, ({ body }, caller) =>
    initiatePayment(
      ctx,
      caller,
      body.fc_order_id !== undefined
        ? { kind: 'fc', fcOrderId: body.fc_order_id }
        : { kind: 'order', orderId: body.order_id ?? 0 },
      {
        method: body.method,
        channel: body.channel,
        provider: body.provider,
        speedMode: body.speed_mode,
        kiosk: body.is_kiosk,
      },
    ),
  );

  route(app, ctx, api.paymentStatusCheck, ({ query }, caller) =>
    paymentStatus(ctx, caller, query.payment_id),
  );
  route(app, ctx, api.paymentDetail, ({ query }, caller) => paymentDetail(ctx, caller, query.payment_id));
  route(app, ctx, api.previousPaymentStatus, ({ query }, caller) =>
    previousPayment(ctx, caller, { orderId: query.order_id, fcOrderId: query.fc_order_id }),
  );
  route(app, ctx, api.paymentUnlock, ({ body }, caller) => unlockPayment(ctx, caller, body.payment_id));
  route(app, ctx, api.orderPayments, ({ params }, caller) =>
    orderPaymentHistory(ctx, caller, params.orderId),
  );
  route(app, ctx, api.directPayment, ({ body }, caller) => directPayment(ctx, caller, body));

  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(api.paymentWebhook.path, async (request, reply) => {
      const provider = api.paymentProvider.safeParse((request.params as { provider?: unknown }).provider);
      if (!provider.success) throw new ApiFailure(MESSAGE.invalidInput, 400);
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      const notification = {
        headers,
        rawBody: typeof request.body === 'string' ? request.body : '',
        path: request.url.split('?')[0] ?? request.url,
      };
      const data = await receiveNotification(ctx, provider.data, notification);
      // Only an accepted notification is acknowledged: a forged one was refused above (401).
      const ack = ctx.payments.get(provider.data)?.acknowledgement?.(notification);
      if (ack) return reply.type('text/plain; charset=utf-8').send(ack);
      return { status: 1, statusCode: 200, message: 'ok', data };
    });
  });

  // Razer sends the payer back by a form POST to the return URL, its fields signed like a callback:
  // verified and applied like one (whichever of return, notification and callback comes first
  // settles), then the browser is sent on to the app's return page with the same query (303: a GET).
  for (const path of ['/payment/response', '/fc/:mall/payment/response'])
    app.post(path, async (request, reply) => {
      await receiveReturn(ctx, request.body as ReturnFields | undefined, request.url.split('?')[0] ?? path);
      return reply.header('cache-control', 'no-store').redirect(request.url, 303);
    });

  // GrabPay's redirect_uri: the payer comes back with ?code&state; answered with a 302 to the payment's
  // own /payment/response, whatever happened (never a 500: the outcome is in `status`).
  app.get(GRABPAY_RETURN_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const text = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
    let location: string;
    try {
      location = await grabPayReturn(ctx, { code: text('code'), state: text('state'), error: text('error') });
    } catch (error) {
      request.log.error({ err: error }, 'grabpay return failed');
      location = `${ctx.config.publicUrl.replace(/\/$/, '')}/payment/response?status=0`;
    }
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });

  registerSimulatorPage(app, ctx);
  connectSimulator(app, ctx.payments.simulator);
  const stopRefundWorker = startRefundWorker(ctx);
  const stopReconcile = ctx.config.env === 'test' ? () => undefined : startReconcileJob(ctx);
  app.addHook('onClose', async () => {
    stopReconcile();
    stopRefundWorker();
    ctx.payments.simulator.close();
  });
}
