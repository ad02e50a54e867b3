import { createContext, useContext } from 'react';
import type { ComponentType } from 'react';

/** The table a diner's ticket is for (after the scan): where the table's tab is asked about. */
export interface TabJoinProps {
  restaurantId: number;
  tableId: number;
}

/**
 * The table tab's banner on the menu (join friends' tab, or a link to one's own), given by the app
 * (`app/lazy-tab-join.tsx`) because features do not import each other; empty without it (tests).
 */
export const TabJoinContext = createContext<ComponentType<TabJoinProps> | null>(null);

/** Where the menu shows the tab's banner; its code and words load after the menu's first paint. */
export function TabJoinSlot(props: TabJoinProps) {
  const Join = useContext(TabJoinContext);
  return Join ? <Join {...props} /> : null;
}
