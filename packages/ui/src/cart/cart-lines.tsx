import { useId } from 'react';
import type { ReactNode } from 'react';
import type { Currency } from '@santap/domain';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { MoneyText } from '../components/money-text';
import { QuantityStepper } from '../components/quantity-stepper';
import { useUiTranslation } from '../i18n/translation';
import './cart.css';

/** What a cart line shows: the fields of the contract's cart item that the line reads. */
export interface CartLineView {
  cart_item_id: number;
  name: string;
  options: readonly { name: string }[];
  notes: string | null;
  quantity: number;
  seen_unit_price: number;
  line_total: number;
  available: boolean;
  price_changed: boolean;
}

export interface CartLinesProps<Line extends CartLineView> {
  /** The restaurant's or the outlet's name: the section's heading and name. */
  title: string;
  lines: readonly Line[];
  currency: Currency;
  /** A change of the cart is under way, or the cart is locked while paying. */
  disabled: boolean;
  /** A new quantity for a line; 0 removes it. */
  onQuantity: (line: Line, quantity: number) => void;
  /** Where given, each available line has 'Add note' / 'Edit note'. */
  onEditNote?: (line: Line) => void;
  /** The words of the 'add more' button; 'Add more items' if not given. */
  addMoreLabel?: string;
  onAddMore: () => void;
  /** A change of a line was refused, in the diner's words. */
  error?: string | undefined;
}

/**
 * One restaurant's lines in a cart (the diner's cart, or one outlet's in the food court's): each
 * dish with its chosen options and note, its price (the old price struck through after a price
 * change) and the quantity stepper (down to 0 removes it); an unavailable line says so and can only
 * be removed. Then 'add more', back to the menu.
 */
export function CartLines<Line extends CartLineView>({
  title,
  lines,
  currency,
  disabled,
  onQuantity,
  onEditNote,
  addMoreLabel,
  onAddMore,
  error,
}: CartLinesProps<Line>) {
  const { t } = useUiTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="st-cart-lines">
      <h2 id={titleId} className="st-cart-lines__title">
        {title}
      </h2>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <ul className="st-cart-lines__list">
        {lines.map((line) => (
          <CartLineRow
            key={line.cart_item_id}
            line={line}
            currency={currency}
            disabled={disabled}
            onQuantity={(quantity) => onQuantity(line, quantity)}
            {...(onEditNote ? { onEditNote: () => onEditNote(line) } : {})}
          />
        ))}
      </ul>
      <Button variant="ghost" icon="plus" onClick={onAddMore}>
        {addMoreLabel ?? t('cart.addMore')}
      </Button>
    </section>
  );
}

interface CartLineRowProps {
  line: CartLineView;
  currency: Currency;
  disabled: boolean;
  onQuantity: (quantity: number) => void;
  onEditNote?: () => void;
}

function CartLineRow({ line, currency, disabled, onQuantity, onEditNote }: CartLineRowProps) {
  const { t } = useUiTranslation();
  const options = line.options.map((option) => option.name).join(', ');
  return (
    <li className={line.available ? 'st-cart-line' : 'st-cart-line st-cart-line--unavailable'}>
      <div className="st-cart-line__main">
        <p className="st-cart-line__name">{line.name}</p>
        {options ? <p className="st-cart-line__detail">{options}</p> : null}
        {line.notes ? (
          <p className="st-cart-line__detail">{t('cart.line.note', { note: line.notes })}</p>
        ) : null}
        {!line.available ? <p className="st-cart-line__warning">{t('cart.line.unavailable')}</p> : null}
        {line.available && onEditNote ? (
          <Button variant="ghost" onClick={onEditNote}>
            {line.notes ? t('cart.line.editNote') : t('cart.line.addNote')}
          </Button>
        ) : null}
      </div>
      <div className="st-cart-line__side">
        <p className="st-cart-line__price">
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
            onChange={onQuantity}
          />
        ) : (
          <Button variant="secondary" disabled={disabled} onClick={() => onQuantity(0)}>
            {t('cart.line.remove')}
          </Button>
        )}
      </div>
    </li>
  );
}

export interface EmptyCartProps {
  /** The words of the way back ('Browse menu'). */
  browseLabel: string;
  onBrowse: () => void;
  /** What to say first (the food court: the outlets a delivery cart lost). */
  children?: ReactNode;
}

/** An empty cart: 'Your cart is empty' and the way back to the menu. */
export function EmptyCart({ browseLabel, onBrowse, children }: EmptyCartProps) {
  const { t } = useUiTranslation();
  return (
    <div className="st-centered">
      {children}
      <p>{t('errors.cartEmpty')}</p>
      <Button onClick={onBrowse}>{browseLabel}</Button>
    </div>
  );
}
