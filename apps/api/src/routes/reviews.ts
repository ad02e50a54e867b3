import type { FastifyInstance } from 'fastify';
import { reviews as api } from '@santap/contract';
import type { AppContext } from '../services/context';
import { ReplyCache } from '../lib/reply-cache';
import { route } from '../http/route';
import {
  bestSellers,
  completeYourCart,
  frequentlyBoughtWith,
  repeatItems,
} from '../services/products/recommendations/recommendations';
import { createReviews, orderReviews } from '../services/flows/restaurants/reviews';

/** The reviews and recommendations calls of `@santap/contract` (`reviews` module). */
export function registerReviewsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.reviewCreate, ({ body }, caller) =>
    createReviews(ctx, caller, body.order_id, body.reviews),
  );
  route(app, ctx, api.reviewOrderItems, ({ query }, caller) => orderReviews(ctx, caller, query.order_id));

  // Every menu visit asks for the best sellers, and they move slowly: one cached, pre-gzipped reply per
  // restaurant reference and limit, 5 s like the menu (a completed order shows within that window).
  const bestSellersCache = new ReplyCache(5_000);
  route(app, ctx, api.bestSellers, async ({ query }, _caller, request, reply) =>
    bestSellersCache.send(request, reply, `${query.restaurant_id}:${query.limit}`, async () => ({
      status: 1,
      statusCode: 200,
      message: 'ok',
      data: await bestSellers(ctx, query.restaurant_id, query.limit),
    })),
  );
  route(app, ctx, api.repeatItems, ({ query }, caller) =>
    repeatItems(ctx, caller, query.restaurant_id, query.limit),
  );
  route(app, ctx, api.frequentlyBoughtWith, ({ query }) =>
    frequentlyBoughtWith(ctx, query.restaurant_id, query.item_id, query.limit),
  );
  route(app, ctx, api.completeYourCart, ({ query }, caller) =>
    completeYourCart(ctx, caller, query.scope, query.limit),
  );
}
