import { ORDER_TYPE } from '@santap/domain';
import { Button, Icon } from '@santap/ui';
import type { OrderSession } from '../lib/order-session';
import { useT } from '../lib/use-t';
import { orderTimeText, orderTypeText } from './order-context-text';

/**
 * How and when the diner orders at this restaurant: 'Dine-in · Table T3 · ASAP', 'Delivery · to
 * Jalan …', with 'Change' opening the order settings.
 */
export function OrderSummary({ session, onChange }: { session: OrderSession; onChange: () => void }) {
  const { t, language } = useT();
  const { context } = session;
  const where =
    context.orderType === ORDER_TYPE.DINE_IN && context.table
      ? context.table
      : context.orderType === ORDER_TYPE.DELIVERY && session.address
        ? session.address.line
        : undefined;
  return (
    <div className="dn-order-summary">
      <Icon name={context.orderTime === 'SCHEDULED' ? 'calendar' : 'clock'} />
      <p className="dn-order-summary__text">
        <strong>{orderTypeText(context, t)}</strong>
        {where ? <span> · {where}</span> : null}
        <span> · {orderTimeText(context, t, language)}</span>
      </p>
      <Button variant="ghost" onClick={onChange} aria-label={t('menu.orderType.changeLabel')}>
        {t('menu.orderType.change')}
      </Button>
    </div>
  );
}
