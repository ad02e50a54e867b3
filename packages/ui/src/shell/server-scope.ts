import type { Country } from '@santap/domain';
import type { SupportedLanguage } from '@santap/i18n';

/**
 * What the server render of one page request knows of its caller (`createServerRender` of
 * `@santap/ui/server`): the page's country and language (the API's `pageLocale`), the browser's cart
 * token, the early replies the server made for this page (`EarlyReplies` of the contract, typed by
 * the app's API client) and how to reach the API in-process. No login, except on a diner's own pages
 * (`asDiner` of `ServerScreen`: the diner's cart and order status): there the API's in-process fetch
 * carries this request's session cookie and `signedIn` says its state; on every other page the server
 * renders what a guest sees and the browser brings the rest after hydration.
 *
 * A browser build never sets a reader (the apps ask for a scope only under `import.meta.env.SSR`, so
 * that code is dropped there); the server entry reads it from its AsyncLocalStorage, so requests that
 * render at once never see each other's scope.
 */
export interface ServerScope {
  country: Country;
  language: SupportedLanguage;
  /** The browser's cart token: the render's in-process calls send it; it never goes into the page. */
  cartToken: string;
  /** The handover of that cart the page carries for the login redirect (`HydrationBlock`). */
  cartHandover?: string | undefined;
  /** This request's own copy: the loaders take each reply once. */
  early: unknown;
  fetch: typeof fetch;
  /** A diner's own page (`asDiner`): the `signed_in` state of the session the fetch carries; else undefined. */
  signedIn?: 'GUEST' | 'ACTIVE' | undefined;
  /**
   * A kiosk's page: the registered device it is rendered for (the API checked its cookie; the fetch
   * carries its credentials). The browser hydrates it only on that device.
   */
  device?: string | undefined;
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

/**
 * The options of an app's API client in its server render (`createApiClient` of @santap/api-client):
 * it speaks for the request being rendered (its country, language and cart token, its early replies
 * when the page has them, the API in-process; a diner's own page with that diner's session). `Early`
 * is the client's `EarlyReplies`.
 */
export function serverApiOptions<Early>() {
  return {
    baseUrl: 'http://santap.server-render',
    country: () => serverScope().country,
    language: () => serverScope().language,
    cartToken: () => serverScope().cartToken,
    early: () => serverScope().early as Early | undefined,
    fetch: ((input, init) => serverScope().fetch(input, init)) as typeof fetch,
  };
}
