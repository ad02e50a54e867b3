import { Suspense, lazy, useEffect, useState } from 'react';
import type { OrderSettingsProps } from './order-settings';

const OrderSettings = lazy(() =>
  import('./order-settings').then((module) => ({ default: module.OrderSettings })),
);

/**
 * The order settings, loaded on first open: their popups (order type, address, map) are not needed
 * to see the outlets, so they stay out of the first screen (the size budget). Once opened they stay
 * mounted, so closing keeps the popups' exit (focus return) intact. A chunk that cannot load reaches
 * the route's error element, which offers the reload prompt.
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
