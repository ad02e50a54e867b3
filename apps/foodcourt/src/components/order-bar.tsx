import { ORDER_TYPE } from '@santap/domain';
import { Banner, Button, Icon, orderTypeLabelKey, useUiTranslation } from '@santap/ui';
import type { FcSession } from '../lib/fc-session';

export interface OrderBarProps {
  session: FcSession;
  onChange: () => void;
  onAddress: () => void;
  /** Outlets whose lines just left the delivery cart. */
  removedOutlets: readonly string[];
  /** A refusal of the order settings, in words. */
  problem?: string;
}

/**
 * How the diner gets their food: 'Pickup', 'Dine-in · Table F1', 'Delivery · Jalan …', with Change;
 * a delivery without an address asks for one; outlets removed from a delivery cart are named under
 * 'Delivery Not Supported'.
 */
export function OrderBar({ session, onChange, onAddress, removedOutlets, problem }: OrderBarProps) {
  const { t } = useUiTranslation();
  const where =
    session.orderType === ORDER_TYPE.DINE_IN
      ? session.table?.label
      : session.orderType === ORDER_TYPE.DELIVERY
        ? session.address?.line
        : undefined;
  return (
    <div className="fc-stack">
      <div className="fc-order-bar">
        <Icon name={session.orderType === ORDER_TYPE.DELIVERY ? 'pin' : 'clock'} />
        <p className="fc-order-bar__text">
          <strong>{t(orderTypeLabelKey(session.orderType))}</strong>
          {where ? <span> · {where}</span> : null}
        </p>
        <Button variant="ghost" aria-label={t('fc.orderType.changeLabel')} onClick={onChange}>
          {t('fc.orderType.change')}
        </Button>
      </div>
      {session.orderType === ORDER_TYPE.DELIVERY && session.address ? (
        <Button variant="ghost" icon="pin" onClick={onAddress}>
          {t('fc.address.change')}
        </Button>
      ) : null}
      {session.orderType === ORDER_TYPE.DELIVERY && !session.address ? (
        <Banner
          tone="info"
          title={t('validation.addressRequired')}
          action={
            <Button variant="secondary" icon="pin" onClick={onAddress}>
              {t('fc.address.choose')}
            </Button>
          }
        />
      ) : null}
      {removedOutlets.length > 0 ? (
        <Banner tone="warning" title={t('errors.deliveryNotSupported')}>
          {t('fc.delivery.removed', { outlets: removedOutlets.join(', ') })}
        </Banner>
      ) : null}
      {problem ? <Banner tone="error">{problem}</Banner> : null}
    </div>
  );
}
