import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restaurants } from '@santap/api-client';
import { SLOW_CALL_MS, useSlowConnection } from '@santap/web';
import { api } from './api';

vi.mock('../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the app API client', () => {
  it('a call still waiting after 8 s -> the shell hears the connection is slow; answered -> not any more', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useSlowConnection());
    const call = api
      .call(restaurants.menu, { query: { restaurant_id: 'kopitiam-ali' } })
      .catch(() => undefined);
    // The client (ky) sends the request a few microtasks after the call: the watch starts with it.
    await act(async () => {
      for (let tick = 0; tick < 100 && fetch.mock.calls.length === 0; tick += 1) await Promise.resolve();
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => void vi.advanceTimersByTime(SLOW_CALL_MS - 1));
    expect(result.current).toBe(false);
    await act(async () => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    await act(async () => {
      answer(new Response('{}', { status: 500 }));
      await call;
    });
    expect(result.current).toBe(false);
  });
});
