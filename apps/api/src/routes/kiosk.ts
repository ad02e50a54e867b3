import type { FastifyInstance, FastifyRequest } from 'fastify';
import { kiosk as api } from '@santap/contract';
import type { AppContext } from '../lib/context';
import { KIOSK_AUTH_LIMITS, withSecretLimits } from '../lib/login-limits';
import { route } from '../lib/route';
import { authenticateKiosk as authenticate, kioskSettingsView } from '../services/kiosk/devices';
import { kioskOrderView, payKioskOrder, placeKioskOrder, quoteKioskOrder } from '../services/kiosk/orders';

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
