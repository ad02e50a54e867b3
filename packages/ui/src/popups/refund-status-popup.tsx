import type { Currency } from '@santap/domain';
import { useUiTranslation } from '../i18n/translation';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { Icon } from '../components/icons';
import { MoneyText } from '../components/money-text';
import { cx } from '../components/cx';

/** Props of {@link RefundStatusPopup}. */
export interface RefundStatusPopupProps {
  open: boolean;
  onClose: () => void;
  /** `initiated`: on its way; `processed`: sent by the restaurant's payment provider. */
  status: 'initiated' | 'processed';
  amount: number;
  currency: Currency;
  /**
   * Which wait applies (spec §9): `bank` 3-5 days for a refund to the bank or card; `failedPayment`
   * 5-7 working days for money taken by a payment that failed.
   */
  kind: 'bank' | 'failedPayment';
}

/** Where a refund stands, as two steps (started, completed), with how long the bank takes. */
export function RefundStatusPopup({ open, onClose, status, amount, currency, kind }: RefundStatusPopupProps) {
  const { t } = useUiTranslation();
  const period = kind === 'bank' ? t('refund.bank') : t('refund.failedPayment');
  const steps = [
    { id: 'initiated', label: t('ui.refund.initiated'), done: true },
    { id: 'processed', label: t('ui.refund.processed'), done: status === 'processed' },
  ];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.refund.title')}
      footer={
        <Button fullWidth onClick={onClose}>
          {t('ui.common.gotIt')}
        </Button>
      }
    >
      <div className="st-balance">
        <span>{t('ui.refund.amount')}</span>
        <MoneyText className="st-balance__amount" amount={amount} currency={currency} />
      </div>
      <ol className="st-steps">
        {steps.map((step) => (
          <li
            key={step.id}
            className={cx('st-steps__item', step.done && 'st-steps__item--done')}
            aria-current={step.id === status ? 'step' : undefined}
          >
            <span className="st-steps__dot">{step.done ? <Icon name="check" size={16} /> : null}</span>
            {step.label}
          </li>
        ))}
      </ol>
      <p>
        {status === 'processed' ? t('ui.refund.processedBody') : t('ui.refund.initiatedBody', { period })}
      </p>
    </Dialog>
  );
}
