import type { LoaderFunctionArgs } from 'react-router';
import { cart as cartApi, promotions } from '@santap/api-client';
import { storedAuth } from '@santap/web';
import { api } from '../../../lib/api';
import type { BillData, CartBillData, FcCoupons, Wallet } from '../../../lib/api-types';
import { loadMallBase } from '../../../lib/load-base';
import type { MallBase } from '../../../lib/load-base';

export interface CartPageData extends MallBase {
  bill: CartBillData | undefined;
  /** Lines sold out now, across the outlets (`/api/orders/cart/foodcourt/out-of-stock`). */
  outOfStock: string[];
  coupons: FcCoupons | undefined;
  /** The diner's cashback; undefined when the call failed (see {@link CartPageData.loggedIn}). */
  wallet: Wallet | undefined;
  /**
   * This browser holds a registered diner's login. When the wallet call fails it decides what the
   * page shows instead: nothing for a logged-in diner (never 'Log in to earn…' to someone logged in),
   * the login prompt for a guest.
   */
  loggedIn: boolean;
}

export type { BillData };

/**
 * The cart page's data: the food court's base, the bill (and each outlet's), what ran out across the
 * outlets, the food court's coupons and the diner's cashback. A side call that fails leaves its part
 * out instead of failing the page.
 */
export async function loadCart(args: LoaderFunctionArgs): Promise<CartPageData> {
  const base = await loadMallBase(args);
  const scope = base.slug;
  const signal = { signal: args.request.signal };
  const [bill, outOfStock, coupons, wallet] = await Promise.all([
    api.call(cartApi.cartBill, { query: { scope } }, signal).catch(() => undefined),
    api
      .call(cartApi.foodCourtOutOfStock, { query: { scope } }, signal)
      .then((reply) => reply.items.map((item) => item.name))
      .catch(() => []),
    api.call(promotions.foodCourtCouponsActive, { query: { mall: scope } }, signal).catch(() => undefined),
    api.call(promotions.walletAmount, { query: { scope } }, signal).catch(() => undefined),
  ]);
  return { ...base, bill, outOfStock, coupons, wallet, loggedIn: storedAuth()?.status === 'ACTIVE' };
}
