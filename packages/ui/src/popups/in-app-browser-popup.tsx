import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';

/** Props of {@link InAppBrowserPopup}. */
export interface InAppBrowserPopupProps {
  open: boolean;
  /** Keep using the in-app browser (also Escape). */
  onContinue: () => void;
  /** The app opens the page in the system browser (an `intent:` link on Android, etc.). */
  onOpenInBrowser: () => void;
  /** Copies the page link; pass `copied` once it worked. */
  onCopyLink?: () => void;
  copied?: boolean;
}

/**
 * Shown inside the built-in browsers of Instagram, Facebook, WhatsApp and similar apps, where login
 * and payment redirects are unreliable: open the page in the real browser, or copy its link.
 */
export function InAppBrowserPopup({
  open,
  onContinue,
  onOpenInBrowser,
  onCopyLink,
  copied,
}: InAppBrowserPopupProps) {
  const { t } = useUiTranslation();
  return (
    <Dialog
      open={open}
      onClose={onContinue}
      title={t('ui.inAppBrowser.title')}
      description={
        <>
          <p>{t('ui.inAppBrowser.body')}</p>
          <p>{t('ui.inAppBrowser.how')}</p>
        </>
      }
      footer={
        <>
          <Button fullWidth icon="external" onClick={onOpenInBrowser}>
            {t('ui.inAppBrowser.open')}
          </Button>
          {onCopyLink ? (
            <Button fullWidth variant="secondary" icon={copied ? 'check' : 'copy'} onClick={onCopyLink}>
              {copied ? t('ui.inAppBrowser.copied') : t('ui.inAppBrowser.copy')}
            </Button>
          ) : null}
          <Button fullWidth variant="ghost" onClick={onContinue}>
            {t('ui.inAppBrowser.stay')}
          </Button>
        </>
      }
    >
      <Banner tone="warning">{t('ui.inAppBrowser.cartWarning')}</Banner>
    </Dialog>
  );
}
