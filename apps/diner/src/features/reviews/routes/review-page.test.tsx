import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { storeAuth } from '../../../lib/session';
import { Component as ReviewPage, loader } from './review-page';

vi.mock('../../../config/env', () => ({
  env: {
    VITE_API_BASE: '',
    VITE_DEFAULT_COUNTRY: 'MY',
    VITE_MARKETING_URL_ID: '',
    VITE_MARKETING_URL_GLOBAL: '',
  },
}));

const routes = [
  { path: '/review/order_id/:order_id', Component: ReviewPage, loader },
  { path: '/login', element: <p>login page</p> },
  { path: '/orderstatus/order_id/:order_id', element: <p>order status page</p> },
];

const orderReviews = (overrides: { rated?: boolean } = {}) => ({
  order_id: 42,
  restaurant_id: 1001,
  nameid: 'kopitiam-ali',
  restaurant_name: 'Kopitiam Ali',
  items: [
    { order_item_id: 501, item_id: 11, name: 'Nasi Lemak', quantity: 2, review: null },
    {
      order_item_id: 502,
      item_id: 31,
      name: 'Teh Tarik',
      quantity: 1,
      review: overrides.rated === false ? null : { rating: 4, comment: 'Manis', created_epoch: 0 },
    },
  ],
});

const loggedIn = () => storeAuth({ status: 'ACTIVE' });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  storeAuth(undefined);
});

describe('review page', () => {
  it('rate the first dish 5 with a comment, keep the second at 4 -> reviews.create with both; thanks shown', async () => {
    loggedIn();
    const spy = stubApi({
      'reviews.orderItems': () => orderReviews(),
      'reviews.create': () => orderReviews(),
    });
    const { user } = renderRoute(routes, '/review/order_id/42');
    const nasi = await screen.findByRole('group', { name: 'Nasi Lemak' });
    expect(within(nasi).getByText('Quantity: 2')).toBeTruthy();
    const teh = screen.getByRole('group', { name: 'Teh Tarik' });
    // The rating given before is shown, and so is its comment.
    expect(within(teh).getByRole('radio', { name: '4 of 5 stars' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Comment on Teh Tarik (optional)')).toHaveProperty('value', 'Manis');

    await user.click(within(nasi).getByRole('radio', { name: '5 of 5 stars' }));
    await user.type(screen.getByLabelText('Comment on Nasi Lemak (optional)'), '  Sedap!  ');
    await user.click(screen.getByRole('button', { name: 'Send my ratings' }));

    await waitFor(() => expect(callsTo(spy, 'reviews.create')).toHaveLength(1));
    expect(callsTo(spy, 'reviews.create')[0]![0].body).toEqual({
      order_id: 42,
      reviews: [
        { order_item_id: 501, rating: 5, comment: 'Sedap!' },
        { order_item_id: 502, rating: 4, comment: 'Manis' },
      ],
    });
    expect(await screen.findByText('Thank you! Your ratings are saved.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kopitiam Ali' }).getAttribute('href')).toBe('/r/kopitiam-ali');
  });

  it('keyboard only: Tab to the stars, arrow right twice -> 2 stars chosen and sent', async () => {
    loggedIn();
    const spy = stubApi({
      'reviews.orderItems': () => orderReviews({ rated: false }),
      'reviews.create': () => orderReviews(),
    });
    const { user } = renderRoute(routes, '/review/order_id/42');
    await screen.findByRole('group', { name: 'Nasi Lemak' });
    // Back button, then the first star of the first dish.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getAllByRole('radio', { name: '1 of 5 stars' })[0]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getAllByRole('radio', { name: '3 of 5 stars' })[0]).toHaveProperty('checked', true);
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Send my ratings' }));
    await waitFor(() => expect(callsTo(spy, 'reviews.create')).toHaveLength(1));
    expect(callsTo(spy, 'reviews.create')[0]![0].body).toEqual({
      order_id: 42,
      reviews: [{ order_item_id: 501, rating: 2 }],
    });
  });

  it('nothing rated -> "Choose the stars for at least one dish", no call', async () => {
    loggedIn();
    const spy = stubApi({ 'reviews.orderItems': () => orderReviews({ rated: false }) });
    const { user } = renderRoute(routes, '/review/order_id/42');
    await user.click(await screen.findByRole('button', { name: 'Send my ratings' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Choose the stars for at least one dish',
    );
    expect(callsTo(spy, 'reviews.create')).toHaveLength(0);
  });

  it('a guest -> sent to log in, coming back to this screen', async () => {
    const spy = stubApi({});
    const { router } = renderRoute(routes, '/review/order_id/42');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('path')).toBe('/review/order_id/42');
    expect(spy).not.toHaveBeenCalled();
  });

  it("order not completed -> the server's message and a way back to the order", async () => {
    loggedIn();
    stubApi({
      'reviews.orderItems': () => {
        throw new ServerMessage(
          'You can rate the dishes once your order is completed',
          'errors.reviewOrderNotCompleted',
          422,
        );
      },
    });
    const { user } = renderRoute(routes, '/review/order_id/42');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You can rate the dishes once your order is completed',
    );
    await user.click(screen.getByRole('link', { name: 'Back to your order' }));
    expect(await screen.findByText('order status page')).toBeTruthy();
  });

  it('Malay -> the screen in Malay', async () => {
    loggedIn();
    stubApi({ 'reviews.orderItems': () => orderReviews() });
    renderRoute(routes, '/review/order_id/42', 'my');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nilaikan hidangan anda' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hantar penilaian saya' })).toBeTruthy();
    expect(screen.getAllByRole('radio', { name: '5 daripada 5 bintang' })).toHaveLength(2);
  });
});
