import { MoneyText, useUiTranslation } from '@santap/ui';
import type { CartBillData } from '../../../lib/api-types';

export interface FcBillProps {
  bill: CartBillData;
  /** Outlet names by id, for each outlet's share. */
  outletNames: ReadonlyMap<number, string>;
  loading: boolean;
}

/**
 * The bill of the food court's cart from the server (labels in the diner's language): its lines and
 * total, and what each outlet's own order will come to (each outlet gets its own order).
 */
export function FcBill({ bill, outletNames, loading }: FcBillProps) {
  const { t } = useUiTranslation();
  const { currency } = bill.bill;
  return (
    <section className="fc-bill" aria-labelledby="fc-bill-title" aria-busy={loading || undefined}>
      <h2 id="fc-bill-title" className="fc-section-title">
        {t('cart.bill.title')}
      </h2>
      <dl className="fc-bill__lines">
        {bill.bill.lines.map((line, index) => (
          <div key={`${line.key}-${index}`} className="fc-bill__row">
            <dt>
              {line.label}
              {line.included ? <span className="fc-muted"> ({t('cart.bill.included')})</span> : null}
            </dt>
            <dd>
              <MoneyText amount={line.amount} currency={currency} />
            </dd>
          </div>
        ))}
        <div className="fc-bill__row fc-bill__row--total">
          <dt>{t('bill.total')}</dt>
          <dd>
            <MoneyText amount={bill.bill.total} currency={currency} />
          </dd>
        </div>
      </dl>
      {bill.by_restaurant.length > 1 ? (
        <>
          <h3 className="fc-bill__subtitle">{t('fc.cart.byOutlet')}</h3>
          <dl className="fc-bill__lines">
            {bill.by_restaurant.map((part) => (
              <div key={part.restaurant_id} className="fc-bill__row">
                <dt>{outletNames.get(part.restaurant_id) ?? String(part.restaurant_id)}</dt>
                <dd>
                  <MoneyText amount={part.bill.total} currency={currency} />
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}
