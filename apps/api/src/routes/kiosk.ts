import type { FastifyInstance, FastifyRequest } from 'fastify';
import { kiosk as api } from '@santap/contract';
import type { AppContext } from '../services/context';
import { KIOSK_PAGE_COOKIE_SECONDS, setKioskPageCookie } from '../lib/cookies';
import { KIOSK_AUTH_LIMITS, withSecretLimits } from '../http/login-limits';
import { route } from '../http/route';
import { authenticateKiosk as authenticate, kioskSettingsView } from '../services/flows/kiosk/devices';
import {
  kioskOrderView,
  payKioskOrder,
  placeKioskOrder,
  quoteKioskOrder,
} from '../services/flows/kiosk/orders';

/**
 * The kiosk calls of `@santap/contract` (`kiosk` module). Each authenticates the device from its
 * headers (`kiosk-device`, `kiosk-secret`) before anything else: 401 / 403 with a catalogue message.
 */
export function registerKioskRoutes(app: FastifyInstance, ctx: AppContext) {
  // A secret not yet verified by this server is checked behind the kiosk failure limits.
  const authenticateKiosk = (
    context: AppContext,
    headers: FastifyRequest['headers'],
    request: FastifyRequest,
  ) =>
    authenticate(context, headers, (deviceId, check) =>
      withSecretLimits(context, request, KIOSK_AUTH_LIMITS, deviceId, check),
    );

  route(app, ctx, api.kioskSettings, async (_input, caller, request) =>
    kioskSettingsView(ctx, await authenticateKiosk(ctx, request.headers, request), caller),
  );
  // The registration, checked as above, kept for the kiosk's page requests (its server render).
  route(app, ctx, api.kioskPageCookie, async (_input, _caller, request, reply) => {
    const device = await authenticateKiosk(ctx, request.headers, request);
    const secret = request.headers[api.KIOSK_SECRET_HEADER];
    setKioskPageCookie(
      reply,
      api.KIOSK_PAGE_COOKIE,
      device.id,
      String(Array.isArray(secret) ? secret[0] : secret),
    );
    return { expires_epoch: Math.floor(ctx.now().getTime() / 1000) + KIOSK_PAGE_COOKIE_SECONDS };
  });
  route(app, ctx, api.kioskQuote, async ({ body }, caller, request) =>
    quoteKioskOrder(ctx, await authenticateKiosk(ctx, request.headers, request), caller, body),
  );
  route(app, ctx, api.kioskOrderCreate, async ({ body }, caller, request) =>
    placeKioskOrder(ctx, await authenticateKiosk(ctx, request.headers, request), caller, body),
  );
  route(app, ctx, api.kioskPay, async ({ params, body }, caller, request) =>
    payKioskOrder(
      ctx,
      await authenticateKiosk(ctx, request.headers, request),
      caller,
      params.orderId,
      body.channel,
    ),
  );
  route(app, ctx, api.kioskOrderStatus, async ({ params }, caller, request) =>
    kioskOrderView(ctx, await authenticateKiosk(ctx, request.headers, request), caller, params.orderId),
  );
}
