import { afterEach, describe, expect, it } from 'vitest';
import {
  browserCountry,
  cartHandover,
  isCartHandover,
  isDevHost,
  rememberCartHandover,
} from './browser-session';

/** Moves the test page to `url` (host and query), as opening a link would. */
function openPage(url: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}

afterEach(() => {
  sessionStorage.clear();
  openPage('http://localhost:3000/');
});

describe('isDevHost', () => {
  it.each([
    ['localhost', true],
    ['shop.localhost', true],
    ['127.0.0.1', true],
    ['192.168.1.20', true],
    ['[::1]', true],
    ['order.santap.my', false],
    ['santap.id', false],
    ['localhost.santap.my', false],
    [undefined, false],
  ])('%s -> %s', (host, expected) => expect(isDevHost(host)).toBe(expected));
});

describe('browserCountry', () => {
  it('localhost without ?country -> the build default', () => {
    openPage('http://localhost:5173/r/kopitiam-ali');
    expect(browserCountry('MY')).toBe('MY');
    expect(browserCountry('ID')).toBe('ID');
  });

  it('localhost?country=ID -> ID, and it holds for the session after the query is gone', () => {
    openPage('http://localhost:5173/r/warung-sari?country=ID');
    expect(browserCountry('MY')).toBe('ID');
    openPage('http://localhost:5173/cart/warung-sari');
    expect(browserCountry('MY')).toBe('ID');
    expect(sessionStorage.getItem('santap.devCountry')).toBe('ID');
  });

  it('an IP host?country=my (any case) -> MY over an ID default; a later ?country=ID switches', () => {
    openPage('http://192.168.1.20:3000/home?country=my');
    expect(browserCountry('ID')).toBe('MY');
    openPage('http://192.168.1.20:3000/home?country=ID');
    expect(browserCountry('ID')).toBe('ID');
  });

  it('?country=SG (not a Santap country) -> ignored, the default stays', () => {
    openPage('http://localhost:5173/home?country=SG');
    expect(browserCountry('MY')).toBe('MY');
    expect(sessionStorage.getItem('santap.devCountry')).toBeNull();
  });

  it('a real host -> its last label, whatever ?country= or the session says', () => {
    sessionStorage.setItem('santap.devCountry', 'ID');
    openPage('https://order.santap.my/r/kopitiam-ali?country=ID');
    expect(browserCountry('ID')).toBe('MY');
    openPage('https://santap.id/home?country=MY');
    expect(browserCountry('MY')).toBe('ID');
    expect(sessionStorage.getItem('santap.devCountry')).toBe('ID');
  });
});

describe('the cart handover (for the login redirect; the cart token is an HttpOnly cookie)', () => {
  const HANDOVER = 'sealedByTheServer_0123456789-abcdefghijklmnopqrstuvwxyz';

  it.each([
    [HANDOVER, true],
    ['userAbc123def45', false], // a cart token is never one
    ['x'.repeat(39), false],
    ['x'.repeat(201), false],
    [`${HANDOVER}<script>`, false],
    [undefined, false],
  ])('%s -> %s', (value, expected) => expect(isCartHandover(value)).toBe(expected));

  it('a handover the server gave -> kept; anything else -> the last one stays', () => {
    rememberCartHandover(HANDOVER);
    expect(cartHandover()).toBe(HANDOVER);
    rememberCartHandover('userAbc123def45');
    rememberCartHandover('');
    expect(cartHandover()).toBe(HANDOVER);
  });
});
