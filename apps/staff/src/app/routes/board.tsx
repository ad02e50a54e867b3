import { BoardPage } from '../../features/board/routes/board-page';
import type { BoardTablesSlot } from '../../features/board/routes/board-page';
import { OpenTabs } from '../../features/tabs/components/open-tabs';

const tables: BoardTablesSlot = ({ changed, online }) => <OpenTabs changed={changed} online={online} />;

/**
 * The board route: the order board with the open tables' tabs above its columns (front of house
 * only; features/tabs). Two features joined here, where the app may import both.
 */
export function Component() {
  return <BoardPage tables={tables} />;
}
