import { afterEach, describe, expect, it } from 'vitest';
import { paths, setHostMall } from './paths';

afterEach(() => setHostMall(undefined));

describe('paths', () => {
  it('on the public host -> every page under /fc/{mall}', () => {
    expect(paths.mall('mall-demo')).toBe('/fc/mall-demo');
    expect(paths.outlet('mall-demo', 'mall-demo-roti-canai')).toBe('/fc/mall-demo/r/mall-demo-roti-canai');
    expect(paths.pay('mall-demo', 7)).toBe('/fc/mall-demo/pay/7');
    expect(paths.outletOrder('mall-demo', 7, 12)).toBe('/fc/mall-demo/order/7/12');
  });

  it("on the mall's own host -> pages at the root; another mall's still under /fc/", () => {
    setHostMall('mall-demo');
    expect(paths.mall('mall-demo')).toBe('/');
    expect(paths.cart('mall-demo')).toBe('/cart');
    expect(paths.cart('mall-two')).toBe('/fc/mall-two/cart');
  });

  it('the login of the diner app -> /login with the way back', () => {
    expect(paths.login('mall-demo', '/fc/mall-demo/cart')).toBe('/login?path=%2Ffc%2Fmall-demo%2Fcart');
  });

  it("on the mall's own host -> the way back is still spelt under /fc/{mall} (the login is the diner app)", () => {
    setHostMall('mall-demo');
    expect(paths.login('mall-demo', '/cart')).toBe('/login?path=%2Ffc%2Fmall-demo%2Fcart');
    expect(paths.login('mall-demo', '/cart?x=1')).toBe('/login?path=%2Ffc%2Fmall-demo%2Fcart%3Fx%3D1');
    expect(paths.login('mall-demo', '/')).toBe('/login?path=%2Ffc%2Fmall-demo');
    expect(paths.login('mall-demo', '/?tid=6001')).toBe('/login?path=%2Ffc%2Fmall-demo%3Ftid%3D6001');
    expect(paths.login('mall-demo', '/fc/mall-demo/cart')).toBe('/login?path=%2Ffc%2Fmall-demo%2Fcart');
  });
});
