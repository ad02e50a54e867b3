import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { Illustrated } from '../components/illustrated';

/**
 * Where the location request stands: `prompt` before asking, `requesting` while the browser asks,
 * `denied` when permission is off, `unavailable` when the position could not be found.
 */
export type LocationStatus = 'prompt' | 'requesting' | 'denied' | 'unavailable';

/** Props of {@link LocationPopup}. */
export interface LocationPopupProps {
  open: boolean;
  onClose: () => void;
  status: LocationStatus;
  /** The app calls `navigator.geolocation.getCurrentPosition` (this component never does). */
  onAllow: () => void;
  onEnterManually: () => void;
  /** Offered when given: place a pin on the coordinate picker instead. */
  onPickOnMap?: () => void;
}

/**
 * Asks to use the diner's location for delivery (spec §4, §8). When permission is off it shows
 * 'Location Permission is off' with how to turn it on, and the manual address stays one tap away.
 */
export function LocationPopup({
  open,
  onClose,
  status,
  onAllow,
  onEnterManually,
  onPickOnMap,
}: LocationPopupProps) {
  const { t } = useUiTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.location.title')}
      busy={status === 'requesting'}
      description={<Illustrated icon="pin">{t('ui.location.body')}</Illustrated>}
      footer={
        <>
          {status !== 'denied' ? (
            <Button fullWidth loading={status === 'requesting'} icon="pin" onClick={onAllow}>
              {status === 'requesting' ? t('ui.location.requesting') : t('ui.location.allow')}
            </Button>
          ) : null}
          <Button fullWidth variant={status === 'denied' ? 'primary' : 'secondary'} onClick={onEnterManually}>
            {t('ui.location.manual')}
          </Button>
          {onPickOnMap ? (
            <Button fullWidth variant="ghost" onClick={onPickOnMap}>
              {t('ui.location.pickOnMap')}
            </Button>
          ) : null}
        </>
      }
    >
      {status === 'denied' ? (
        <Banner tone="error" title={t('errors.locationPermissionOff')}>
          <p>{t('ui.location.deniedHelp')}</p>
        </Banner>
      ) : null}
      {status === 'unavailable' ? <Banner tone="warning">{t('ui.location.unavailable')}</Banner> : null}
    </Dialog>
  );
}
