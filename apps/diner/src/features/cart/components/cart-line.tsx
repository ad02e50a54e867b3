import type { Currency } from '@santap/domain';
import { Button, MoneyText, QuantityStepper } from '@santap/ui';
import type { CartLine as CartLineData } from '../../../lib/api-types';
import { useT } from '../../../lib/use-t';

export interface CartLineProps {
  line: CartLineData;
  currency: Currency;
  disabled: boolean;
  onQuantity: (line: CartLineData, quantity: number) => void;
  onEditNote: (line: CartLineData) => void;
}

/**
 * One cart line: the dish with its chosen options and note, its price (the old price struck through
 * after a price change), and the quantity stepper (down to 0 removes it). An unavailable line says so
 * and can only be removed.
 */
export function CartLine({ line, currency, disabled, onQuantity, onEditNote }: CartLineProps) {
  const { t } = useT();
  const options = line.options.map((option) => option.name).join(', ');
  return (
    <li className={line.available ? 'dn-line' : 'dn-line dn-line--unavailable'}>
      <div className="dn-line__main">
        <p className="dn-line__name">{line.name}</p>
        {options ? <p className="dn-line__options">{options}</p> : null}
        {line.notes ? <p className="dn-line__note">{t('cart.line.note', { note: line.notes })}</p> : null}
        {!line.available ? <p className="dn-line__warning">{t('cart.line.unavailable')}</p> : null}
        {line.available ? (
          <Button variant="ghost" onClick={() => onEditNote(line)}>
            {line.notes ? t('cart.line.editNote') : t('cart.line.addNote')}
          </Button>
        ) : null}
      </div>
      <div className="dn-line__side">
        <p className="dn-line__price">
          {line.price_changed ? (
            <>
              <span className="st-visually-hidden">{t('cart.line.wasPrice')}</span>
              <MoneyText amount={line.seen_unit_price * line.quantity} currency={currency} strike />{' '}
            </>
          ) : null}
          <MoneyText amount={line.line_total} currency={currency} />
        </p>
        {line.available ? (
          <QuantityStepper
            value={line.quantity}
            min={0}
            label={line.name}
            disabled={disabled}
            onChange={(quantity) => onQuantity(line, quantity)}
          />
        ) : (
          <Button variant="secondary" disabled={disabled} onClick={() => onQuantity(line, 0)}>
            {t('cart.line.remove')}
          </Button>
        )}
      </div>
    </li>
  );
}
