import { Button, MoneyText, useUiTranslation } from '@santap/ui';
import type { MenuItem } from '../../../lib/kiosk-data';
import { DishPicture } from '../../../components/dish-picture';

export interface ItemCardProps {
  item: MenuItem;
  currency: 'MYR' | 'IDR';
  /** The dish's category, for the picture's placeholder. */
  category?: string | undefined;
  /** Adds the item (no choices) or opens its options. */
  onPick: (item: MenuItem) => void;
}

/** One dish: its picture, name, description, price and one big button ('Add', or 'Choose' when it has options). */
export function ItemCard({ item, currency, category, onPick }: ItemCardProps) {
  const { t } = useUiTranslation();
  const hasOptions = item.option_groups.length > 0;
  return (
    <article className="kiosk-item" aria-labelledby={`item-${item.id}`}>
      <DishPicture name={item.name} category={category} photo={item.photo} />
      <div className="kiosk-item__body">
        <h3 id={`item-${item.id}`}>{item.name}</h3>
        {item.description ? <p className="kiosk-muted kiosk-item__description">{item.description}</p> : null}
        <div className="kiosk-item__footer">
          <MoneyText amount={item.price} currency={currency} />
          {item.in_stock ? (
            <Button
              variant={hasOptions ? 'secondary' : 'primary'}
              icon="plus"
              aria-label={
                hasOptions
                  ? t('kiosk.menu.chooseNamed', { name: item.name })
                  : t('kiosk.menu.addNamed', { name: item.name })
              }
              onClick={() => onPick(item)}
            >
              {hasOptions ? t('kiosk.menu.choose') : t('kiosk.menu.add')}
            </Button>
          ) : (
            <span className="kiosk-muted">{t('kiosk.menu.soldOut')}</span>
          )}
        </div>
      </div>
    </article>
  );
}
