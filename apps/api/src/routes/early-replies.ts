import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EARLY_REPLIES_ID, buildPath, cart, earlyKey, restaurants, reviews } from '@santap/contract';
import type { EarlyReplies, Endpoint } from '@santap/contract';
import { readTableRef } from '@santap/domain';
import type { AppContext } from '../services/context';
import { ensureCartCookie } from '../lib/cookies';
import { cartHandoverOf, pageLocale } from '../http/route';
import { TABLE_TICKET_COOKIE, setTableTicketCookie } from '../services/flows/tables/tickets';

/** How long a page waits for its early replies by default; a slower one is left to the app to ask for. */
const EARLY_WAIT_MS = 400;

interface Call {
  endpoint: Endpoint;
  input: { params?: Record<string, number | string>; query?: Record<string, string>; body?: unknown };
}

/** The calls the menu page's loader makes first (apps/diner `loadMenu`), with its inputs. */
function menuCalls(name: string): Call[] {
  return [
    { endpoint: restaurants.restaurantDetails, input: { body: { restaurant_id: name } } },
    { endpoint: restaurants.menu, input: { query: { restaurant_id: name } } },
    { endpoint: cart.cartGet, input: { query: { scope: name } } },
    { endpoint: reviews.bestSellers, input: { query: { restaurant_id: name } } },
    { endpoint: restaurants.discountsGet, input: { query: { restaurant_id: name } } },
  ];
}

/**
 * The table check of a table QR link (`?source=qr&tableId=…[&v=…&sig=…]`, the table's token or id read
 * by `readTableRef` as the loader reads it), as the loader asks for it once it has the restaurant's id;
 * undefined for any other link.
 */
function tableCall(search: URLSearchParams, restaurantId: number): Call | undefined {
  const tableId = readTableRef(search.get('tableId'));
  if (search.get('source') !== 'qr' || tableId === undefined) return undefined;
  const v = search.get('v');
  const sig = search.get('sig');
  return {
    endpoint: restaurants.restaurantTable,
    input: { params: { restaurantId, tableId }, query: { ...(v ? { v } : {}), ...(sig ? { sig } : {}) } },
  };
}

/** The restaurant of a menu link `/r/:name/...`, or undefined for every other page. */
function menuPageName(url: string): string | undefined {
  const match = /^\/r\/([^/?#]+)/.exec(url);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/** One call's reply as the app would get it (a guest's, in `language`), or undefined if not a success. */
async function replyOf(
  app: FastifyInstance,
  call: Call,
  headers: Record<string, string>,
  page?: FastifyReply,
): Promise<string | undefined> {
  const { params, query, body } = call.input;
  const response = await app.inject({
    method: call.endpoint.method,
    url: buildPath(call.endpoint.path, params),
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(query ? { query } : {}),
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  // The table check's ticket (services/flows/tables/tickets.ts) goes to the browser with the page, as the
  // app's own call would have set it.
  const ticket = response.cookies.find((cookie) => cookie.name === TABLE_TICKET_COOKIE);
  if (page && ticket && response.statusCode === 200) setTableTicketCookie(app.santap, page, ticket.value);
  return response.statusCode === 200 ? response.body : undefined;
}

const within = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([
    promise,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref()),
  ]);

/** The early replies of a page, and the caller they were made for (see `earlyReplies`). */
export interface PageEarlyReplies {
  /** The block's JSON (`EarlyReplies` of @santap/contract, '<' escaped), '' when no reply came. */
  json: string;
  language: EarlyReplies['language'];
  country: EarlyReplies['country'];
  /**
   * The page's cart token: the browser's, or the one set as its cookie with this page. For the
   * server's own calls (its in-process requests, the server render's); never written into the page.
   */
  cartToken: string;
}

/**
 * Who a page is for, as its app will call the API: its `pageLocale` and its cart token (the browser's,
 * or one set as its cookie with this page), with no replies. A food court's server render speaks for
 * this caller (routes/web.ts).
 */
export function pageCaller(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): PageEarlyReplies {
  const { language, country } = pageLocale(ctx, request);
  return { json: '', language, country, cartToken: ensureCartCookie(request, reply) };
}

/**
 * The early replies of a diner page (see `EarlyReplies` in @santap/contract); undefined for a page
 * that has none. Made for the caller the app will be: its `pageLocale`, a guest, and the page's cart
 * token — set as the cookie here when the browser has none, as the app would set it. Replies that
 * fail or take longer than 400 ms are left out. `answered` receives each reply body by endpoint id (the
 * page's title and previews read the details and the menu).
 */
export async function earlyReplies(
  app: FastifyInstance,
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  answered?: Map<string, string>,
): Promise<PageEarlyReplies | undefined> {
  const name = menuPageName(request.url);
  if (!name || request.method !== 'GET') return undefined;
  const { language, country, cartToken } = pageCaller(ctx, request, reply);
  const headers = { 'accept-language': language, 'country-code': country, 'cart-token': cartToken };
  const search = new URL(request.url, 'http://page').searchParams;
  const ask = (call: Call) => replyOf(app, call, headers, reply).then((body) => ({ call, body }));
  const [details, ...others] = menuCalls(name).map(ask);
  // The table check needs the restaurant's id: it follows the details, the rest go meanwhile.
  const table = details!.then(async ({ body }) => {
    const restaurantId = body
      ? (JSON.parse(body) as { data?: { restaurant_id?: number } }).data?.restaurant_id
      : undefined;
    const call = restaurantId ? tableCall(search, restaurantId) : undefined;
    return call ? ask(call) : undefined;
  });
  const waitMs = ctx.config.web.earlyRepliesWaitMs ?? EARLY_WAIT_MS;
  const answers = await Promise.all(
    [details!, ...others, table].map((pending) => within(pending, waitMs).catch(() => undefined)),
  );
  for (const answer of answers) {
    if (answer?.body) answered?.set(answer.call.endpoint.id, answer.body);
  }
  const replies = answers
    .map((answer) =>
      answer?.body
        ? `${JSON.stringify(earlyKey(answer.call.endpoint.id, answer.call.input))}:${answer.body}`
        : '',
    )
    .filter(Boolean);
  const found = { language, country, cartToken };
  if (replies.length === 0) return { json: '', ...found };
  // The page names its cart only by its handover (lib/cart-handover.ts): the token stays in its cookie.
  const head: Omit<EarlyReplies, 'replies'> = {
    language,
    country,
    cartHandover: cartHandoverOf(ctx, cartToken),
  };
  // The replies are JSON already: joined as they are, not parsed and written again. No '<' may
  // stay raw inside a script element ('</script>' in a dish name would end it).
  const json = `${JSON.stringify(head).slice(0, -1)},"replies":{${replies.join(',')}}}`.replace(
    /</g,
    '\\u003c',
  );
  return { json, ...found };
}

/** The early replies' block as the HTML to put at the end of a page's body ('' without replies). */
export const earlyRepliesScript = (early: PageEarlyReplies | undefined): string =>
  early?.json ? `<script type="application/json" id="${EARLY_REPLIES_ID}">${early.json}</script>` : '';
