import { useId } from 'react';
import type { MouseEvent } from 'react';
import { formatMoney } from '@santap/domain';
import type { Currency } from '@santap/domain';
import type { TranslationKey } from '@santap/i18n';
import { Banner } from '../components/banner';
import { MoneyText } from '../components/money-text';
import { cx } from '../components/cx';
import { useUiTranslation } from '../i18n/translation';
import './foodcourt.css';

/** One outlet's part of a food-court order, as the order page lists it. */
export interface FoodCourtPart {
  outletName: string;
  /** The status wording key of the outlet's order (spec §4), e.g. `status.preparing`. */
  statusKey: TranslationKey;
  /** The outlet declined (or cancelled) its part. */
  declined: boolean;
  items: readonly { name: string; quantity: number; declined: boolean }[];
  total: number;
  currency: Currency;
  /** Money going back for this part: what, and whether it has arrived. */
  refund?: { amount: number; arrived: boolean };
}

export interface FoodCourtPartCardProps {
  part: FoodCourtPart;
  /** The outlet order's own page. */
  href: string;
  onNavigate: () => void;
}

/**
 * One outlet's part of a food-court order: the outlet, its status in words, its items and total, and
 * a link to its own page. A declined part says so in words (not colour alone) with the refund of that
 * part only, and that the rest of the order goes on.
 */
export function FoodCourtPartCard({ part, href, onNavigate }: FoodCourtPartCardProps) {
  const { t, language } = useUiTranslation();
  const headingId = useId();
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate();
  };
  return (
    <article
      className={cx('st-fc-part', part.declined && 'st-fc-part--declined')}
      aria-labelledby={headingId}
    >
      <div className="st-fc-part__head">
        <h3 id={headingId} className="st-fc-part__name">
          {part.outletName}
        </h3>
        <p className="st-fc-part__status">{t(part.statusKey)}</p>
      </div>
      {part.declined ? (
        <Banner tone="warning" title={t('fc.order.partDeclinedTitle', { outlet: part.outletName })}>
          {part.refund
            ? `${t(part.refund.arrived ? 'fc.order.partRefunded' : 'fc.order.partRefunding', {
                amount: formatMoney(part.refund.amount, part.currency, language),
                time: t('refund.bank'),
              })} `
            : null}
          {t('fc.order.restGoesOn')}
        </Banner>
      ) : null}
      <ul className="st-fc-part__items">
        {part.items.map((item, index) => (
          <li key={`${item.name}-${index}`}>
            {item.declined ? <s>{`${item.quantity} × ${item.name}`}</s> : `${item.quantity} × ${item.name}`}
          </li>
        ))}
      </ul>
      <p className="st-fc-part__total">
        <span>{t('bill.total')}</span>
        <MoneyText amount={part.total} currency={part.currency} strike={part.declined} />
      </p>
      <a className="st-button st-button--ghost" href={href} onClick={onClick}>
        {t('fc.order.outletDetails', { outlet: part.outletName })}
      </a>
    </article>
  );
}
