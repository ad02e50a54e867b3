import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOW_CALL_MS, slowWatchedFetch, useSlowConnection, watchSlowCall } from './slow-calls';

/** A call the test answers when it likes. */
function pendingCall() {
  let answer: (value: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const call = new Promise<string>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { call, answer, fail };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('watchSlowCall', () => {
  it('a call answered within 8 s -> never slow', async () => {
    const { result } = renderHook(() => useSlowConnection());
    const { call, answer } = pendingCall();
    void watchSlowCall(call);
    await act(async () => void vi.advanceTimersByTime(SLOW_CALL_MS - 1));
    await act(async () => answer('ok'));
    await act(async () => void vi.advanceTimersByTime(SLOW_CALL_MS));
    expect(result.current).toBe(false);
  });

  it('a call still waiting at 8 s -> slow until it settles (a failure settles it too)', async () => {
    const { result } = renderHook(() => useSlowConnection());
    const first = pendingCall();
    const second = pendingCall();
    void watchSlowCall(first.call);
    void watchSlowCall(second.call).catch(() => undefined);
    await act(async () => void vi.advanceTimersByTime(SLOW_CALL_MS));
    expect(result.current).toBe(true);
    await act(async () => first.answer('ok'));
    expect(result.current).toBe(true);
    await act(async () => second.fail(new Error('timed out')));
    expect(result.current).toBe(false);
  });

  it('returns the call itself: its value and its failure reach the caller unchanged', async () => {
    vi.useRealTimers();
    await expect(watchSlowCall(Promise.resolve(42), 50)).resolves.toBe(42);
    await expect(watchSlowCall(Promise.reject(new Error('no')), 50)).rejects.toThrow('no');
  });

  it('slowWatchedFetch -> calls the global fetch with the same arguments and watches it', async () => {
    const { result } = renderHook(() => useSlowConnection());
    const request = pendingCall();
    const fetch = vi.fn(() => request.call as unknown as Promise<Response>);
    vi.stubGlobal('fetch', fetch);
    const init = { method: 'POST' };
    void slowWatchedFetch()('https://api.test/x', init);
    expect(fetch).toHaveBeenCalledWith('https://api.test/x', init);
    await act(async () => void vi.advanceTimersByTime(SLOW_CALL_MS));
    expect(result.current).toBe(true);
    await act(async () => request.answer('ok'));
    expect(result.current).toBe(false);
  });
});
