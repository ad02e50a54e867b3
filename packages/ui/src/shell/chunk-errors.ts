import { useEffect, useState } from 'react';

/** How long a route's code may take to arrive before the diner is offered a reload (spec §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const CHUNK_FAILURE = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /'text\/html' is not a valid JavaScript MIME type/i,
];

/**
 * Is this error a route's code or CSS failing to load (spec §8)? Vite's lazy imports fail with the
 * browser's dynamic-import message; its CSS preloader with 'Unable to preload CSS' (also dispatched as
 * `vite:preloadError`); an old HTML file asking for deleted assets may get HTML back instead of JS.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_FAILURE.some((pattern) => pattern.test(error.message));
}

/** The part of a react-router data router the chunk time-out watches (kept structural: no router import). */
export interface NavigationSource {
  readonly state: { initialized: boolean; navigation: { state: string } };
  subscribe(listener: (state: { initialized: boolean; navigation: { state: string } }) => void): () => void;
}

/**
 * True once a navigation (lazy route code and its loaders) has not finished after 120 s (spec §8, §9):
 * the app then offers a reload. Loaders time out after 25 s, so a navigation this slow is a hung chunk.
 */
export function useChunkTimeout(router: NavigationSource, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): boolean {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = (busy: boolean) => {
      if (busy && timer === undefined) {
        timer = setTimeout(() => setTimedOut(true), timeoutMs);
      } else if (!busy && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    };
    check(!router.state.initialized || router.state.navigation.state !== 'idle');
    const unsubscribe = router.subscribe((state) =>
      check(!state.initialized || state.navigation.state !== 'idle'),
    );
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [router, timeoutMs]);
  return timedOut;
}
