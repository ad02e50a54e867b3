import { MoneyText, VariantsPopup, useUiTranslation } from '@santap/ui';
import type { VariantsChoice } from '@santap/ui';
import type { MenuItem } from '../../../lib/kiosk-data';
import { DishPicture } from '../../../components/dish-picture';

export interface ItemOptionsProps {
  /** The dish whose options are chosen; `undefined` closes the popup. */
  item: MenuItem | undefined;
  currency: 'MYR' | 'IDR';
  onClose: () => void;
  onAdd: (item: MenuItem, choice: VariantsChoice) => void;
}

/**
 * The variants and add-ons popup of `@santap/ui` for a dish with options (its limits checked as you
 * tap), sized for the kiosk (`kiosk-options`: a full-height sheet, 64 px rows). The dish's picture,
 * price and description come first: on a kiosk screen they fill the sheet's top third, where nothing
 * is to be touched (README 'Kiosk layout'). No free-text notes on a touch screen: preset notes as
 * toggle pills, sent as the line's note in the diner's language.
 */
export function ItemOptions({ item, currency, onClose, onAdd }: ItemOptionsProps) {
  const { t } = useUiTranslation();
  if (!item) return null;
  return (
    <VariantsPopup
      key={item.id}
      open
      onClose={onClose}
      dish={{ name: item.name, price: item.price, currency }}
      media={
        <div className="kiosk-options__dish">
          <DishPicture name={item.name} photo={item.photo} priority />
          <div className="kiosk-options__about">
            <p className="kiosk-options__price">
              <MoneyText amount={item.price} currency={currency} />
            </p>
            {item.description ? <p className="kiosk-options__description">{item.description}</p> : null}
          </div>
        </div>
      }
      groups={item.option_groups}
      className="kiosk-options"
      notePresets={{
        label: t('kiosk.notes.title'),
        options: [
          t('kiosk.notes.lessSpicy'),
          t('kiosk.notes.noOnions'),
          t('kiosk.notes.lessSugar'),
          t('kiosk.notes.takeawayPacking'),
        ],
      }}
      onAdd={(choice) => onAdd(item, choice)}
    />
  );
}

/** The names of the options chosen, for the order's lines ('Iced, Less sugar'). */
export function optionNames(item: MenuItem, choice: VariantsChoice): string[] {
  return choice.chosen.map(
    (chosen) =>
      item.option_groups
        .find((group) => group.id === chosen.groupId)
        ?.options.find((option) => option.id === chosen.optionId)?.name ?? chosen.optionId,
  );
}
