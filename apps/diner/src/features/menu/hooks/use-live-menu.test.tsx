import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuFixture } from '../../../lib/testing/fixtures';
import { callsTo, stubApi } from '../../../lib/testing/render-route';
import { MENU_REFRESH_MS, useLiveMenu } from './use-live-menu';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useLiveMenu', () => {
  it('asks again every interval: an unchanged menu keeps the same object; a dish sold out meanwhile shows', async () => {
    vi.useFakeTimers();
    const initial = menuFixture();
    let served = structuredClone(initial);
    const spy = stubApi({ 'restaurants.menu': () => served });
    const { result } = renderHook(() => useLiveMenu(initial, 'kopitiam-ali'));
    expect(result.current).toBe(initial);

    await act(async () => vi.advanceTimersByTimeAsync(MENU_REFRESH_MS));
    expect(callsTo(spy, 'restaurants.menu')).toHaveLength(1);
    expect(result.current).toBe(initial);

    served = structuredClone(initial);
    served.items[0]!.in_stock = false;
    await act(async () => vi.advanceTimersByTimeAsync(MENU_REFRESH_MS));
    expect(result.current.items[0]!.in_stock).toBe(false);
    expect(callsTo(spy, 'restaurants.menu')[0]![0]).toEqual({ query: { restaurant_id: 'kopitiam-ali' } });
  });

  it('a failed refresh keeps the menu shown', async () => {
    vi.useFakeTimers();
    const initial = menuFixture();
    stubApi({
      'restaurants.menu': () => {
        throw new Error('offline');
      },
    });
    const { result } = renderHook(() => useLiveMenu(initial, 'kopitiam-ali'));
    await act(async () => vi.advanceTimersByTimeAsync(MENU_REFRESH_MS));
    expect(result.current).toBe(initial);
  });
});
