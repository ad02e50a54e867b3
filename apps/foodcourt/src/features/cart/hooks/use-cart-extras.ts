import { useEffect, useState } from 'react';
import { cart as cartApi, promotions } from '@santap/api-client';
import { BILL_LINE_KEY } from '@santap/domain';
import { useCartFollowers } from '@santap/web';
import type { CartData } from '@santap/web';
import { api } from '../../../lib/api';
import type { CartBillData, FcCoupons } from '../../../lib/api-types';
import type { CartPageData } from '../api/load-cart';

/**
 * Whether the cart's bill spends cashback. The server keeps the cashback switch on the cart, so a
 * diner who comes back to the cart finds it as they left it (not off while the bill still spends it).
 */
const spendsCashback = (bill: CartBillData | undefined) =>
  bill?.bill.lines.some((line) => line.key === BILL_LINE_KEY.loyaltyDiscount && line.amount !== 0) ?? false;

/**
 * What the food court's cart shows beside its lines: the bill with each outlet's share, the coupons
 * and what ran out, which follow every change of the cart (`useCartFollowers` of `@santap/web`), and
 * the cashback switch (`toggleLoyalty` throws a refusal, the switch back as it was).
 */
export function useCartExtras(loaded: CartPageData, cart: CartData | undefined) {
  const { slug } = loaded;
  const [bill, setBill] = useState<CartBillData | undefined>(loaded.bill);
  const [coupons, setCoupons] = useState<FcCoupons | undefined>(loaded.coupons);
  const [outOfStock, setOutOfStock] = useState(loaded.outOfStock);
  const [useLoyalty, setUseLoyalty] = useState(() => spendsCashback(loaded.bill));

  useEffect(() => {
    setBill(loaded.bill);
    setUseLoyalty(spendsCashback(loaded.bill));
    setCoupons(loaded.coupons);
    setOutOfStock(loaded.outOfStock);
  }, [loaded]);

  const follows = useCartFollowers(cart, loaded.cart, (isCurrent) =>
    Promise.all([
      api.call(cartApi.cartBill, { query: { scope: slug } }).then((reply) => isCurrent() && setBill(reply)),
      api
        .call(promotions.foodCourtCouponsActive, { query: { mall: slug } })
        .then((reply) => isCurrent() && setCoupons(reply)),
      api
        .call(cartApi.foodCourtOutOfStock, { query: { scope: slug } })
        .then((reply) => isCurrent() && setOutOfStock(reply.items.map((item) => item.name))),
    ]),
  );

  /** A coupon call's answer: its list and the bill it made. */
  const takeCoupons = (reply: FcCoupons) => {
    setCoupons(reply);
    setBill((current) => (current ? { ...current, bill: reply.bill } : current));
  };

  const toggleLoyalty = async (checked: boolean) => {
    setUseLoyalty(checked);
    try {
      const reply = await api.call(promotions.foodCourtLoyaltyUpdate, {
        body: { mall: slug, use_loyalty: checked },
      });
      setBill((current) => (current ? { ...current, bill: reply.bill } : current));
    } catch (error) {
      setUseLoyalty(!checked);
      throw error;
    }
  };

  return { bill, coupons, outOfStock, useLoyalty, billLoading: follows.loading, takeCoupons, toggleLoyalty };
}
