import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveLegacyLink } from '@santap/qr';
import type { AppContext } from '../services/context';
import { qrVerifier, restaurantQrKey } from '../services/flows/tables/scan';

/**
 * The legacy entry links of spec §2 (`menu.php`, `set_restaurant_qr.php`, `/index.php*`), resolved on
 * the server because only the server holds the keys that verify a dynamic QR. The reply is a redirect;
 * any failure goes to `/qrError` (with `?reason=` naming the catalogue key for the QR popup).
 */
export function registerLegacyLinks(app: FastifyInstance, ctx: AppContext) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, ctx.config.publicUrl);
    const restaurantId = url.searchParams.get('restaurant_id');
    let secret: string | undefined;
    const lookup = async (id: string) => {
      if (!/^\d{1,9}$/.test(id)) return null;
      const row = await restaurantQrKey(ctx, Number(id));
      if (row && id === restaurantId) secret = row.qrSecret;
      return row ? { nameid: row.nameid } : null;
    };
    if (restaurantId) await lookup(restaurantId);
    const result = await resolveLegacyLink(url.toString(), lookup, {
      now: ctx.now(),
      ...(secret ? { verify: qrVerifier(secret) } : {}),
    });
    const to =
      result.error && result.to === '/qrError'
        ? `/qrError?reason=${encodeURIComponent(result.error)}`
        : result.to;
    return reply.redirect(to, 302);
  };
  app.get('/menu.php', handler);
  app.get('/set_restaurant_qr.php', handler);
  // `/index.php` and every path that starts with it (`/index.php/x`, `/index.phpx`): the rule of
  // isLegacyPath of @santap/qr, which the diner router follows too.
  app.get('/index.php*', handler);
}
