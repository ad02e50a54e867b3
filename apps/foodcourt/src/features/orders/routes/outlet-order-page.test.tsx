import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLiveSocketFactory } from '@santap/ui';
import type { LiveSocket, LiveSocketFactory } from '@santap/ui';
import { setHostMall } from '../../../config/paths';
import { fcOrderFixture, outletOrderFixture } from '../../../testing/fixtures';
import { renderRoute, stubApi } from '../../../testing/render-route';
import { reviewHref } from '../lib/review-link';
import { Component as OutletOrderPage, loader } from './outlet-order-page';

/** A socket that never opens: the page's live channel is not what these tests look at. */
class QuietSocket implements LiveSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

const routes = [{ path: '/fc/:mall/order/:fcOrderId/:orderId', loader, Component: OutletOrderPage }];

let previous: LiveSocketFactory;
beforeEach(() => {
  previous = setLiveSocketFactory(() => new QuietSocket());
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setLiveSocketFactory(previous);
  setHostMall(undefined);
});

const part = (status: number) =>
  outletOrderFixture({ order_id: 31, restaurant_id: 1011, restaurant_name: 'Nasi Lemak Mak Jah', status });

function showPart(status: number) {
  stubApi({ 'orders.foodCourt': () => fcOrderFixture([part(status)]) });
  return renderRoute(routes, '/fc/mall-demo/order/7/31');
}

describe("one outlet's order: rating its dishes", () => {
  it("a completed part -> 'Rate your dishes' to the diner app's review page for that order", async () => {
    showPart(4);
    const review = await screen.findByRole('region', { name: 'Rate your dishes' });
    expect(within(review).getByText(/How was your meal\?/)).toBeTruthy();
    expect(within(review).getByRole('link', { name: 'Rate your dishes' }).getAttribute('href')).toBe(
      '/review/order_id/31',
    );
  });

  it.each([
    ['waiting', 0],
    ['ready', 3],
    ['declined', 5],
  ])('a part %s -> no rating link', async (_state, status) => {
    showPart(status);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nasi Lemak Mak Jah' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Rate your dishes' })).toBeNull();
  });
});

describe('reviewHref', () => {
  it('under /fc/{mall} (no mall host) -> the diner path on the same origin', () => {
    expect(reviewHref(31, { protocol: 'https:', host: 'santap.my' })).toBe('/review/order_id/31');
  });

  it("on the mall's own host -> the same path on the public host it hangs under (its root is the food court)", () => {
    setHostMall('mall-demo');
    expect(reviewHref(31, { protocol: 'https:', host: 'mall-demo.santap.my' })).toBe(
      'https://santap.my/review/order_id/31',
    );
    expect(reviewHref(8, { protocol: 'http:', host: 'mall-demo.localhost:3000' })).toBe(
      'http://localhost:3000/review/order_id/8',
    );
  });
});
