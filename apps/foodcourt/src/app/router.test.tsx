import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { routesFor } from './router';

/** The paths of the routes a URL matches, leaf last. */
const matched = (hostMall: string | undefined, url: string) =>
  matchRoutes(routesFor(hostMall), url)?.map((match) => match.route.path ?? '(layout)');

describe('routesFor', () => {
  it.each([
    ['/fc/mall-demo', '/fc/:mall'],
    ['/fc/mall-demo/r/mall-demo-roti-canai', '/fc/:mall/r/:outlet'],
    ['/fc/mall-demo/cart', '/fc/:mall/cart'],
    ['/fc/mall-demo/pay/7', '/fc/:mall/pay/:fcOrderId'],
    ['/fc/mall-demo/payment/response', '/fc/:mall/payment/response'],
    ['/fc/mall-demo/order/7', '/fc/:mall/order/:fcOrderId'],
    ['/fc/mall-demo/order/7/31', '/fc/:mall/order/:fcOrderId/:orderId'],
    ['/', '*'],
  ])('public host: %s -> %s', (url, path) => {
    expect(matched(undefined, url)?.at(-1)).toBe(path);
  });

  it.each([
    ['/', '/'],
    ['/r/mall-demo-roti-canai', '/r/:outlet'],
    ['/cart', '/cart'],
    ['/fc/mall-demo/payment/response', '/fc/:mall/payment/response'],
  ])('mall host mall-demo: %s -> %s', (url, path) => {
    expect(matched('mall-demo', url)?.at(-1)).toBe(path);
  });
});
