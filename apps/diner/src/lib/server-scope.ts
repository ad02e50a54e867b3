import type { EarlyReplies } from '@santap/api-client';
import type { Country } from '@santap/domain';
import type { SupportedLanguage } from '@santap/i18n';

/**
 * What the server render of one page request knows of its caller (`src/entry-server.tsx`): the
 * page's country and language (the API's `pageLocale`), the browser's cart token, the early replies
 * the server made for this page, and how to reach the API in-process. No login, except on a diner's
 * own pages (`asDiner` of `app/server-rendered.ts`: the cart, the order status): there the API's
 * in-process fetch carries this request's session cookie and `signedIn` says its state; on every
 * other page the server renders what a guest sees and the browser brings the rest after hydration.
 *
 * The browser build never sets a reader (`import.meta.env.SSR` is false there, so the code that asks
 * for a scope is dropped); the server entry reads it from its AsyncLocalStorage, so requests that
 * render at once never see each other's scope.
 */
export interface ServerScope {
  country: Country;
  language: SupportedLanguage;
  cartToken: string;
  /** This request's own copy: the loaders take each reply once. */
  early: EarlyReplies | undefined;
  fetch: typeof fetch;
  /** A diner's page: the `signed_in` state of the session the fetch carries; else undefined. */
  signedIn?: 'GUEST' | 'ACTIVE' | undefined;
}

let reader: () => ServerScope | undefined = () => undefined;

/** The server entry's way to the current request's scope. */
export function setServerScopeReader(read: () => ServerScope | undefined) {
  reader = read;
}

/** The scope of the request being rendered on the server (throws outside a server render). */
export function serverScope(): ServerScope {
  const scope = reader();
  if (!scope) throw new Error('no server render scope');
  return scope;
}
