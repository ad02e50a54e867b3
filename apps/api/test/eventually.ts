import { vi } from 'vitest';

/**
 * Waits until `assertion` passes, for work that finishes after the call returns (the refund worker,
 * a webhook, a live event). Up to 10 s: `vi.waitFor`'s default of 1 s is too short when CI runs every
 * package's tests at once on two cores.
 */
export function eventually<T>(assertion: () => T | Promise<T>, timeout = 10_000): Promise<T> {
  return vi.waitFor(assertion, { timeout, interval: 25 });
}
