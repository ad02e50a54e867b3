import { Suspense, lazy, useEffect, useState } from 'react';
import type { ComponentType } from 'react';

/**
 * A lazily loaded component with an `open` prop (a popup, a panel of popups; any truthy value is
 * open, such as the step to open on), as `React.lazy` takes it: nothing is fetched or rendered before its first open, so it stays out of the page's first load;
 * from then on it stays mounted, so closing keeps its dialog's exit (focus back to the opener) as
 * usual. A chunk that cannot load throws to the route's error element (the reload prompt).
 *
 * @example const LazyOrderSettings = lazyOnFirstOpen(() => import('./order-settings').then((m) => ({ default: m.OrderSettings })));
 */
export function lazyOnFirstOpen<P extends { open: unknown }>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Loaded = lazy(load);
  return function OnFirstOpen(props: P) {
    const [opened, setOpened] = useState(Boolean(props.open));
    useEffect(() => {
      if (props.open) setOpened(true);
    }, [props.open]);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
