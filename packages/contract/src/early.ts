/**
 * Early replies: the server puts the replies of a page's first calls into the page itself, so the
 * app's first screen does not wait for its code to load before asking for its data (a round trip on
 * a slow network). The page holds one JSON block, `<script type="application/json" id="st-early">`;
 * the client takes a reply from it instead of calling, once, and only when it was made for the same
 * caller: language, country and, for a cart call, no login (the page was made for the cart cookie it
 * arrived with, and no shared cache keeps it).
 */

/** The id of the page's JSON block. */
export const EARLY_REPLIES_ID = 'st-early';

/** The page's block: for whom the replies were made, and each call's whole reply envelope by key. */
export interface EarlyReplies {
  language: string;
  country: string;
  /**
   * The handover of the cart the replies were made for (the page's cookie, or the one it set): what
   * the login redirect carries (`cart.adoptToken`). Never the cart token: that is an HttpOnly cookie.
   */
  cartHandover?: string;
  replies: Record<string, unknown>;
}

type Input = { params?: unknown; query?: unknown; body?: unknown };

/** JSON with object keys in order, so the server and the client spell one input the same way. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stable(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The key of one call in the block: the endpoint's id and its input.
 *
 * @example earlyKey('restaurants.menu', { query: { restaurant_id: 'kopitiam-ali' } })
 * // 'restaurants.menu {"query":{"restaurant_id":"kopitiam-ali"}}'
 */
export function earlyKey(endpointId: string, input: Input): string {
  return `${endpointId} ${stable({ params: input.params, query: input.query, body: input.body })}`;
}
