import { Suspense, lazy, useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { Spinner } from '../components/spinner';
import { CHUNK_LOAD_TIMEOUT_MS } from './chunk-errors';
import { ReloadPrompt } from './reload-prompt';

/**
 * What a popup shows while its code loads: a small spinner over the page, and after the chunk
 * time-out (120 s, spec §8, §9: the same as a route's) the reload prompt, so a hung chunk never
 * leaves the diner looking at a popup that does not come.
 */
function PopupLoading({ timeoutMs }: { timeoutMs: number }) {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  if (timedOut) return <ReloadPrompt />;
  return (
    <div className="st-lazy-loading">
      <Spinner />
    </div>
  );
}

/**
 * A lazily loaded component with an `open` prop (a popup, a panel of popups; any truthy value is
 * open, such as the step to open on), as `React.lazy` takes it: nothing is fetched or rendered before
 * its first open, so it stays out of the page's first load; from then on it stays mounted, so closing
 * keeps its dialog's exit (focus back to the opener) as usual. While the code loads a small spinner
 * shows; a load still waiting after `timeoutMs` (the chunk time-out, 120 s) turns into the reload
 * prompt. A chunk that cannot load throws to the route's error element (the reload prompt too).
 *
 * @example const LazyOrderSettings = lazyOnFirstOpen(() => import('./order-settings').then((m) => ({ default: m.OrderSettings })));
 */
export function lazyOnFirstOpen<P extends { open: unknown }>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): ComponentType<P> {
  const Loaded = lazy(load);
  return function OnFirstOpen(props: P) {
    const [opened, setOpened] = useState(Boolean(props.open));
    useEffect(() => {
      if (props.open) setOpened(true);
    }, [props.open]);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={props.open ? <PopupLoading timeoutMs={timeoutMs} /> : null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
