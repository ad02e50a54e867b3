import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NoInternet, ServerMessage } from '@santap/api-client';
import { createTranslator } from '@santap/i18n';
import { addMoreErrorMessage, addingTo, doneAdding, startAddingTo } from './add-more';

vi.mock('../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const t = createTranslator('en');

afterEach(() => sessionStorage.clear());

describe('adding to a running order', () => {
  it('started at one restaurant -> that order there, none elsewhere; done -> none', () => {
    startAddingTo('kopitiam-ali', 77);
    expect(addingTo('kopitiam-ali')).toBe(77);
    expect(addingTo('warung-sari')).toBeUndefined();
    doneAdding('kopitiam-ali');
    expect(addingTo('kopitiam-ali')).toBeUndefined();
  });

  it('a stored value that is not an order id -> none', () => {
    sessionStorage.setItem('santap.addMore.kopitiam-ali', 'x');
    expect(addingTo('kopitiam-ali')).toBeUndefined();
  });
});

describe('addMoreErrorMessage', () => {
  it.each([
    [
      'a failure with no words (a 500)',
      new ApiError('Internal', undefined, 500),
      'Could not request for items',
    ],
    ['an unknown error', new Error('boom'), 'Could not request for items'],
    ['no connection', new NoInternet(), 'No Internet Connection'],
    ['items not available', new ApiError('x', 'errors.itemsNotAvailable', 409), 'Items not available'],
    [
      "the server's own words",
      new ServerMessage('Restaurant is not taking order', undefined, 200),
      'Restaurant is not taking order',
    ],
  ])('%s -> %s', (_name, error, words) => {
    expect(addMoreErrorMessage(error, t)).toBe(words);
  });
});
