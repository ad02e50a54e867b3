import { useEffect, useState } from 'react';
import { restaurants } from '@santap/api-client';
import { api } from '../../../lib/api';
import type { MenuData } from '../../../lib/api-types';

/**
 * How often an open menu asks again (ms). The server answers from its 5 s cache with an ETag, so an
 * unchanged menu is a 304 of a few bytes; a dish the kitchen marks sold out shows within about this
 * plus the cache's 5 s (on the instance that took the change: at once).
 */
export const MENU_REFRESH_MS = 10_000;

/** Identity of a menu reply, to keep the one shown (and every memoised dish card) when nothing changed. */
const sameMenu = (a: MenuData, b: MenuData) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The menu as the loader read it, then kept current while the page is open and visible: every
 * {@link MENU_REFRESH_MS}, and at once when the tab comes back into view (stock, prices, names a
 * restaurant's staff changed). A failed refresh keeps what is shown.
 */
export function useLiveMenu(initial: MenuData, restaurant: string): MenuData {
  const [menu, setMenu] = useState(initial);
  useEffect(() => setMenu(initial), [initial]);
  useEffect(() => {
    let controller: AbortController | undefined;
    const refresh = () => {
      if (document.visibilityState === 'hidden') return;
      controller?.abort();
      const current = (controller = new AbortController());
      api
        .call(restaurants.menu, { query: { restaurant_id: restaurant } }, { signal: current.signal })
        .then((fresh) => setMenu((shown) => (sameMenu(shown, fresh) ? shown : fresh)))
        .catch(() => undefined);
    };
    const timer = setInterval(refresh, MENU_REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
      controller?.abort();
    };
  }, [restaurant]);
  return menu;
}
