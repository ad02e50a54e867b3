import { useState } from 'react';
import { promotions } from '@santap/api-client';
import type { Currency } from '@santap/domain';
import { FoodCourtCoupons, useUiTranslation } from '@santap/ui';
import type { FoodCourtCouponOffer } from '@santap/ui';
import { errorText } from '@santap/web';
import { api } from '../../../lib/api';
import type { FcCoupons } from '../../../lib/api-types';

/**
 * The coupons worth showing for this cart: the food court's own and those of outlets in the cart
 * (another outlet's coupon could never apply), with outlet names instead of ids.
 */
export function couponOffers(
  coupons: FcCoupons,
  names: ReadonlyMap<number, string>,
  outletsInCart: ReadonlySet<number>,
): FoodCourtCouponOffer[] {
  const relevant = coupons.coupons.filter(
    (coupon) => coupon.restaurant_id === null || outletsInCart.has(coupon.restaurant_id),
  );
  return relevant.map((coupon) => ({
    code: coupon.code,
    title: coupon.title,
    outletId: coupon.restaurant_id,
    ...(coupon.restaurant_id !== null ? { outletName: names.get(coupon.restaurant_id) ?? '' } : {}),
    usable: coupon.usable,
    ...(coupon.reason ? { reason: coupon.reason } : {}),
  }));
}

export interface OutletCouponsProps {
  slug: string;
  currency: Currency;
  /** The food court's coupon list and what is applied; undefined while loading. */
  coupons: FcCoupons | undefined;
  names: ReadonlyMap<number, string>;
  /** The outlets with lines in the cart. */
  outletIds: ReadonlySet<number>;
  /** After a coupon call: the page takes the new list and bill (and reads the cart again). */
  onChange: (reply: FcCoupons) => Promise<void>;
}

/**
 * The food court cart's coupons: apply one for an outlet or the whole food court, remove one outlet's
 * or all; a refusal is shown under them in the server's words.
 */
export function OutletCoupons({ slug, currency, coupons, names, outletIds, onChange }: OutletCouponsProps) {
  const { t } = useUiTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const couponCall = async (call: () => Promise<FcCoupons>) => {
    setBusy(true);
    setError(undefined);
    try {
      await onChange(await call());
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FoodCourtCoupons
      currency={currency}
      applied={(coupons?.applied ?? []).map((part) => ({
        outletId: part.restaurant_id,
        outletName: names.get(part.restaurant_id) ?? '',
        code: part.code,
        amount: part.amount,
      }))}
      coupons={coupons ? couponOffers(coupons, names, outletIds) : undefined}
      busy={busy}
      {...(error ? { error } : {})}
      onApply={(code, outletId) =>
        void couponCall(() =>
          api.call(promotions.foodCourtCouponApply, {
            body: { mall: slug, code, ...(outletId !== undefined ? { restaurant_id: outletId } : {}) },
          }),
        )
      }
      onRemoveOutlet={(outletId) =>
        void couponCall(() =>
          api.call(promotions.foodCourtCouponRemoveRest, { body: { mall: slug, restaurant_id: outletId } }),
        )
      }
      onRemoveAll={() =>
        void couponCall(() => api.call(promotions.foodCourtCouponRemoveAll, { body: { mall: slug } }))
      }
    />
  );
}
