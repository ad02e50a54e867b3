import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGE } from '@santap/domain';
import { Banner, Button, LanguageButton, Page, QrExpiredPopup } from '@santap/ui';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';

/**
 * `/qrError` (spec §8): `?reason=errors.qrExpired` or `errors.qrNoLongerExists` shows the QR expired
 * popup ('QR Code Expired!' / 'QR Code No Longer Exists!' with the ask-the-staff line); any other
 * reason (or none: an unknown table, a broken link) is 'Invalid QR code.'. Both lead back to the
 * scanner.
 */
export function Component() {
  const { t } = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const reason = query.get('reason');
  const expired =
    reason === MESSAGE.qrExpired ? 'expired' : reason === MESSAGE.qrNoLongerExists ? 'gone' : undefined;
  const scanAgain = () => navigate(paths.qr());

  return (
    <Page title={t('qr.error.title')} headerEnd={<LanguageButton />}>
      {expired ? (
        <QrExpiredPopup open reason={expired} onScanAgain={scanAgain} />
      ) : (
        <div className="dn-stack">
          <Banner tone="error" title={t('errors.invalidQr')}>
            {t('qr.error.body')}
          </Banner>
          <div className="dn-actions">
            <Button icon="qr" onClick={scanAgain}>
              {t('qr.scanAgain')}
            </Button>
            <Button variant="secondary" onClick={() => navigate(paths.home())}>
              {t('app.goHome')}
            </Button>
          </div>
        </div>
      )}
    </Page>
  );
}
