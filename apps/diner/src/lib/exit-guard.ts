import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * A page that would lose something if the diner left it: an open cart or a payment in progress
 * (spec §2 exit page). `allows(pathname)` says which in-app destinations are part of the same
 * journey (the cart's own menu, payments, login) and so need no prompt.
 */
export interface ExitGuard {
  /** What would be lost, for the popup's words. */
  reason: 'cart' | 'payment';
  allows: (pathname: string) => boolean;
}

let guards: readonly ExitGuard[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The guards of the pages now shown; the root layout prompts while there is one. */
export function useExitGuards(): readonly ExitGuard[] {
  return useSyncExternalStore(
    subscribe,
    () => guards,
    () => guards,
  );
}

/**
 * Asks the root layout to prompt before the diner leaves while `active`: the browser's own
 * `beforeunload` prompt for leaving the site, and the exit-page popup for in-app navigation to a
 * path `allows` does not accept.
 */
export function useExitGuard(
  active: boolean,
  allows: (pathname: string) => boolean = () => false,
  reason: ExitGuard['reason'] = 'cart',
) {
  const allowsRef = useRef(allows);
  useEffect(() => {
    allowsRef.current = allows;
  });
  useEffect(() => {
    if (!active) return undefined;
    const guard: ExitGuard = { reason, allows: (pathname) => allowsRef.current(pathname) };
    guards = [...guards, guard];
    emit();
    return () => {
      guards = guards.filter((g) => g !== guard);
      emit();
    };
  }, [active, reason]);
}
