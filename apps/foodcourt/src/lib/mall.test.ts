import { describe, expect, it } from 'vitest';
import { mallOf, mallOfHost } from './mall';

describe('mallOfHost', () => {
  it.each([
    ['mall-demo.santap.my', '/', 'mall-demo'],
    ['mall-demo.localhost', '/r/mall-demo-roti-canai', 'mall-demo'],
    ['santap.my', '/fc/mall-demo', undefined],
    ['mall-demo.santap.my', '/fc/mall-demo/payment/response', undefined],
    ['localhost', '/', undefined],
  ])('%s%s -> %s', (hostname, pathname, expected) => {
    expect(mallOfHost({ hostname, pathname })).toBe(expected);
  });
});

describe('mallOf', () => {
  it('the :mall parameter wins over the host; without either -> empty', () => {
    expect(mallOf({ mall: 'mall-a' }, 'mall-b')).toBe('mall-a');
    expect(mallOf({}, 'mall-b')).toBe('mall-b');
    expect(mallOf({})).toBe('');
  });
});
