import { Navigate, useNavigate } from 'react-router';
import { Banner, Button, KioskLanguagePicker, KioskTile, Spinner, useUiTranslation } from '@santap/ui';
import { useKiosk } from '../../../lib/kiosk-context';
import { BrandMark } from '../../../components/brand';
import { DishPicture } from '../../../components/dish-picture';
import { OrderAtCounter } from '../../../components/order-at-counter';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { kioskPayments } from '../../../lib/kiosk-data';
import type { KioskData, MenuItem } from '../../../lib/kiosk-data';
import { useSession } from '../../../lib/session';
import type { KioskOrderType } from '../../../lib/session';

/**
 * The attract screen: the place's name and logo area in the top third, below it how the customer will eat (each order type the kiosk takes,
 * as a big tile) and the language picker. A kiosk without a registration goes to the setup screen.
 * Settings that offer no order type send the diner to the counter instead of showing no tile; 'Try
 * again' reads the settings afresh (staff may have turned an order type back on).
 */
export function Component() {
  const kiosk = useKiosk();
  const session = useSession();
  const navigate = useNavigate();
  const { t } = useUiTranslation();

  if (kiosk.status === 'setup') return <Navigate to={paths.setup} replace />;
  if (kiosk.status === 'loading' || !kiosk.data) {
    if (kiosk.status === 'error') {
      return (
        <main className="kiosk-screen kiosk-screen--center">
          <h1>{t('kiosk.title')}</h1>
          <Banner tone="error" title={t('kiosk.loadFailed')}>
            {errorText(kiosk.error, t)}
          </Banner>
          <Button onClick={kiosk.reload}>{t('kiosk.retry')}</Button>
        </main>
      );
    }
    return (
      <main className="kiosk-screen kiosk-screen--center" aria-busy="true">
        <Spinner size={48} decorative />
        <p className="kiosk-lead">{t('kiosk.loading')}</p>
      </main>
    );
  }

  const { settings } = kiosk.data;
  const start = (orderType: KioskOrderType) => {
    session.reset();
    session.setOrderType(orderType);
    void navigate(paths.menuFor(orderType));
  };
  const types = settings.order_types.filter((type): type is KioskOrderType => type === 1 || type === 3);
  // No way to pay on this kiosk: said here, before the diner builds an order they could not pay for.
  const payments = kioskPayments(settings);
  const canPay = payments.cash || payments.qr;
  return (
    <main className="kiosk-attract">
      {/* The place's name and logo fill the top third; every control is below, within reach. */}
      <header className="kiosk-attract__brand">
        <BrandMark name={settings.place.name} className="kiosk-logo--large" />
        <h1>{t('kiosk.attract.welcome', { place: settings.place.name })}</h1>
        {types.length > 0 && canPay ? <p className="kiosk-lead">{t('kiosk.attract.prompt')}</p> : null}
        {/* A taste of the menu on a tall screen (pictures only: the menu is one tap away). */}
        <ul className="kiosk-attract__dishes" aria-hidden="true">
          {featured(kiosk.data).map((item) => (
            <li key={item.id}>
              <DishPicture name={item.name} photo={item.photo} priority />
              <span>{item.name}</span>
            </li>
          ))}
        </ul>
      </header>
      <div className="kiosk-attract__start">
        {types.length === 0 || !canPay ? (
          <OrderAtCounter
            reason={types.length === 0 ? 'noOrderType' : 'noPayment'}
            mall={settings.place.kind === 'mall'}
            actionLabel={t('kiosk.retry')}
            onAction={kiosk.reload}
          />
        ) : (
          <>
            <h2>{t('kiosk.attract.howToEat')}</h2>
            <div className={types.length > 1 ? 'kiosk-choices kiosk-choices--two' : 'kiosk-choices'}>
              {types.map((type) => (
                <KioskTile
                  key={type}
                  tone="primary"
                  className="kiosk-attract__tile"
                  title={type === 1 ? t('kiosk.attract.eatHere') : t('kiosk.attract.takeAway')}
                  hint={type === 1 ? t('kiosk.attract.eatHereHint') : t('kiosk.attract.takeAwayHint')}
                  onClick={() => start(type)}
                />
              ))}
            </div>
          </>
        )}
        <KioskLanguagePicker onSelect={kiosk.setLanguage} />
      </div>
    </main>
  );
}

/** Up to three dishes to show on the attract screen: the best sellers first, then the menu's first. */
function featured({ menus }: KioskData): MenuItem[] {
  const items = menus.flatMap((menu) => menu.items).filter((item) => item.in_stock && !item.is_voucher);
  return [...items.filter((item) => item.best_seller), ...items.filter((item) => !item.best_seller)].slice(
    0,
    3,
  );
}
