import type { createBrowserRouter } from 'react-router';
import type { SupportedLanguage } from '@santap/i18n';
import { dropEarlyReplies } from '../lib/api';
import { rememberCartToken } from '@santap/ui';
import { cartToken, country, storedAuth } from '../lib/session';
import { HYDRATION_ID } from './server-rendered';
import type { HydrationBlock } from './server-rendered';

declare global {
  interface Window {
    /** Where react-router's browser router reads its hydration data (`createBrowserRouter`). */
    __staticRouterHydrationData?: HydrationBlock['state'];
  }
}

/**
 * The server's render of this page (`entry-server.tsx`), when the browser would render the same: made
 * for this language, country and cart token. Its loaders' data is handed to the router, which then
 * starts without running them. Undefined for a page the browser renders (none rendered on the server,
 * a failed render, a language chosen since): the loaders run here as before.
 */
export function serverPage(language: SupportedLanguage): HydrationBlock | undefined {
  const text = document.getElementById(HYDRATION_ID)?.textContent;
  if (!text) return undefined;
  let block: HydrationBlock;
  try {
    block = JSON.parse(text) as HydrationBlock;
  } catch {
    return undefined;
  }
  // The cart cookie is HttpOnly: a page knows its token only from a reply that named it. The page was
  // made for the very cookie this browser holds (never cached: `private, no-cache`).
  const known = cartToken();
  if (block.language !== language || block.country !== country()) return undefined;
  if (known !== undefined && block.cartToken !== known) return undefined;
  // A diner's own page (the cart, the order status) was rendered for this browser's login state.
  if (block.signedIn !== undefined && block.signedIn !== (storedAuth()?.status ?? '')) return undefined;
  rememberCartToken(block.cartToken);
  window.__staticRouterHydrationData = block.state;
  return block;
}

/** A route module that settles, after hydration, what only the browser knows (menu-page.tsx). */
interface HydratedModule {
  /**
   * Before hydration: would the browser's first render of this data be the server's? Not when the
   * browser keeps what the server cannot see (the cart's order session or note in sessionStorage):
   * then the page is rendered here, as before, and no hydration mismatch is left to recover from.
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
    const data: unknown = route.id === undefined ? undefined : block.state?.loaderData?.[route.id];
    return !before || data === undefined || before(data as never, params);
  });
}

/**
 * After hydration: each route module that has an `afterHydration` does what its loader would have done
 * in the browser; when one says this browser would have loaded other data (a login, an order session
 * this tab changed), the loaders run again.
 */
export function whenHydrated(
  router: ReturnType<typeof createBrowserRouter>,
  modules: ReadonlyMap<string | undefined, HydratedModule>,
) {
  let stale = false;
  for (const match of router.state.matches) {
    const after = modules.get(match.route.path)?.afterHydration;
    const data: unknown = router.state.loaderData[match.route.id];
    if (after && data !== undefined && after(data as never) === 'stale') stale = true;
  }
  // What loads again takes what it can from the page's early replies; then they are forgotten.
  if (stale) void router.revalidate().finally(dropEarlyReplies);
  else dropEarlyReplies();
}
