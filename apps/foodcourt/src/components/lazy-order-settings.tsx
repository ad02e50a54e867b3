import { lazyOnFirstOpen } from '@santap/ui';
import type { OrderSettingsProps } from './order-settings';

/**
 * The order settings, loaded on first open (`lazyOnFirstOpen`): their popups (order type, address,
 * map) are not needed to see the outlets, so they stay out of the first screen (the size budget).
 */
export const LazyOrderSettings = lazyOnFirstOpen<OrderSettingsProps>(() =>
  import('./order-settings').then((module) => ({ default: module.OrderSettings })),
);
