import { formatMoney, intlLocale } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { MoneyText } from '../components/money-text';
import { Skeleton } from '../components/spinner';
import { cx } from '../components/cx';

/** A line of the last order (prices today, in minor units, per unit with options). */
export interface RepeatOrderItem {
  id: string;
  name: string;
  quantity: number;
  unitPrice: number;
  /** The chosen variants and add-ons, already named ('Large, Extra egg'). */
  options?: string;
  available: boolean;
}

/** Props of {@link RepeatOrderPopup}. */
export interface RepeatOrderPopupProps {
  open: boolean;
  onClose: () => void;
  currency: Currency;
  /** `undefined` while loading. */
  items: readonly RepeatOrderItem[] | undefined;
  /** When the last order was placed. */
  placedAt?: Date;
  /** Adds the available items to the cart. */
  onRepeat: () => void;
  adding?: boolean;
  error?: UiMessage;
}

/**
 * 'Repeat your last order?': the last order's dishes at today's prices; dishes not available now
 * are marked and skipped, and the total counts only what will be added.
 */
export function RepeatOrderPopup({
  open,
  onClose,
  currency,
  items,
  placedAt,
  onRepeat,
  adding,
  error,
}: RepeatOrderPopupProps) {
  const { t, language } = useUiTranslation();
  const available = items?.filter((item) => item.available) ?? [];
  const total = available.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.repeat.title')}
      busy={items === undefined}
      description={
        placedAt ? (
          <p className="st-muted">
            {t('ui.repeat.placedOn', {
              date: new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(placedAt),
            })}
          </p>
        ) : undefined
      }
      footer={
        <Button
          fullWidth
          icon="repeat"
          loading={adding}
          disabled={items === undefined || available.length === 0}
          onClick={onRepeat}
        >
          {t('ui.repeat.add', { total: formatMoney(total, currency, language) })}
        </Button>
      }
    >
      {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}
      {items === undefined ? (
        <div className="st-stack" aria-hidden="true">
          <Skeleton height="44px" />
          <Skeleton height="44px" />
        </div>
      ) : (
        <>
          {available.length === 0 ? <Banner tone="warning">{t('ui.repeat.noneAvailable')}</Banner> : null}
          <ul className="st-list">
            {items.map((item) => (
              <li key={item.id} className={cx('st-list__row', !item.available && 'st-list__row--off')}>
                <span className="st-list__qty">{item.quantity}×</span>
                <span className="st-list__text">
                  <span className="st-strong">{item.name}</span>
                  {item.options ? <span className="st-muted">{item.options}</span> : null}
                  {!item.available ? (
                    <span className="st-warning-text">{t('ui.repeat.unavailable')}</span>
                  ) : null}
                </span>
                <MoneyText
                  amount={item.unitPrice * item.quantity}
                  currency={currency}
                  strike={!item.available}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
