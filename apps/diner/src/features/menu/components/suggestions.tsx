import { Button, MoneyText } from '@santap/ui';
import type { Currency } from '@santap/domain';
import type { MenuItemData } from '../../../lib/api-types';
import { useT } from '../../../lib/use-t';

export interface SuggestionsProps {
  title: string;
  items: readonly MenuItemData[];
  currency: Currency;
  onOpen: (item: MenuItemData) => void;
  onDismiss?: () => void;
}

/** A short strip of recommended dishes ('Frequently bought with', 'Complete your meal'). */
export function Suggestions({ title, items, currency, onOpen, onDismiss }: SuggestionsProps) {
  const { t } = useT();
  if (items.length === 0) return null;
  return (
    <section className="dn-suggestions" aria-label={title}>
      <div className="dn-suggestions__head">
        <h2 className="dn-suggestions__title">{title}</h2>
        {onDismiss ? (
          <Button variant="ghost" onClick={onDismiss}>
            {t('app.dismiss')}
          </Button>
        ) : null}
      </div>
      <ul className="dn-suggestions__list">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="dn-suggestion"
              aria-label={t('menu.addItem', { name: item.name })}
              onClick={() => onOpen(item)}
            >
              <span className="dn-suggestion__name">{item.name}</span>
              <MoneyText amount={item.price} currency={currency} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
