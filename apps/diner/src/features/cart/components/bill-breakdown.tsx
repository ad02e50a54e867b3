import { IconButton, MoneyText } from '@santap/ui';
import type { BillData } from '../../../lib/api-types';
import { useT } from '../../../lib/use-t';

/**
 * The bill from the server (`cart.cartBill`, spec §9): each line with the label the server translated,
 * taxes already included marked so (they are not added again), and the total. The packaging line
 * has an info button for the packaging charges popup.
 */
export function BillBreakdown({
  bill,
  loading,
  onPackagingInfo,
}: {
  bill: BillData;
  loading: boolean;
  onPackagingInfo: () => void;
}) {
  const { t } = useT();
  return (
    <section className="dn-bill" aria-labelledby="bill-title" aria-busy={loading || undefined}>
      <h2 id="bill-title" className="dn-section-title">
        {t('cart.bill.title')}
      </h2>
      <dl className="dn-bill__lines">
        {bill.lines.map((line) => (
          <div key={`${line.key}-${line.rate ?? ''}`} className="dn-bill__row">
            <dt>
              {line.label}
              {line.included ? <span className="dn-muted"> ({t('cart.bill.included')})</span> : null}
              {line.key === 'bill.packaging' ? (
                <IconButton icon="info" label={t('cart.bill.packagingInfo')} onClick={onPackagingInfo} />
              ) : null}
            </dt>
            <dd className={line.included ? 'dn-muted' : undefined}>
              <MoneyText amount={line.amount} currency={bill.currency} />
            </dd>
          </div>
        ))}
        <div className="dn-bill__row dn-bill__row--total">
          <dt>{t('bill.total')}</dt>
          <dd>
            <MoneyText amount={bill.total} currency={bill.currency} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
