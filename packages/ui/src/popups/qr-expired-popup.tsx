import { useUiTranslation } from '../i18n/translation';
import { Button } from '../components/button';
import { BlockingAlert } from './blocking-alert';
import { Illustrated } from '../components/illustrated';

/** Props of {@link QrExpiredPopup}. */
export interface QrExpiredPopupProps {
  open: boolean;
  /** `expired`: a dynamic QR past its validity; `gone`: the QR no longer exists. */
  reason: 'expired' | 'gone';
  /** Open the scanner (`/qr`) for the new code the staff generate. */
  onScanAgain: () => void;
}

/**
 * 'QR Code Expired!' or 'QR Code No Longer Exists!' with 'Please ask the restaurant staff to generate
 * a new QR code for you' (spec §8). Not dismissible: the table cannot order with this code.
 */
export function QrExpiredPopup({ open, reason, onScanAgain }: QrExpiredPopupProps) {
  const { t } = useUiTranslation();
  return (
    <BlockingAlert
      open={open}
      title={reason === 'expired' ? t('errors.qrExpired') : t('errors.qrNoLongerExists')}
      description={<Illustrated icon="qr">{t('errors.qrAskStaff')}</Illustrated>}
      footer={
        <Button fullWidth icon="qr" onClick={onScanAgain}>
          {t('ui.qr.scanAgain')}
        </Button>
      }
    />
  );
}
