import { EARLY_REPLIES_ID, createApiClient } from '@santap/api-client';
import type { ApiClient, EarlyReplies } from '@santap/api-client';
import { serverApiOptions } from '@santap/ui';
import { createDinerApiClient, rememberCartHandover, slowWatchedFetch } from '@santap/web';
import { env } from '../config/env';
import { country } from './session';

let language = 'en';

/** Keeps the client's accept-language in step with the UI language. */
export function setApiLanguage(next: string) {
  language = next;
}

/** The language the client now sends (accept-language): the UI's language. */
export function apiLanguage(): string {
  return language;
}

let early: EarlyReplies | undefined | null = null;

/** The replies the server put into the page (a menu link's first calls), read once; see EarlyReplies. */
export function pageEarlyReplies(): EarlyReplies | undefined {
  if (early !== null) return early;
  early = undefined;
  const text = document.getElementById(EARLY_REPLIES_ID)?.textContent;
  try {
    const block = text ? (JSON.parse(text) as Partial<EarlyReplies> | null) : undefined;
    if (block && typeof block.replies === 'object' && block.replies) early = block as EarlyReplies;
    if (early?.cartHandover) rememberCartHandover(early.cartHandover);
  } catch {
    // A broken block is no block: the app asks the server.
  }
  return early;
}

/**
 * Forgets the page's early replies: after hydration, once nothing loads again with them, a later
 * call (the cart page's cart, after dishes were added) must ask the server, not take the page's copy.
 */
export function dropEarlyReplies() {
  early = undefined;
}

/**
 * The one API client of the app: same origin, the spec's time-outs, headers and typed errors. In the
 * server render (`entry-server.tsx`) it speaks for the request being rendered (`serverApiOptions` of
 * @santap/ui): its country, language and cart token, its early replies, the API in-process; never a
 * login. In the
 * browser (`createDinerApiClient` of @santap/web, the food court's too) the diner's session and cart
 * token travel as HttpOnly cookies, never as headers.
 */
export const api: ApiClient = import.meta.env.SSR
  ? createApiClient(serverApiOptions<EarlyReplies>())
  : createDinerApiClient({
      apiBase: env.VITE_API_BASE,
      country,
      language: () => language,
      early: pageEarlyReplies,
      // Every network call is watched: one still waiting after 8 s shows the slow-connection notice.
      fetch: slowWatchedFetch(),
    });
