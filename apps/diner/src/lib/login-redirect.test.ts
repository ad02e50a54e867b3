import { describe, expect, it, vi } from 'vitest';
import { loginRedirect, parseLoginRedirect, returnPathAfterLogin, safeAppPath } from './login-redirect';
import { cartHandover } from './session';

vi.mock('../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const HANDOVER = 'sealedCartHandover-0123456789abcdefghijklmnopq';

describe('loginRedirect', () => {
  it("cart path, browser, the cart's handover, language -> /login with those in the spec order", () => {
    const url = loginRedirect({
      path: '/cart/kopitiam-ali/1',
      menu_path: '/r/kopitiam-ali/1',
      otpless: true,
      scanThroughQr: true,
      browser: 'b1',
      cartHandover: HANDOVER,
      sessionId: 's-1',
      language: 'my',
    });
    expect(url).toBe(
      `/login?otpless=1&browser=b1&scanThroughQr=1&menu_path=%2Fr%2Fkopitiam-ali%2F1&path=%2Fcart%2Fkopitiam-ali%2F1&cartToken=${HANDOVER}&sessionId=s-1&language=my`,
    );
  });

  it('schedule fields set -> carried; unset -> left out', () => {
    const scheduled = new URL(
      loginRedirect({
        path: '/cart/x',
        browser: 'b',
        cartHandover: HANDOVER,
        orderTime: 'SCHEDULED',
        date: '2026-05-01',
        epoch: 1777600800,
        time: '12:00',
        selectedTime: '12:00 - 12:30',
      }),
      'https://x.test',
    ).searchParams;
    expect(scheduled.get('epoch')).toBe('1777600800');
    expect(scheduled.get('selectedTime')).toBe('12:00 - 12:30');
    const asap = new URL(
      loginRedirect({ path: '/cart/x', browser: 'b', cartHandover: HANDOVER }),
      'https://x.test',
    ).searchParams;
    expect(['date', 'epoch', 'orderTime', 'time', 'selectedTime'].filter((key) => asap.has(key))).toEqual([]);
  });

  it('no browser or handover given -> this browser id and the handover the server last gave (never a cart token)', () => {
    const query = new URL(loginRedirect({ path: '/cart/x' }), 'https://x.test').searchParams;
    expect(query.get('browser')).toMatch(/^[0-9a-f]{12}$/);
    expect(query.get('cartToken')).toBe(cartHandover());
    expect(query.get('cartToken')).not.toMatch(/^user.{11}$/);
  });
});

describe('parseLoginRedirect', () => {
  it('a loginRedirect URL -> the same values back', () => {
    const url = loginRedirect({
      path: '/cart/warung-sari/2?x=1',
      browser: 'b1',
      cartHandover: HANDOVER,
      language: 'id',
      otpless: true,
      orderTime: 'SCHEDULED',
      date: '2026-05-01',
    });
    const parsed = parseLoginRedirect(url.slice(url.indexOf('?')));
    expect(parsed).toMatchObject({
      path: '/cart/warung-sari/2?x=1',
      browser: 'b1',
      cartHandover: HANDOVER,
      language: 'id',
      otpless: true,
      scanThroughQr: false,
      schedule: { orderTime: 'SCHEDULED', date: '2026-05-01' },
    });
  });

  it.each([
    ['https://evil.example/x', '/home'],
    ['//evil.example/x', '/home'],
    ['/\\evil.example', '/home'],
    ['javascript:alert(1)', '/home'],
    ['', '/home'],
  ])('path %j -> %s (never another origin)', (path, expected) => {
    expect(parseLoginRedirect(new URLSearchParams({ path })).path).toBe(expected);
  });

  it('path lost but menu_path given -> menu_path', () => {
    expect(parseLoginRedirect('?menu_path=%2Fr%2Fkopitiam-ali').path).toBe('/r/kopitiam-ali');
  });

  it('cartToken not a handover (a bare cart token, junk), language not supported -> dropped', () => {
    for (const cartToken of ['abc', 'userAbc123def45', `${HANDOVER}<script>`]) {
      const parsed = parseLoginRedirect(`?path=/x&cartToken=${encodeURIComponent(cartToken)}&language=fr`);
      expect(parsed.cartHandover).toBeUndefined();
      expect(parsed.language).toBeUndefined();
    }
  });
});

describe('returnPathAfterLogin', () => {
  it('path with a query + schedule -> schedule added, the path query kept', () => {
    const parsed = parseLoginRedirect('?path=%2Fcart%2Fx%3Fa%3D1&orderTime=SCHEDULED&epoch=17');
    expect(returnPathAfterLogin(parsed)).toBe('/cart/x?a=1&epoch=17&orderTime=SCHEDULED');
  });

  it('ASAP -> the path unchanged', () => {
    expect(returnPathAfterLogin(parseLoginRedirect('?path=%2Fr%2Fx%2F1'))).toBe('/r/x/1');
  });
});

describe('safeAppPath', () => {
  it("'/orderstatus/order_id/5#top' -> kept", () => {
    expect(safeAppPath('/orderstatus/order_id/5#top')).toBe('/orderstatus/order_id/5#top');
  });
});
