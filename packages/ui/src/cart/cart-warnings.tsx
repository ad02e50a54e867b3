import type { Ref } from 'react';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { useUiTranslation } from '../i18n/translation';

export interface CartWarningsProps {
  /** The cart is locked while its payment is under way (spec §4 payment lock). */
  locked: boolean;
  /** A line is no longer available (or, in a food court, ran out at an outlet). */
  unavailable: boolean;
  /** What ran out, in words ('Nasi Lemak, Teh Tarik ran out'); else the general sentence. */
  unavailableBody?: string;
  /** A price changed since the line was added. */
  priceChanged: boolean;
  /** The removal of unavailable lines is under way. */
  removing: boolean;
  onRemoveUnavailable: () => void;
  className?: string;
  /** The warnings' box, which the page focuses when ordering is refused for them. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * What the cart warns of above its lines, the same in the diner's and the food court's cart: locked
 * while paying, 'Items not available' with the removal of those lines, 'Price Warning'. Nothing
 * when all is well.
 */
export function CartWarnings({
  locked,
  unavailable,
  unavailableBody,
  priceChanged,
  removing,
  onRemoveUnavailable,
  className,
  ref,
}: CartWarningsProps) {
  const { t } = useUiTranslation();
  if (!locked && !unavailable && !priceChanged) return null;
  return (
    <div ref={ref} tabIndex={-1} className={className ?? 'st-stack'}>
      {locked ? <Banner tone="warning">{t('errors.cartLocked')}</Banner> : null}
      {unavailable ? (
        <Banner
          tone="error"
          title={t('errors.itemsNotAvailable')}
          action={
            <Button variant="secondary" loading={removing} onClick={onRemoveUnavailable}>
              {t('cart.removeUnavailable')}
            </Button>
          }
        >
          {unavailableBody ?? t('cart.unavailable.body')}
        </Banner>
      ) : null}
      {priceChanged ? (
        <Banner tone="warning" title={t('errors.priceWarning')}>
          {t('cart.priceWarning.body')}
        </Banner>
      ) : null}
    </div>
  );
}
