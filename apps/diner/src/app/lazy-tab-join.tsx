import { Suspense, lazy, useEffect, useState } from 'react';
import { withCatalogueGroup } from '@santap/web';
import type { TabJoinProps } from '../components/tab-join-slot';
import { whenIdle } from '../lib/when-idle';

const JoinBanner = lazy(() =>
  withCatalogueGroup('tab', () => import('../features/tab/components/join-banner'))()
    .then((module) => ({ default: module.JoinBanner }))
    // The banner only adds to the menu: a chunk that cannot load leaves the menu as it is.
    .catch(() => ({ default: () => null })),
);

/**
 * The tab's banner of the menu (`TabJoinSlot`), fetched once the page is idle after its first render:
 * its code, its call and its words stay off the menu's first screen (the size budget), and the server
 * render has nothing of it (no hydration to match).
 */
export function LazyTabJoin(props: TabJoinProps) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle ? (
    <Suspense fallback={null}>
      <JoinBanner {...props} />
    </Suspense>
  ) : null;
}
