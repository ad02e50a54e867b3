import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_TYPE } from '@santap/domain';
import { storeAuth } from '@santap/web';
import { mallFixture } from '../testing/fixtures';
import { readStoredSession, startSession, storeSession } from './fc-session';
import { afterHydration } from './load-base';
import type { MallBase } from './load-base';

afterEach(() => {
  sessionStorage.clear();
  storeAuth(undefined);
});

describe("afterHydration: what this browser knows and the server's page (a guest, no stored session) did not", () => {
  const { mall, restaurants } = mallFixture();
  const base: MallBase = {
    slug: 'mall-demo',
    mall,
    outlets: restaurants,
    cart: undefined,
    // What the server's loader made: no stored session, no table.
    session: startSession(mall, undefined),
  };

  it('a first visit, a guest -> fresh; the session is kept for the tab as the loader would', () => {
    expect(readStoredSession('mall-demo')).toBeUndefined();
    expect(afterHydration(base)).toBe('fresh');
    expect(readStoredSession('mall-demo')).toEqual(base.session);
  });

  it('a reload with the same session kept (in another key order) -> fresh', () => {
    sessionStorage.setItem(
      'santap.fc.mall-demo',
      JSON.stringify(Object.fromEntries(Object.entries(base.session).reverse())),
    );
    expect(afterHydration(base)).toBe('fresh');
  });

  it('a reload after the diner chose delivery -> stale (the loaders run again), the kept session untouched', () => {
    const delivery = {
      orderType: ORDER_TYPE.DELIVERY,
      address: { line: 'Jalan 1', location: [101.7, 3.1] as [number, number] },
    };
    storeSession('mall-demo', delivery);
    expect(startSession(mall, delivery).orderType).toBe(ORDER_TYPE.DELIVERY);
    expect(afterHydration(base)).toBe('stale');
    expect(readStoredSession('mall-demo')).toEqual(delivery);
  });

  it('a logged-in diner -> stale (their cart, cashback and allergies are not the guest page)', () => {
    storeAuth({ status: 'ACTIVE' });
    expect(afterHydration(base)).toBe('stale');
  });
});
