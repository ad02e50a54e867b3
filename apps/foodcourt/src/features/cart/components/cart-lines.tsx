import type { Currency } from '@santap/domain';
import { Button, MoneyText, QuantityStepper, useUiTranslation } from '@santap/ui';
import type { CartLine } from '../../../lib/api-types';

export interface OutletLinesProps {
  outletName: string;
  lines: readonly CartLine[];
  currency: Currency;
  disabled: boolean;
  onQuantity: (line: CartLine, quantity: number) => void;
  onAddMore: () => void;
}

/**
 * One outlet's lines in the food court's cart: each dish with its options and note, its price (the
 * old one struck through after a price change) and a quantity stepper (0 removes it); a line that is
 * no longer available can only be removed.
 */
export function OutletLines({
  outletName,
  lines,
  currency,
  disabled,
  onQuantity,
  onAddMore,
}: OutletLinesProps) {
  const { t } = useUiTranslation();
  return (
    <section className="fc-outlet-lines" aria-label={outletName}>
      <h2 className="fc-section-title">{outletName}</h2>
      <ul className="fc-lines">
        {lines.map((line) => (
          <li key={line.cart_item_id} className={line.available ? 'fc-line' : 'fc-line fc-line--unavailable'}>
            <div className="fc-line__main">
              <p className="fc-line__name">{line.name}</p>
              {line.options.length > 0 ? (
                <p className="fc-muted">{line.options.map((option) => option.name).join(', ')}</p>
              ) : null}
              {line.notes ? <p className="fc-muted">{t('cart.line.note', { note: line.notes })}</p> : null}
              {!line.available ? <p className="fc-line__warning">{t('cart.line.unavailable')}</p> : null}
            </div>
            <div className="fc-line__side">
              <p className="fc-line__price">
                {line.price_changed ? (
                  <>
                    <span className="st-visually-hidden">{t('cart.line.wasPrice')}</span>
                    <MoneyText
                      amount={line.seen_unit_price * line.quantity}
                      currency={currency}
                      strike
                    />{' '}
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
        ))}
      </ul>
      <Button variant="ghost" icon="plus" onClick={onAddMore}>
        {t('fc.cart.addMore', { outlet: outletName })}
      </Button>
    </section>
  );
}
