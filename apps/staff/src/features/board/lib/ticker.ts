/**
 * One shared 1 s clock for every ticket's age label: a single interval, running only while some label
 * listens, and `useTickSeconds` re-renders just the components that read it (the labels), never the
 * cards around them.
 */
import { useSyncExternalStore } from 'react';

export const TICK_MS = 1000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let nowSeconds = Math.floor(Date.now() / 1000);

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    nowSeconds = Math.floor(Date.now() / 1000);
    timer = setInterval(() => {
      nowSeconds = Math.floor(Date.now() / 1000);
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const snapshot = () => nowSeconds;

/** The clock in Unix seconds, updated once a second by the shared ticker. */
export function useTickSeconds(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** How many labels listen (tests: one interval for all of them). */
export const tickListeners = () => listeners.size;
