import { useEffect, useState } from 'react';
import type { OrderTypeCode } from '@santap/domain';
import { ORDER_TYPE } from '@santap/domain';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { RadioGroup } from '../components/choice-group';
import { Dialog } from '../components/dialog';
import { useUiTranslation } from '../i18n/translation';
import { orderTypeLabelKey } from '../popups/schedule-order-popup';

export interface FoodCourtOrderTypePopupProps {
  open: boolean;
  onClose: () => void;
  /** The order types of this food court (`allowedOrderTypes` in mall mode). */
  orderTypes: readonly OrderTypeCode[];
  value: OrderTypeCode;
  /** The table of a food-court table QR ('Table F1'); dine-in needs one. */
  table?: string;
  /** Outlets in the cart that do not deliver: their items leave a delivery cart. */
  nonDeliveringOutlets?: readonly string[];
  onConfirm: (orderType: OrderTypeCode) => void;
}

/**
 * How the diner gets their food court order (spec §4 mall mode): the types the food court offers.
 * Dine-in needs the table of a table QR; delivery warns before confirming that outlets which do not
 * deliver leave the cart ('Delivery Not Supported'). The food court orders for now (ASAP): each
 * outlet has its own hours, so one order time could not be promised across outlets.
 */
export function FoodCourtOrderTypePopup({
  open,
  onClose,
  orderTypes,
  value,
  table,
  nonDeliveringOutlets = [],
  onConfirm,
}: FoodCourtOrderTypePopupProps) {
  const { t } = useUiTranslation();
  const [choice, setChoice] = useState<OrderTypeCode>(value);
  useEffect(() => {
    if (open) setChoice(value);
  }, [open, value]);
  const losing = choice === ORDER_TYPE.DELIVERY && nonDeliveringOutlets.length > 0;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('fc.orderType.title')}
      footer={
        <Button fullWidth onClick={() => onConfirm(choice)}>
          {t('ui.common.confirm')}
        </Button>
      }
    >
      <RadioGroup
        legend={t('fc.orderType.legend')}
        hideLegend
        value={String(choice)}
        onChange={(next) => setChoice(Number(next) as OrderTypeCode)}
        options={orderTypes.map((type) => ({
          value: String(type),
          label: t(orderTypeLabelKey(type)),
          ...(type === ORDER_TYPE.DINE_IN
            ? table
              ? { description: table }
              : { description: t('fc.orderType.scanTable'), disabled: true }
            : {}),
        }))}
      />
      {losing ? (
        <Banner tone="warning" title={t('errors.deliveryNotSupported')}>
          {t('fc.orderType.deliveryRemoves', { outlets: nonDeliveringOutlets.join(', ') })}
        </Banner>
      ) : null}
    </Dialog>
  );
}
