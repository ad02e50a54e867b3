import { Suspense, lazy, useEffect, useState } from 'react';
import { withCatalogueGroup } from '@santap/ui';
import type { OrderSettingsProps } from './order-settings';

const OrderSettings = lazy(
  withCatalogueGroup('later', () =>
    import('./order-settings').then((module) => ({ default: module.OrderSettings })),
  ),
);

/**
 * The order settings, loaded on first open: its popups (schedule, location, address, map) are not
 * needed to read the menu, so they stay out of the menu's first load. Once opened it stays mounted,
 * so closing keeps the popups' exit (focus return) intact.
 */
export function LazyOrderSettings(props: OrderSettingsProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (props.open) setWanted(true);
  }, [props.open]);
  if (!wanted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <OrderSettings {...props} />
    </Suspense>
  );
}
