import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, isChunkLoadError, useChunkTimeout } from './chunk-errors';
import type { NavigationSource } from './chunk-errors';

describe('isChunkLoadError', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'), true],
    [new TypeError('error loading dynamically imported module'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/a.css'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['Failed to fetch dynamically imported module', false],
  ])('%s -> %s', (error, expected) => expect(isChunkLoadError(error)).toBe(expected));
});

/** A router stand-in: its state, and a way to move it as navigations start and end. */
function fakeRouter(initialized: boolean, navigation: 'idle' | 'loading') {
  const listeners = new Set<(state: NavigationSource['state']) => void>();
  const router = {
    state: { initialized, navigation: { state: navigation as string } },
    subscribe(listener: (state: NavigationSource['state']) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    move(next: NavigationSource['state']) {
      router.state = next;
      for (const listener of listeners) listener(next);
    },
    listeners,
  };
  return router;
}

describe('useChunkTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('first load still running after 120 s -> timed out (not a moment before)', () => {
    const router = fakeRouter(false, 'idle');
    const { result } = renderHook(() => useChunkTimeout(router));
    act(() => void vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1));
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('a navigation that ends in time -> never times out, and the next one gets the full 120 s again', () => {
    const router = fakeRouter(true, 'idle');
    const { result } = renderHook(() => useChunkTimeout(router));
    act(() => router.move({ initialized: true, navigation: { state: 'loading' } }));
    act(() => void vi.advanceTimersByTime(100_000));
    act(() => router.move({ initialized: true, navigation: { state: 'idle' } }));
    act(() => void vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS));
    expect(result.current).toBe(false);
    act(() => router.move({ initialized: true, navigation: { state: 'loading' } }));
    act(() => void vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1));
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('idle router -> no timer at all; unmounted -> unsubscribed and no late update', () => {
    const router = fakeRouter(true, 'idle');
    const { result, unmount } = renderHook(() => useChunkTimeout(router, 1000));
    act(() => void vi.advanceTimersByTime(5000));
    expect(result.current).toBe(false);
    act(() => router.move({ initialized: true, navigation: { state: 'loading' } }));
    unmount();
    expect(router.listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
