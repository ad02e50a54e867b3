import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cart as cartApi } from '@santap/api-client';
import type { ApiClient } from '@santap/api-client';
import { useCart } from './cart';

/** An API client whose every call answers `reply`, and which keeps what it was called with. */
function fakeApi(reply: unknown) {
  const call = vi.fn((..._args: unknown[]) => Promise.resolve(reply));
  return { api: { call } as unknown as ApiClient, call };
}

describe('useCart().addDish', () => {
  it('2 × dish 7, size large, note "  less spicy " -> cart/update with the scope, the note trimmed', async () => {
    const { api, call } = fakeApi({ items: [] });
    const { result } = renderHook(() => useCart(api, 'nasi-kandar', undefined));
    await act(() =>
      result.current.addDish(7, { quantity: 2, selections: { size: ['large'] }, notes: '  less spicy ' }),
    );
    expect(call).toHaveBeenCalledWith(cartApi.cartUpdate, {
      body: {
        scope: 'nasi-kandar',
        item_id: 7,
        quantity: 2,
        selections: { size: ['large'] },
        notes: 'less spicy',
      },
    });
    expect(result.current.cart).toEqual({ items: [] });
  });

  it('a blank note -> no notes field', async () => {
    const { api, call } = fakeApi({ items: [] });
    const { result } = renderHook(() => useCart(api, 'pavilion', undefined));
    await act(() => result.current.addDish(3, { quantity: 1, selections: {}, notes: '   ' }));
    expect(call.mock.calls[0]?.[1]).toEqual({
      body: { scope: 'pavilion', item_id: 3, quantity: 1, selections: {} },
    });
  });
});
