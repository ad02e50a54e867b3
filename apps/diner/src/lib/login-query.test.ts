import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiLanguage } from './api';
import { loginPathFor, loginPathForRestaurant } from './login-query';
import { writeOrderSession } from './order-session';
import { cartHandover } from './session';

vi.mock('../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const query = (url: string) => {
  expect(url.startsWith('/login?')).toBe(true);
  return Object.fromEntries(new URL(url, 'https://app.test').searchParams);
};

afterEach(() => {
  sessionStorage.clear();
  setApiLanguage('en');
});

describe('loginPathFor', () => {
  it('only a path -> the whole redirect anyway: otpless, browser, cart token, session id, the language now', () => {
    setApiLanguage('id');
    const sent = query(loginPathFor({ path: '/payments/77/2550' }));
    expect(Object.keys(sent)).toEqual([
      'otpless',
      'browser',
      'scanThroughQr',
      'path',
      'cartToken',
      'sessionId',
      'language',
    ]);
    expect(sent).toMatchObject({
      otpless: '1',
      scanThroughQr: '0',
      path: '/payments/77/2550',
      language: 'id',
    });
    expect(sent.browser).toMatch(/^[0-9a-f]{12}$/);
    expect(sent.cartToken).toBe(cartHandover());
    expect(sent.cartToken).toMatch(/^[\w-]{40,}$/);
    expect(sent.sessionId).toBe(sessionStorage.getItem('santap.sessionId'));
  });

  it('an explicit language -> wins over the language now', () => {
    setApiLanguage('id');
    expect(query(loginPathFor({ path: '/x', language: 'my' })).language).toBe('my');
  });
});

describe('loginPathForRestaurant', () => {
  it('a scheduled order session, scanned at the table -> menu_path, scanThroughQr=1 and the schedule fields', () => {
    writeOrderSession('kopitiam-ali', {
      context: {
        orderType: 3,
        orderTime: 'SCHEDULED',
        tableNo: 'pickup',
        table: 'pickup',
        date: '2026-05-01',
        time: '12:00',
        epoch: 1777600800,
        selectedTime: '12:00 - 12:30',
      },
      scanThroughQr: true,
    });
    const sent = query(loginPathForRestaurant('/orderstatus/order_id/77', 'kopitiam-ali'));
    expect(sent).toMatchObject({
      scanThroughQr: '1',
      menu_path: '/r/kopitiam-ali',
      path: '/orderstatus/order_id/77',
      orderTime: 'SCHEDULED',
      date: '2026-05-01',
      time: '12:00',
      epoch: '1777600800',
      selectedTime: '12:00 - 12:30',
    });
  });

  it('no order session there -> menu_path still, no schedule fields', () => {
    const sent = query(loginPathForRestaurant('/orderstatus/order_id/77', 'kopitiam-ali'));
    expect(sent.menu_path).toBe('/r/kopitiam-ali');
    expect(sent.scanThroughQr).toBe('0');
    for (const key of ['date', 'epoch', 'orderTime', 'time', 'selectedTime'])
      expect(sent[key]).toBeUndefined();
  });
});
