import { useEffect, useState } from 'react';
import { cart as cartApi } from '@santap/api-client';
import { BILL_LINE_KEY } from '@santap/domain';
import { useCartFollowers } from '@santap/web';
import type { CartData } from '@santap/web';
import { api } from '../../../lib/api';
import type { BillData } from '../../../lib/api-types';

/** Cashback the bill spends (its loyalty line, a negative amount), in minor units. */
export const cashbackOf = (bill: BillData) =>
  -(bill.lines.find((line) => line.key === BILL_LINE_KEY.loyaltyDiscount)?.amount ?? 0);

/**
 * A restaurant cart's bill from the server, read again after every change of the cart (items,
 * coupon, order type) and when the offers say so (`reload`), and the cashback switch, which the
 * server keeps on the cart: a diner coming back finds it as they left it.
 */
export function useCartBill(scope: string, loaded: { cart: CartData; bill: BillData }, cart: CartData) {
  const [bill, setBill] = useState<BillData>(loaded.bill);
  const [useLoyalty, setUseLoyalty] = useState(() => cashbackOf(loaded.bill) > 0);
  const follows = useCartFollowers(cart, loaded.cart, (isCurrent) =>
    api.call(cartApi.cartBill, { query: { scope } }).then((reply) => isCurrent() && setBill(reply.bill)),
  );
  useEffect(() => {
    setBill(loaded.bill);
    setUseLoyalty(cashbackOf(loaded.bill) > 0);
  }, [loaded]);
  return { bill, setBill, loading: follows.loading, reload: follows.reload, useLoyalty, setUseLoyalty };
}
