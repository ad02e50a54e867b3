import { resolveEarlyReplies } from './early-refs';
import type { EarlyReplyRecord } from './early-refs';

/** The id of the page's hydration block (a JSON data block: no script runs, no CSP hash needed). */
export const HYDRATION_ID = 'santap-hydration';

/** The loaders' data of a server render, as react-router's browser router takes it (`HydrationState`). */
export interface HydrationData {
  loaderData?: Record<string, unknown>;
  actionData?: Record<string, unknown> | null;
  errors?: Record<string, unknown> | null;
}

/**
 * What the server's page tells the browser: for whom it rendered it (the browser hydrates only when
 * it would have rendered the same: same language, country and, for a diner's own page, the same
 * login state; the page was made for the cart cookie it came with, and no shared cache keeps it), the
 * catalogue groups its words came from, and the loaders' data.
 */
export interface HydrationBlock {
  language: string;
  country: string;
  /**
   * The handover of the page's cart, for the login redirect (spec §2; apps/api README, "Cookies and
   * CSRF"). Never the cart token: that is an HttpOnly cookie no page script reads.
   */
  cartHandover?: string;
  /** A diner's own page (`asDiner`): the `signed_in` state it was rendered for ('' for none). */
  signedIn?: string;
  /** Catalogue groups beyond the start one that the render used (the diner's `later`). */
  namespaces?: string[];
  /** A kiosk's page: the device it was rendered for. */
  device?: string;
  state: HydrationData;
}

/**
 * What the browser holds that the server's page must match, the `signed_in` marker, and where the
 * page's cart handover is kept. The apps pass `browserSession` of `@santap/web` (which owns the cookies).
 */
export interface HydrationSession {
  rememberCartHandover(handover: string): void;
  /** The `signed_in` marker's state, '' for none. */
  signedIn(): string;
}

declare global {
  interface Window {
    /** Where react-router's browser router reads its hydration data (`createBrowserRouter`). */
    __staticRouterHydrationData?: HydrationData;
  }
}

/**
 * The server's render of this page (`@santap/ui/server`), when the browser would render the same:
 * made for this language and country (and login state, for a diner's own page). Its loaders' data is handed to the router, which
 * then starts without running them. Undefined for a page the browser renders (none rendered on the
 * server, a failed render, a language chosen since): the loaders run in the browser as before.
 */
export function serverPage(
  language: string,
  country: string,
  session: HydrationSession,
  device?: string,
  earlyReplies?: () => EarlyReplyRecord | undefined,
): HydrationBlock | undefined {
  const text = document.getElementById(HYDRATION_ID)?.textContent;
  if (!text) return undefined;
  let block: HydrationBlock;
  try {
    block = JSON.parse(text) as HydrationBlock;
  } catch {
    return undefined;
  }
  // The page was made for the very cart cookie this browser holds (never kept by a shared cache:
  // `private`), which no page script can read.
  if (block.language !== language || block.country !== country) return undefined;
  // A diner's own page (their cart, their order) was rendered for this browser's login state.
  if (block.signedIn !== undefined && block.signedIn !== session.signedIn()) return undefined;
  // A kiosk's page was rendered for the device this browser is registered as.
  if (block.device !== undefined && block.device !== device) return undefined;
  // The data the page's early replies carry is named in the block, not copied (early-refs.ts).
  const loaderData = block.state.loaderData
    ? resolveEarlyReplies(block.state.loaderData, earlyReplies?.())
    : undefined;
  if (block.state.loaderData && !loaderData) return undefined;
  if (loaderData) block.state.loaderData = loaderData;
  if (block.cartHandover) session.rememberCartHandover(block.cartHandover);
  window.__staticRouterHydrationData = block.state;
  return block;
}

/** Forgets the server's data: the page is rendered in the browser after all. */
export function dropServerPage() {
  delete window.__staticRouterHydrationData;
}

/** A route module that settles, before or after hydration, what only the browser knows. */
export interface HydratedModule {
  /**
   * Before hydration: would the browser's first render of this data be the server's? Not when the
   * browser keeps what the server cannot see (the diner cart's order session or note in
   * sessionStorage): then the page is rendered here, as before, and no hydration mismatch is left to
   * recover from.
   */
  beforeHydration?: (data: never, params: Record<string, string | undefined>) => boolean;
  afterHydration?: (data: never) => 'stale' | 'fresh';
}

/** Do the page's route modules agree to hydrate the server's data (`beforeHydration`)? */
export function hydratesHere(
  block: HydrationBlock,
  matches: readonly { route: { id?: string; path?: string }; params: Record<string, string | undefined> }[],
  modules: ReadonlyMap<string | undefined, HydratedModule>,
): boolean {
  return matches.every(({ route, params }) => {
    const before = modules.get(route.path)?.beforeHydration;
    const data: unknown = route.id === undefined ? undefined : block.state.loaderData?.[route.id];
    return !before || data === undefined || before(data as never, params);
  });
}

/** The part of a react-router browser router `whenHydrated` reads (kept structural). */
export interface HydratedRouter {
  readonly state: {
    matches: readonly { route: { id: string; path?: string } }[];
    loaderData: Record<string, unknown>;
  };
  revalidate(): Promise<void>;
}

/**
 * After hydration: each route module that has an `afterHydration` does what its loader would have
 * done in the browser (keep a session in sessionStorage, ...); when one says this browser would have
 * loaded other data (a login, a session this tab changed), the loaders run again, then `done`.
 */
export function whenHydrated(
  router: HydratedRouter,
  modules: ReadonlyMap<string | undefined, HydratedModule>,
  done: () => void = () => undefined,
) {
  let stale = false;
  for (const match of router.state.matches) {
    const after = modules.get(match.route.path)?.afterHydration;
    const data: unknown = router.state.loaderData[match.route.id];
    if (after && data !== undefined && after(data as never) === 'stale') stale = true;
  }
  if (stale) void router.revalidate().finally(done);
  else done();
}
