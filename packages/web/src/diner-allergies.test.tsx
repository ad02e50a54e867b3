import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeAuth } from './browser-session';
import { createDinerAllergies } from './diner-allergies';
import type { DinerAllergies } from './diner-allergies';

const LOGGED_IN = { token: 't0k3n', userId: 7, status: 'ACTIVE' } as const;

function Shown({ allergies }: { allergies: DinerAllergies }) {
  return <p data-testid="shown">{allergies.useAllergies().join(',') || 'none'}</p>;
}

afterEach(() => {
  cleanup();
  storeAuth(undefined);
});

describe('createDinerAllergies', () => {
  it('logged-in diner -> the call with the signal; its allergens published; unknown categories dropped', async () => {
    storeAuth(LOGGED_IN);
    const call = vi.fn(() => Promise.resolve(['nuts', 'not-a-category', 'shellfish']));
    const allergies = createDinerAllergies(call);
    render(<Shown allergies={allergies} />);
    expect(screen.getByTestId('shown').textContent).toBe('none');

    const signal = new AbortController().signal;
    let loaded: readonly string[] = [];
    await act(async () => {
      loaded = await allergies.load(signal);
    });
    expect(call).toHaveBeenCalledWith(signal);
    expect(loaded).toEqual(['nuts', 'shellfish']);
    expect(screen.getByTestId('shown').textContent).toBe('nuts,shellfish');
  });

  it.each([
    ['no login', undefined],
    ['a guest session', { token: 'g', userId: 0, status: 'GUEST' } as const],
  ])('%s -> no call, none, and a later read clears what a logged-in one published', async (_case, auth) => {
    storeAuth(LOGGED_IN);
    const call = vi.fn(() => Promise.resolve(['fish']));
    const allergies = createDinerAllergies(call);
    render(<Shown allergies={allergies} />);
    await act(() => allergies.load());
    expect(screen.getByTestId('shown').textContent).toBe('fish');

    storeAuth(auth);
    let loaded: readonly string[] = ['x'];
    await act(async () => {
      loaded = await allergies.load();
    });
    expect(loaded).toEqual([]);
    expect(call).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('shown').textContent).toBe('none');
  });

  it('a failed read (refused, or a lazy chunk that threw) -> none, never a rejection', async () => {
    storeAuth(LOGGED_IN);
    let fail: () => Promise<readonly string[]> = () => Promise.resolve(['gluten']);
    const allergies = createDinerAllergies(() => fail());
    render(<Shown allergies={allergies} />);
    await act(() => allergies.load());
    expect(screen.getByTestId('shown').textContent).toBe('gluten');

    fail = () => Promise.reject(new Error('401'));
    await act(async () => {
      await expect(allergies.load()).resolves.toEqual([]);
    });
    expect(screen.getByTestId('shown').textContent).toBe('none');

    fail = () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    };
    await expect(allergies.load()).resolves.toEqual([]);
  });

  it('allergies with severities -> all of them highlighted, only the severe ones in useSevereAllergies', async () => {
    storeAuth(LOGGED_IN);
    const allergies = createDinerAllergies(() =>
      Promise.resolve([
        { category: 'nuts', severity: 'severe' },
        { category: 'fish', severity: 'avoid' },
        { category: 'not-a-category', severity: 'severe' },
        'gluten',
      ]),
    );
    function Severe() {
      return <p data-testid="severe">{allergies.useSevereAllergies().join(',') || 'none'}</p>;
    }
    render(
      <>
        <Shown allergies={allergies} />
        <Severe />
      </>,
    );
    expect(screen.getByTestId('severe').textContent).toBe('none');
    await act(() => allergies.load());
    expect(screen.getByTestId('shown').textContent).toBe('nuts,fish,gluten');
    expect(screen.getByTestId('severe').textContent).toBe('nuts');

    storeAuth(undefined);
    await act(() => allergies.load());
    expect(screen.getByTestId('severe').textContent).toBe('none');
  });

  it('two stores (two apps, or two tests) -> each keeps its own', async () => {
    storeAuth(LOGGED_IN);
    const first = createDinerAllergies(() => Promise.resolve(['gluten']));
    const second = createDinerAllergies(() => Promise.resolve(['seafood']));
    await first.load();
    await second.load();
    render(<Shown allergies={first} />);
    expect(screen.getByTestId('shown').textContent).toBe('gluten');
  });
});
