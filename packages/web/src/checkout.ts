import { useCallback, useEffect, useRef, useState } from 'react';
import { AuthRequired } from '@santap/api-client';
import { MESSAGE } from '@santap/domain';
import type { PaymentChoiceMode } from '@santap/domain';
import type { CartData, CartState } from './cart';
import { errorCodeOf, errorText } from './error-words';
import type { Translate } from './error-words';

/**
 * One Idempotency-Key per checkout attempt (Stripe style): a retry of the same attempt (the same
 * cart, context and payment choice, after a time-out or a lost connection) reuses the key, so the
 * server answers with the order it may already have made instead of making a second one; a changed
 * cart is a new attempt with a new key (the same key with another body would be refused).
 */
export function useCheckoutAttempt() {
  const attempt = useRef<{ key: string; signature: string } | undefined>(undefined);
  const keyFor = useCallback((signature: string) => {
    if (attempt.current?.signature !== signature) {
      attempt.current = { key: crypto.randomUUID(), signature };
    }
    return attempt.current.key;
  }, []);
  const settle = useCallback(() => {
    attempt.current = undefined;
  }, []);
  return { keyFor, settle };
}

/** What the cart itself warns of: a line no longer available, a price changed since it was added. */
export function cartWarnings(cart: CartData | undefined): { unavailable: boolean; priceChanged: boolean } {
  return {
    unavailable: cart?.items.some((line) => !line.available) ?? false,
    priceChanged: cart?.warnings.includes(MESSAGE.priceWarning) ?? false,
  };
}

/**
 * What follows the cart on a cart page (its bill, and for a food court its coupons and what ran
 * out): `load` runs after every change of the cart but the first (the loader's data already holds
 * it) and on `reload()`; `isCurrent()` turns false once a newer change started or the page left.
 */
export function useCartFollowers(
  cart: CartData | undefined,
  loaded: CartData | undefined,
  load: (isCurrent: () => boolean) => Promise<unknown>,
): { loading: boolean; reload: () => void } {
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const first = useRef(loaded);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    first.current = loaded;
  }, [loaded]);
  useEffect(() => {
    if (!cart || (cart === first.current && version === 0)) return undefined;
    let current = true;
    setLoading(true);
    latest
      .current(() => current)
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [cart, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { loading, reload };
}

/**
 * The diner's pay now / pay later choice among the modes the order allows (`paymentChoice` of
 * `@santap/domain`): undefined until the diner picks, so it shows what the restaurant prefers
 * (spec §4); a pick the order no longer allows falls back to the preferred mode.
 */
export function usePaymentMode(choice: {
  modes: readonly PaymentChoiceMode[];
  preferred: PaymentChoiceMode;
}): [PaymentChoiceMode, (mode: PaymentChoiceMode) => void] {
  const [picked, setPicked] = useState<PaymentChoiceMode | undefined>();
  const mode = picked !== undefined && choice.modes.includes(picked) ? picked : choice.preferred;
  return [mode, setPicked];
}

export interface CheckoutOptions {
  cartState: CartState;
  t: Translate;
  /** A lost login (`AuthRequired`): the app's way to its login page. */
  onAuthRequired: () => void;
  /** After a refused order, with the server's code, before its words are shown. */
  onRefused?: (code: string | undefined) => void;
  /** The words of a refused order, when the app words it itself; else `errorText`. */
  refusalText?: (error: unknown) => string;
}

/**
 * The cart page's checkout: quantity changes and the removal of unavailable lines with their error,
 * and placing the order once per attempt (`useCheckoutAttempt`): `place(signature, create)` runs
 * `create(idempotencyKey)`; a refusal for prices or availability refreshes the cart (the page then
 * shows what changed), a lost login goes to `onAuthRequired`, anything else is shown in words.
 */
export function useCheckout({ cartState, t, onAuthRequired, onRefused, refusalText }: CheckoutOptions) {
  const attempt = useCheckoutAttempt();
  const [lineError, setLineError] = useState<string | undefined>();
  const [placeError, setPlaceError] = useState<string | undefined>();
  const [placing, setPlacing] = useState(false);
  const { update, removeUnavailable, refresh } = cartState;

  const changeQuantity = useCallback(
    async (line: { cart_item_id: number }, quantity: number) => {
      setLineError(undefined);
      try {
        await update({ cart_item_id: line.cart_item_id, quantity });
      } catch (error) {
        setLineError(errorText(error, t));
      }
    },
    [t, update],
  );

  const removeUnavailableLines = useCallback(async () => {
    setPlaceError(undefined);
    try {
      await removeUnavailable();
    } catch (error) {
      setPlaceError(errorText(error, t));
    }
  }, [removeUnavailable, t]);

  const place = useCallback(
    async (signature: string, create: (idempotencyKey: string) => Promise<void>) => {
      setPlaceError(undefined);
      setPlacing(true);
      try {
        await create(attempt.keyFor(signature));
        attempt.settle();
      } catch (error) {
        if (error instanceof AuthRequired) {
          onAuthRequired();
          return;
        }
        const code = errorCodeOf(error);
        if (code === MESSAGE.priceWarning || code === MESSAGE.itemsNotAvailable) {
          await refresh().catch(() => undefined);
        }
        onRefused?.(code);
        setPlaceError(refusalText ? refusalText(error) : errorText(error, t));
      } finally {
        setPlacing(false);
      }
    },
    [attempt, onAuthRequired, onRefused, refresh, refusalText, t],
  );

  return {
    lineError,
    setLineError,
    placeError,
    setPlaceError,
    placing,
    changeQuantity,
    removeUnavailable: removeUnavailableLines,
    place,
  };
}
