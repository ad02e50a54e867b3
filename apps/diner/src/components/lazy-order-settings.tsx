import { lazyOnFirstOpen } from '@santap/ui';
import { withCatalogueGroup } from '@santap/web';
import type { OrderSettingsProps } from './order-settings';

/**
 * The order settings, loaded on first open (`lazyOnFirstOpen`) with the words loaded after the first
 * screen: its popups (schedule, location, address, map) are not needed to read the menu, so they stay
 * out of the menu's first load.
 */
export const LazyOrderSettings = lazyOnFirstOpen<OrderSettingsProps>(
  withCatalogueGroup('later', () =>
    import('./order-settings').then((module) => ({ default: module.OrderSettings })),
  ),
);
