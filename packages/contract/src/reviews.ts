/**
 * The reviews and recommendations calls (spec §7 `/api/review/create.php` and
 * 'recommendations (best-sellers, repeat-items, frequently-bought-with, complete-your-cart)').
 *
 * | call | path |
 * | --- | --- |
 * | rate and review dishes of a completed order | `POST /api/review/create.php` |
 * | the dishes of an order the diner can rate, with their reviews | `GET /api/review/get_order_items.php` |
 * | best sellers of a restaurant | `GET /api/recommendations/best-sellers` |
 * | the caller's previously ordered dishes | `GET /api/recommendations/repeat-items` |
 * | dishes often ordered with a dish | `GET /api/recommendations/frequently-bought-with` |
 * | dishes from categories the caller's cart lacks | `GET /api/recommendations/complete-your-cart` |
 *
 * Recommendations answer dish ids (the client already holds the menu); each list holds only dishes
 * that are on the menu, in stock and not vouchers.
 */
import { z } from 'zod/mini';
import { idInput, idOrNameid, scope } from './common';
import { defineEndpoint } from './endpoint';

export { ratingSummarySchema } from './restaurants';
export type { RatingSummary } from './restaurants';

/** Ratings are whole stars from 1 to 5. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The longest review comment, in characters. */
export const REVIEW_COMMENT_MAX = 500;
/** The most dishes one review call may rate. */
export const REVIEWS_PER_CALL_MAX = 50;

/** A rating as sent by forms ('4') or JSON (4): a whole number of stars, 1–5. */
export const ratingInput = z.coerce.number().check(z.int(), z.minimum(RATING_MIN), z.maximum(RATING_MAX));

/** A review the diner wrote for one dish of one order. */
export const dishReviewSchema = z.object({
  rating: z.int().check(z.minimum(RATING_MIN), z.maximum(RATING_MAX)),
  comment: z.nullable(z.string()),
  created_epoch: z.int(),
});

/** One dish of an order that the diner may rate, with the review already given (if any). */
export const reviewableItemSchema = z.object({
  order_item_id: z.int(),
  item_id: z.int(),
  name: z.string(),
  quantity: z.int(),
  review: z.nullable(dishReviewSchema),
});

/** An order's dishes for the review screen. */
export const orderReviewsSchema = z.object({
  order_id: z.int(),
  restaurant_id: z.int(),
  nameid: z.string(),
  restaurant_name: z.string(),
  items: z.array(reviewableItemSchema),
});
export type OrderReviews = z.infer<typeof orderReviewsSchema>;

/** One dish's rating in a review call; an empty or blank comment is stored as none. */
export const dishReviewInput = z.object({
  order_item_id: idInput,
  rating: ratingInput,
  comment: z.optional(z.string().check(z.trim(), z.maxLength(REVIEW_COMMENT_MAX))),
});

export const reviewCreate = defineEndpoint({
  id: 'reviews.create',
  method: 'POST',
  path: '/api/review/create.php',
  service: 'main',
  access: 'user',
  summary:
    "Rate (1–5) and review dishes of the caller's own completed order, one review per order item. Rating a dish again replaces its earlier rating and comment. Registered diners only; another diner's order is 404; an order not completed yet is refused.",
  body: z.object({
    order_id: idInput,
    reviews: z.array(dishReviewInput).check(
      z.minLength(1),
      z.maxLength(REVIEWS_PER_CALL_MAX),
      z.refine((reviews) => new Set(reviews.map((review) => review.order_item_id)).size === reviews.length, {
        message: 'each order_item_id at most once',
      }),
    ),
  }),
  data: orderReviewsSchema,
});

export const reviewOrderItems = defineEndpoint({
  id: 'reviews.orderItems',
  method: 'GET',
  path: '/api/review/get_order_items.php',
  service: 'main',
  access: 'user',
  summary:
    "The dishes of the caller's completed order that can be rated (declined dishes left out), each with the review already given. Same refusals as create.",
  query: z.object({ order_id: idInput }),
  data: orderReviewsSchema,
});

/** A restaurant by numeric id or nameid. */
const restaurantId = idOrNameid;
/** How many dishes a recommendation list holds at most. */
const limit = z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(20)), 6);

export const bestSellers = defineEndpoint({
  id: 'recommendations.bestSellers',
  method: 'GET',
  path: '/api/recommendations/best-sellers',
  service: 'secondary',
  access: 'none',
  summary:
    "A restaurant's best sellers: the dishes sold most in completed orders of the last `days` days, topped up with the menu's best-seller flag (`sold: 0`) when there are too few.",
  query: z.object({ restaurant_id: restaurantId, limit }),
  data: z.object({
    restaurant_id: z.int(),
    days: z.int(),
    items: z.array(z.object({ item_id: z.int(), sold: z.int() })),
  }),
});

export const repeatItems = defineEndpoint({
  id: 'recommendations.repeatItems',
  method: 'GET',
  path: '/api/recommendations/repeat-items',
  service: 'secondary',
  access: 'user',
  summary:
    "The caller's previously ordered dishes at a restaurant that are still on the menu and in stock, most recently ordered first.",
  query: z.object({ restaurant_id: restaurantId, limit }),
  data: z.object({
    restaurant_id: z.int(),
    items: z.array(
      z.object({
        item_id: z.int(),
        times_ordered: z.int(),
        last_ordered_epoch: z.int(),
      }),
    ),
  }),
});

export const frequentlyBoughtWith = defineEndpoint({
  id: 'recommendations.frequentlyBoughtWith',
  method: 'GET',
  path: '/api/recommendations/frequently-bought-with',
  service: 'secondary',
  access: 'none',
  summary:
    'Dishes most often in the same order as a dish (`together`: how many orders had both), topped up with one lead dish from each other category (`together: 0`).',
  query: z.object({ restaurant_id: restaurantId, item_id: idInput, limit }),
  data: z.object({
    restaurant_id: z.int(),
    item_id: z.int(),
    items: z.array(z.object({ item_id: z.int(), together: z.int() })),
  }),
});

export const completeYourCart = defineEndpoint({
  id: 'recommendations.completeYourCart',
  method: 'GET',
  path: '/api/recommendations/complete-your-cart',
  service: 'secondary',
  access: 'cart',
  summary:
    "For the caller's cart: one lead dish from each category of the cart's restaurants that the cart has nothing from (a meal with no drink gets a drink), the categories most often ordered with the cart's dishes first. An empty cart gets none.",
  query: z.object({ scope, limit }),
  data: z.object({
    scope: z.string(),
    items: z.array(
      z.object({
        item_id: z.int(),
        restaurant_id: z.int(),
        category_id: z.int(),
      }),
    ),
  }),
});
