import { useEffect, useState } from 'react';
import { promotions, restaurants } from '@santap/api-client';
import { formatMoney } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { Button, lazyOnFirstOpen } from '@santap/ui';
import { uiMessageOf, withCatalogueGroup } from '@santap/web';
import type {
  CouponOffer,
  CouponsPopupProps,
  DiscountOffer,
  DiscountsPopupProps,
  UiMessage,
} from '@santap/ui';
import { api } from '../lib/api';
import { useT } from '../lib/use-t';

const loadOffers = withCatalogueGroup('later', () => import('./offers-popups'));
// Not needed to read the menu or the cart: loaded on first open, out of the first screen's budget.
const DiscountsPopup = lazyOnFirstOpen<DiscountsPopupProps>(() =>
  loadOffers().then((module) => ({ default: module.DiscountsPopup })),
);
const CouponsPopup = lazyOnFirstOpen<CouponsPopupProps>(() =>
  loadOffers().then((module) => ({ default: module.CouponsPopup })),
);

/** Applies a code to the cart (`cart.cartDiscount` through `useCart`); rejects with the server's refusal. */
type ApplyCode = (code: string | null) => Promise<unknown>;

/** Runs one apply at a time, keeping which code is applying and the refusal. */
function useApply(onApply: ApplyCode, onApplied: () => void) {
  const [applying, setApplying] = useState<string | undefined>();
  const [error, setError] = useState<UiMessage | undefined>();
  const apply = async (code: string | null) => {
    setApplying(code ?? undefined);
    setError(undefined);
    try {
      await onApply(code);
      onApplied();
    } catch (failure) {
      setError(uiMessageOf(failure));
    } finally {
      setApplying(undefined);
    }
  };
  return { applying, error, apply, clearError: () => setError(undefined) };
}

export interface MenuOffersProps {
  /** The restaurant's nameid (`discounts/get.php` takes it as restaurant_id). */
  restaurant: string;
  currency: Currency;
  /** The code applied to the cart now. */
  appliedCode: string | null;
  onApply: ApplyCode;
  /**
   * The offers the menu's loader read with the page (server-rendered too): shown from the first
   * render, so their line does not push the menu down once the page has painted. Without it they
   * are fetched after the first render.
   */
  loaded?: DiscountsReply | undefined;
}

const fetchDiscounts = (restaurant: string) =>
  api.call(restaurants.discountsGet, { query: { restaurant_id: restaurant } });

type DiscountsReply = Awaited<ReturnType<typeof fetchDiscounts>>;

/**
 * The restaurant's current offers on the menu (spec §7 `discounts/get.php`): a line naming them that
 * opens the offers popup, each applied to the cart with one tap. Nothing shows while there are none
 * (or they could not be read: the offers only add to the menu, they never stand in its way).
 */
export function MenuOffers({ restaurant, currency, appliedCode, onApply, loaded }: MenuOffersProps) {
  const { t, language } = useT();
  const [fetched, setFetched] = useState<DiscountsReply | undefined>();
  const [open, setOpen] = useState(false);
  const { applying, error, apply, clearError } = useApply(onApply, () => setOpen(false));

  useEffect(() => {
    if (loaded) return undefined;
    let cancelled = false;
    fetchDiscounts(restaurant)
      .then((reply) => {
        if (!cancelled) setFetched(reply);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [restaurant, language, loaded]);

  const discounts: DiscountOffer[] =
    (loaded ?? fetched)?.discounts.map((discount) => ({
      id: discount.code,
      title: discount.title,
      ...(discount.max_discount
        ? {
            description: t('menu.offers.upTo', {
              amount: formatMoney(discount.max_discount, currency, language),
            }),
          }
        : {}),
      ...(discount.min_order > 0 ? { minOrder: discount.min_order } : {}),
    })) ?? [];

  if (discounts.length === 0) return null;
  return (
    <>
      <Button
        variant="secondary"
        icon="tag"
        className="dn-offers"
        onClick={() => {
          clearError();
          setOpen(true);
        }}
      >
        {t('menu.offers.see', { count: discounts.length, title: discounts[0]!.title })}
      </Button>
      <DiscountsPopup
        open={open}
        onClose={() => setOpen(false)}
        currency={currency}
        discounts={discounts}
        onApply={(code) => void apply(code)}
        {...(appliedCode ? { appliedId: appliedCode } : {})}
        {...(applying ? { applyingId: applying } : {})}
        {...(error ? { applyError: error } : {})}
      />
    </>
  );
}

export interface CartCouponsProps {
  /** The cart's scope (a restaurant's nameid or a mall's slug). */
  scope: string;
  currency: Currency;
  appliedCode: string | null;
  onApply: ApplyCode;
}

/**
 * 'See coupons' in the cart (spec §7 `promotion/coupons`): the coupons of this place checked against
 * the cart (what each takes off now, or why it cannot be used), applied or removed with one tap.
 */
export function CartCoupons({ scope, currency, appliedCode, onApply }: CartCouponsProps) {
  const { t, language } = useT();
  const [open, setOpen] = useState(false);
  const [coupons, setCoupons] = useState<CouponOffer[] | undefined>();
  const [loadError, setLoadError] = useState<UiMessage | undefined>();
  const { applying, error, apply, clearError } = useApply(onApply, () => setOpen(false));

  const load = () => {
    setLoadError(undefined);
    setCoupons(undefined);
    api
      .call(promotions.couponsList, { query: { scope } })
      .then((reply) =>
        setCoupons(
          reply.coupons.map((coupon) => ({
            code: coupon.code,
            title: coupon.title,
            description: coupon.usable
              ? t('cart.coupon.saves', { amount: formatMoney(coupon.discount_amount, currency, language) })
              : (coupon.reason ?? t('errors.couponInvalid')),
            ...(coupon.min_order > 0 ? { minOrder: coupon.min_order } : {}),
          })),
        ),
      )
      .catch((failure: unknown) => {
        setCoupons([]);
        setLoadError(uiMessageOf(failure));
      });
  };

  return (
    <>
      <Button
        variant="ghost"
        icon="tag"
        onClick={() => {
          clearError();
          setOpen(true);
          load();
        }}
      >
        {t('cart.coupon.browse')}
      </Button>
      <CouponsPopup
        open={open}
        onClose={() => setOpen(false)}
        currency={currency}
        coupons={coupons}
        onApply={(code) => void apply(code)}
        onRemove={() => void apply(null)}
        {...(appliedCode ? { appliedCode } : {})}
        {...(applying ? { applyingCode: applying } : {})}
        {...(error ? { error } : loadError ? { error: loadError } : {})}
      />
    </>
  );
}
