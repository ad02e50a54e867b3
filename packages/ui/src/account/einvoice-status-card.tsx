import { intlLocale } from '@santap/domain';
import type { TranslationKey } from '@santap/i18n';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import type { BannerTone } from '../components/banner';
import { Button } from '../components/button';

/** Where a MyInvois e-invoice stands (LHDN validates a submitted document within minutes). */
export type EInvoiceState = 'submitted' | 'valid' | 'invalid' | 'cancelled';

/** Props of {@link EInvoiceStatusCard}. */
export interface EInvoiceStatusCardProps {
  status: EInvoiceState;
  buyerName: string;
  /** The TIN on the document: the buyer's, or LHDN's general TIN. */
  tinUsed: string;
  generalTinUsed: boolean;
  /** The public MyInvois page of a valid document. */
  validationLink?: string | null;
  /** Why LHDN rejected it (its words). */
  errors?: readonly { code: string; message: string }[];
  requestedAt: Date;
  /** Asks MyInvois again while validation is pending. */
  onRefresh?: () => void;
  refreshing?: boolean;
}

const STATUS: Readonly<Record<EInvoiceState, { key: TranslationKey; tone: BannerTone }>> = {
  submitted: { key: 'account.einvoice.statusSubmitted', tone: 'info' },
  valid: { key: 'account.einvoice.statusValid', tone: 'success' },
  invalid: { key: 'account.einvoice.statusInvalid', tone: 'error' },
  cancelled: { key: 'account.einvoice.statusCancelled', tone: 'warning' },
};

/**
 * The status of an order's Malaysian e-invoice (FACTS 'MyInvois'): submitted and waiting
 * for LHDN, valid with the link to its MyInvois page, rejected with LHDN's reasons, or cancelled; the
 * buyer and the TIN it carries.
 */
export function EInvoiceStatusCard({
  status,
  buyerName,
  tinUsed,
  generalTinUsed,
  validationLink,
  errors = [],
  requestedAt,
  onRefresh,
  refreshing,
}: EInvoiceStatusCardProps) {
  const { t, language } = useUiTranslation();
  const { key, tone } = STATUS[status];
  return (
    <div className="st-stack">
      <Banner
        tone={tone}
        title={t(key)}
        action={
          status === 'submitted' && onRefresh ? (
            <Button variant="secondary" loading={refreshing} onClick={onRefresh}>
              {t('account.einvoice.refresh')}
            </Button>
          ) : status === 'valid' && validationLink ? (
            <a
              className="st-button st-button--secondary"
              href={validationLink}
              target="_blank"
              rel="noreferrer"
            >
              {t('account.einvoice.viewOnMyInvois')}
            </a>
          ) : undefined
        }
      >
        {errors.length > 0 ? (
          <ul>
            {errors.map((error) => (
              <li key={`${error.code}-${error.message}`}>{error.message}</li>
            ))}
          </ul>
        ) : null}
      </Banner>
      <dl className="st-lines">
        <div className="st-lines__row">
          <dt>{t('account.einvoice.buyerName')}</dt>
          <dd>{buyerName}</dd>
        </div>
        <div className="st-lines__row">
          <dt>{t('account.einvoice.tinUsed')}</dt>
          <dd className="st-code">{tinUsed}</dd>
        </div>
        <div className="st-lines__row">
          <dt>{t('account.einvoice.requestedOn')}</dt>
          <dd>
            {new Intl.DateTimeFormat(intlLocale(language), {
              dateStyle: 'medium',
              timeStyle: 'short',
            }).format(requestedAt)}
          </dd>
        </div>
      </dl>
      {generalTinUsed ? <p className="st-muted">{t('account.einvoice.generalTin')}</p> : null}
    </div>
  );
}
