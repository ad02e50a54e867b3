import { CounterPage } from '../../features/counter/routes/counter-page';
import type { CounterTablesSlot } from '../../features/counter/routes/counter-page';
import { OpenTabs } from '../../features/tabs/components/open-tabs';

const tables: CounterTablesSlot = ({ changed, online }) => (
  <OpenTabs changed={changed} online={online} showEmpty />
);

/**
 * The counter route: the open tables' tabs ('Take the rest', 'Close table'; features/tabs) above the
 * orders owing at the counter. Two features joined here, where the app may import both.
 */
export function Component() {
  return <CounterPage tables={tables} />;
}
