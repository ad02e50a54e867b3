import type { FastifyInstance, FastifyReply } from 'fastify';
import { restaurants as api } from '@santap/contract';
import type { AppContext } from '../services/context';
import { catalogueOf, menuReplyCache } from '../lib/menu-cache';
import { route } from '../http/route';
import {
  discountsOf,
  mallRestaurants,
  menuImage,
  menuOf,
  nearbyRestaurants,
  restaurantDetails,
  slotsOf,
} from '../services/flows/restaurants/restaurants';
import { loadRestaurant, offeredOrderTypes, openNow, settingsOf } from '../services/model/restaurants';
import { foodCourtTable, restaurantTable } from '../services/flows/tables/scan';
import { issueTableTicket, setTableTicketCookie } from '../services/flows/tables/tickets';
import type { TicketProof, TicketTable } from '../services/flows/tables/tickets';
import { maskOf, typesInMask } from '@santap/domain';

export function registerRestaurantRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.nearbyRestaurants, ({ body }, caller) => nearbyRestaurants(ctx, caller.lang, body));
  route(app, ctx, api.restaurantDetails, async ({ body }, caller) =>
    restaurantDetails(
      ctx,
      await loadRestaurant(catalogueOf(ctx, body.restaurant_id), body.restaurant_id),
      caller.lang,
    ),
  );
  route(app, ctx, api.restaurantDetailsGet, async ({ query }, caller) =>
    restaurantDetails(
      ctx,
      await loadRestaurant(catalogueOf(ctx, query.restaurant_id), query.restaurant_id),
      caller.lang,
    ),
  );
  // Menus are read by every diner and change rarely: serve a cached, pre-gzipped reply (5 s), with an
  // ETag; a staff change drops the restaurant's entries at once (lib/menu-cache.ts).
  const menuCache = menuReplyCache(ctx);
  route(app, ctx, api.menu, async ({ query }, caller, request, reply) =>
    // Keyed by the reference as asked (id or nameid), so a cache hit touches no database at all.
    menuCache.send(request, reply, `${query.restaurant_id}:${caller.lang}`, async () => ({
      status: 1,
      statusCode: 200,
      message: 'ok',
      data: await menuOf(
        ctx,
        await loadRestaurant(catalogueOf(ctx, query.restaurant_id), query.restaurant_id),
        caller.lang,
      ),
    })),
  );
  app.get<{ Params: { file: string } }>('/api/menu/image/:file', async (request, reply) => {
    const id = /^(\d{1,12})\.svg$/.exec(request.params.file)?.[1];
    const image = id ? await menuImage(ctx, Number(id)) : null;
    if (!image)
      return reply
        .status(404)
        .send({ status: 0, statusCode: 404, message: 'Not found', code: 'errors.notFound' });
    return reply
      .type(image.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(image.body);
  });
  route(app, ctx, api.discountsGet, async ({ query }, caller) =>
    discountsOf(
      ctx,
      await loadRestaurant(catalogueOf(ctx, query.restaurant_id), query.restaurant_id),
      caller.lang,
    ),
  );
  route(app, ctx, api.mallRestaurants, ({ query }, caller) =>
    mallRestaurants(ctx, caller.lang, query.mall, query.name_filter),
  );
  route(app, ctx, api.restaurantServices, async ({ query }) => {
    const row = await loadRestaurant(catalogueOf(ctx, query.restaurant_id), query.restaurant_id);
    const settings = settingsOf(row);
    const offered = offeredOrderTypes(row);
    return {
      ot: offered,
      is_open: openNow(row, ctx.now()),
      payment_methods: settings.paymentMethods,
      pay_later_order_types: typesInMask(settings.payLaterMask & maskOf(offered)),
    };
  });
  route(app, ctx, api.scheduleSlots, async ({ query }) =>
    slotsOf(ctx, await loadRestaurant(catalogueOf(ctx, query.restaurant_id), query.restaurant_id), query.ot),
  );
  // A passed table check gives the diner the table's ticket (services/flows/tables/tickets.ts).
  const ticketTo = (reply: FastifyReply) => (table: TicketTable, proof: TicketProof) =>
    setTableTicketCookie(ctx, reply, issueTableTicket(ctx, table, proof));
  route(app, ctx, api.restaurantTable, ({ params, query }, _caller, _request, reply) =>
    restaurantTable(ctx, params.restaurantId, params.tableId, query.v, query.sig, ticketTo(reply)),
  );
  route(app, ctx, api.foodCourtTable, ({ params, query }, _caller, _request, reply) =>
    foodCourtTable(ctx, params.mall, params.tableId, query.v, query.sig, ticketTo(reply)),
  );
}
