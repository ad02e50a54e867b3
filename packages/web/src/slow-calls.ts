import { useSyncExternalStore } from 'react';

/**
 * How long a call may wait before the diner is told the connection is slow (spec §8 'no internet or
 * slow connection'): well under the API's shortest time-out (10 s) and its main one (25 s), well over
 * a normal reply on a phone network.
 */
export const SLOW_CALL_MS = 8000;

let slowCalls = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Watches one call: from `thresholdMs` until it settles (answered, failed or timed out) it counts as
 * slow. Returns the call itself, so a fetch wrapper stays transparent.
 */
export function watchSlowCall<T>(call: Promise<T>, thresholdMs = SLOW_CALL_MS): Promise<T> {
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    slowCalls += 1;
    emit();
  }, thresholdMs);
  const settled = () => {
    clearTimeout(timer);
    if (!late) return;
    slowCalls -= 1;
    emit();
  };
  call.then(settled, settled);
  return call;
}

/**
 * A `fetch` whose every request is watched ({@link watchSlowCall}): what an app hands its API client,
 * so every call of the app, and only a real network call (not an early reply), can raise the notice.
 */
export function slowWatchedFetch(thresholdMs = SLOW_CALL_MS): typeof fetch {
  return (input, init) => watchSlowCall(globalThis.fetch(input, init), thresholdMs);
}

/** Whether a call has been waiting longer than the threshold and is still waiting. */
export function useSlowConnection(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => slowCalls > 0,
    () => false,
  );
}
