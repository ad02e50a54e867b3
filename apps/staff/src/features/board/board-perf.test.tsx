/**
 * The board's render budget with 300 live orders: an event re-renders the one card it names, and the
 * 1 s ticker re-renders the age labels only (a card render is counted through `ageStart`, which only
 * a card's render calls).
 */
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { startI18n } from '../../app/i18n';
import { AppProviders } from '../../app/providers';
import { setStaffToken } from '../../lib/session';
import { FakeSocket, KITCHEN_ME, ok, stubServer, testOrder, openBoardSocket } from '../../lib/testing';
import { setBoardSocketFactory } from '../../lib/board-socket';
import type * as Kitchen from './lib/kitchen';

const counted = vi.hoisted(() => ({ cards: 0 }));
vi.mock('./lib/kitchen', async (original) => {
  const actual = await original<typeof Kitchen>();
  return {
    ...actual,
    ageStart: (order: Parameters<typeof actual.ageStart>[0]) => {
      counted.cards += 1;
      return actual.ageStart(order);
    },
  };
});

let i18n: I18n;
beforeAll(async () => {
  i18n = await startI18n('en');
});
beforeEach(() => {
  FakeSocket.last = undefined;
  setBoardSocketFactory((url) => new FakeSocket(url));
  window.history.replaceState(null, '', '/');
  setStaffToken('tok-kitchen');
});
afterEach(() => setStaffToken(null));

describe('board with 300 live orders', () => {
  it('one event -> one card re-renders; a clock tick -> no card re-renders', async () => {
    const now = Math.floor(Date.now() / 1000);
    const orders = new Map(
      Array.from({ length: 300 }, (_, i) => {
        const order = testOrder(i + 1, { created_epoch: now - i * 10, status: i % 2 ? 0 : 2 });
        return [order.order_id, order] as const;
      }),
    );
    stubServer({
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/orders': (request) => {
        const id = new URL(request.url).searchParams.get('order_id');
        return ok({ orders: id ? [orders.get(Number(id))] : [...orders.values()] });
      },
    });
    render(<AppProviders i18n={i18n} />);
    await screen.findByRole('article', { name: 'Order #300' });
    await openBoardSocket('restaurant:1001');
    expect(screen.getAllByRole('article')).toHaveLength(300);

    counted.cards = 0;
    const changed = structuredClone(orders.get(7)!);
    changed.kitchen.rush = true;
    orders.set(7, changed);
    act(() =>
      FakeSocket.last!.receive({ type: 'event', event: { type: 'order.kitchen', data: { order_id: 7 } } }),
    );
    const card = await screen.findByRole('article', { name: 'Order #7' });
    await expect.poll(() => within(card).queryByRole('button', { name: 'Rush', pressed: true })).toBeTruthy();
    expect(counted.cards).toBe(1);

    counted.cards = 0;
    await act(() => new Promise((resolve) => setTimeout(resolve, 1100)));
    expect(counted.cards).toBe(0);
  });
});
