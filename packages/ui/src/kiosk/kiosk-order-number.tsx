import { cx } from '../components/cx';
import './kiosk.css';

/** One number to show: an outlet's queue number, or an offline ticket. */
export interface KioskNumber {
  /** The outlet's name, when a food-court order has a number per outlet. */
  name?: string;
  /**
   * The sentence that says where to collect it, around the outlet's name: the words before and after
   * it (['Collect at the ', ' counter'], ['Ambil di gerai ', '']). The name is drawn emphasised in it.
   */
  collectAt?: readonly [before: string, after: string];
  value: string;
}

/** Props of {@link KioskOrderNumber}. */
export interface KioskOrderNumberProps {
  /** What the number is ('Your order number', 'Your ticket'). */
  label: string;
  numbers: readonly KioskNumber[];
  /** `ticket` is drawn dashed: a number of the kiosk, not yet of the kitchen. */
  kind?: 'queue' | 'ticket';
}

/**
 * The number the customer takes to the counter, as big as the screen allows. One number per outlet
 * for a food-court order, each with its outlet's name, or the sentence saying which outlet's counter
 * to collect it at ('Collect at the **Nasi Lemak Mak Jah** counter'). The label and the numbers are one
 * text for a screen reader ('Your order number 12').
 */
export function KioskOrderNumber({ label, numbers, kind = 'queue' }: KioskOrderNumberProps) {
  return (
    <section className={cx('st-kiosk-number', `st-kiosk-number--${kind}`)} aria-label={label}>
      <p className="st-kiosk-number__label" aria-hidden="true">
        {label}
      </p>
      <ul className="st-kiosk-number__list">
        {numbers.map((number) => (
          <li key={`${number.name ?? ''}-${number.value}`} className="st-kiosk-number__item">
            {number.name && number.collectAt ? (
              <span className="st-kiosk-number__where">
                {number.collectAt[0]}
                <span className="st-kiosk-number__name">{number.name}</span>
                {number.collectAt[1]}
              </span>
            ) : number.name ? (
              <span className="st-kiosk-number__name">{number.name}</span>
            ) : null}
            <span className="st-kiosk-number__value">{number.value}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
