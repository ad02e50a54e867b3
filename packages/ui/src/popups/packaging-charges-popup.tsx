import type { Currency } from '@santap/domain';
import { useUiTranslation } from '../i18n/translation';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { MoneyText } from '../components/money-text';

/** One dish's packaging charge (restaurant data). */
export interface PackagingLine {
  name: string;
  quantity: number;
  /** The charge for this line, in minor units. */
  amount: number;
}

/** Props of {@link PackagingChargesPopup}. */
export interface PackagingChargesPopupProps {
  open: boolean;
  onClose: () => void;
  /** The order's packaging charge (the bill's `bill.packaging` line), in minor units. */
  amount: number;
  currency: Currency;
  lines?: readonly PackagingLine[];
}

/** Explains the packaging charge of a takeaway or delivery order, with the charge per dish. */
export function PackagingChargesPopup({
  open,
  onClose,
  amount,
  currency,
  lines = [],
}: PackagingChargesPopupProps) {
  const { t } = useUiTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.packaging.title')}
      description={<p>{t('ui.packaging.body')}</p>}
      footer={
        <Button fullWidth onClick={onClose}>
          {t('ui.common.gotIt')}
        </Button>
      }
    >
      <dl className="st-lines">
        {lines.map((line, index) => (
          <div key={`${line.name}-${index}`} className="st-lines__row">
            <dt>
              {line.name} × {line.quantity}
            </dt>
            <dd>
              <MoneyText amount={line.amount} currency={currency} />
            </dd>
          </div>
        ))}
        <div className="st-lines__row st-lines__row--total">
          <dt>{t('ui.packaging.total')}</dt>
          <dd>
            <MoneyText amount={amount} currency={currency} />
          </dd>
        </div>
      </dl>
    </Dialog>
  );
}
