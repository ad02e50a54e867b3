import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HYDRATION_ID, hydratesHere, serverPage as serverPageFor, whenHydrated } from './hydration';
import type { HydrationSession } from './hydration';

/** The browser's session as `@santap/web`'s `browserSession` keeps it (its cookies are tested there). */
let knownHandover: string | undefined;
let signedIn = '';
const session: HydrationSession = {
  rememberCartHandover: (handover) => (knownHandover = handover),
  signedIn: () => signedIn,
};
const HANDOVER = 'sealedHandoverOfThePagesCart0123456789abcdefghij';
const storeAuth = (auth: { status: 'GUEST' | 'ACTIVE' } | undefined) => (signedIn = auth?.status ?? '');
const serverPage = (language: string, country: string, device?: string) =>
  serverPageFor(language, country, session, device);

/** The page's hydration block as the server writes it (apps/api web.ts). */
function putBlock(block: object | string) {
  document.getElementById(HYDRATION_ID)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = HYDRATION_ID;
  script.textContent = typeof block === 'string' ? block : JSON.stringify(block);
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(HYDRATION_ID)?.remove();
  delete window.__staticRouterHydrationData;
});

describe('serverPage: hydrate only a page made for this browser', () => {
  const state = { loaderData: { '0-2': { ok: true } }, actionData: null, errors: null };
  beforeEach(() => (knownHandover = undefined));

  it("same language and country -> the block, its data handed to the router, its cart's handover kept", () => {
    putBlock({ language: 'en', country: 'MY', cartHandover: HANDOVER, state });
    expect(serverPage('en', 'MY')?.language).toBe('en');
    expect(window.__staticRouterHydrationData).toEqual(state);
    expect(knownHandover).toBe(HANDOVER);
  });

  it('a block without a handover (a kiosk page) -> hydrated, nothing kept', () => {
    putBlock({ language: 'en', country: 'MY', state });
    expect(serverPage('en', 'MY')).toBeDefined();
    expect(knownHandover).toBeUndefined();
  });

  it("data named by an early reply -> the reply's data handed to the router; a reply the page lacks -> undefined", () => {
    const menu = { items: [{ id: 1, name: 'Nasi Lemak' }] };
    const named = {
      loaderData: { '0-2': { menu: { $early: 'restaurants.menu x' } } },
      actionData: null,
      errors: null,
    };
    putBlock({ language: 'en', country: 'MY', state: named });
    const replies = { 'restaurants.menu x': { status: 1, data: menu } };
    expect(serverPageFor('en', 'MY', session, undefined, () => replies)).toBeDefined();
    expect(window.__staticRouterHydrationData?.loaderData).toEqual({ '0-2': { menu } });

    delete window.__staticRouterHydrationData;
    putBlock({ language: 'en', country: 'MY', state: named });
    expect(serverPageFor('en', 'MY', session, undefined, () => ({}))).toBeUndefined();
    expect(serverPage('en', 'MY')).toBeUndefined();
    expect(window.__staticRouterHydrationData).toBeUndefined();
  });

  it('another language or country, a broken block or none -> undefined: the browser renders', () => {
    for (const block of [
      { language: 'id', country: 'MY', cartHandover: HANDOVER, state },
      { language: 'en', country: 'ID', cartHandover: HANDOVER, state },
      '{"language":',
    ]) {
      putBlock(block);
      expect(serverPage('en', 'MY'), JSON.stringify(block)).toBeUndefined();
      expect(window.__staticRouterHydrationData).toBeUndefined();
    }
    document.getElementById(HYDRATION_ID)?.remove();
    expect(serverPage('en', 'MY')).toBeUndefined();
  });

  it("a diner's own page (the cart, the order) -> hydrated only with the login state it was rendered for", () => {
    putBlock({ language: 'en', country: 'MY', signedIn: '', state });
    expect(serverPage('en', 'MY')).toBeDefined();
    // Rendered for a guest, the browser now signed in (or the other way round): rendered here.
    storeAuth({ status: 'ACTIVE' });
    expect(serverPage('en', 'MY')).toBeUndefined();
    putBlock({ language: 'en', country: 'MY', signedIn: 'ACTIVE', state });
    expect(serverPage('en', 'MY')?.signedIn).toBe('ACTIVE');
    storeAuth(undefined);
    expect(serverPage('en', 'MY')).toBeUndefined();
  });

  it("a kiosk's page -> hydrated only on the device it was rendered for (none registered, or another: rendered here)", () => {
    putBlock({ language: 'en', country: 'MY', device: 'kopitiam-ali-k1', state });
    expect(serverPage('en', 'MY', 'kopitiam-ali-k1')?.device).toBe('kopitiam-ali-k1');
    delete window.__staticRouterHydrationData;
    expect(serverPage('en', 'MY', 'mall-demo-k1')).toBeUndefined();
    expect(serverPage('en', 'MY')).toBeUndefined();
    expect(window.__staticRouterHydrationData).toBeUndefined();
  });
});

describe('hydratesHere: the route modules agree to hydrate the server data (beforeHydration)', () => {
  const block = {
    language: 'en',
    country: 'MY',
    state: { loaderData: { cart: { lines: 2 } }, actionData: null, errors: null },
  };
  const matches = [
    { route: { id: '0', path: undefined }, params: {} },
    { route: { id: 'cart', path: '/cart/:name' }, params: { name: 'warung' } },
  ];

  it("each module's answer decides, with its route's data and params", () => {
    const before = vi.fn((data: { lines: number }) => data.lines === 2);
    expect(hydratesHere(block, matches, new Map([['/cart/:name', { beforeHydration: before }]]))).toBe(true);
    expect(before).toHaveBeenCalledWith({ lines: 2 }, { name: 'warung' });
    expect(hydratesHere(block, matches, new Map([['/cart/:name', { beforeHydration: () => false }]]))).toBe(
      false,
    );
  });

  it('a module without beforeHydration, or a route without data -> hydrated', () => {
    expect(hydratesHere(block, matches, new Map([['/cart/:name', {}]]))).toBe(true);
    const noData = { ...block, state: { loaderData: {}, actionData: null, errors: null } };
    expect(hydratesHere(noData, matches, new Map([['/cart/:name', { beforeHydration: () => false }]]))).toBe(
      true,
    );
  });
});

describe('whenHydrated: the route modules settle what only the browser knows', () => {
  const router = (revalidate: () => Promise<void>) => ({
    state: {
      matches: [{ route: { id: '0' } }, { route: { id: '0-1', path: '/fc/:mall' } }],
      loaderData: { '0-1': { slug: 'mall-demo' } },
    },
    revalidate,
  });

  it('every module fresh -> no loader runs again; done at once', () => {
    const revalidate = vi.fn(() => Promise.resolve());
    const done = vi.fn();
    const after = vi.fn(() => 'fresh' as const);
    whenHydrated(router(revalidate), new Map([['/fc/:mall', { afterHydration: after }]]), done);
    expect(after).toHaveBeenCalledWith({ slug: 'mall-demo' });
    expect(revalidate).not.toHaveBeenCalled();
    expect(done).toHaveBeenCalledOnce();
  });

  it('one module stale -> the loaders run again, then done', async () => {
    const revalidate = vi.fn(() => Promise.resolve());
    const done = vi.fn();
    whenHydrated(
      router(revalidate),
      new Map([['/fc/:mall', { afterHydration: () => 'stale' as const }]]),
      done,
    );
    expect(revalidate).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce());
  });
});
