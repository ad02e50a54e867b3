import { hostMallName } from '../../../config/paths';

/**
 * Where a completed outlet order's dishes are rated: the diner app's review page
 * (`/review/order_id/{id}`, one outlet's order is an order like any other). Under `/fc/{mall}` that
 * path is the diner app on the same origin. A mall host (`mall-demo.santap.my`) serves only the
 * diner's login pages at its root (the API's `DINER_PAGES_ON_MALL_HOSTS`); every other root path
 * there is the food court, so the link goes to the same path on the public host the mall host
 * hangs under (`santap.my`), where the diner app answers it.
 *
 * @example reviewHref(31) // '/review/order_id/31' (on santap.my/fc/mall-demo/…)
 * @example reviewHref(31, { protocol: 'https:', host: 'mall-demo.santap.my' }) // on the mall host
 * // 'https://santap.my/review/order_id/31'
 */
export function reviewHref(
  orderId: number,
  page: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const path = `/review/order_id/${orderId}`;
  if (hostMallName() === undefined) return path;
  const publicHost = page.host.split('.').slice(1).join('.');
  return publicHost ? `${page.protocol}//${publicHost}${path}` : path;
}
