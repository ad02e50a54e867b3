import { KioskOrderNumber, useUiTranslation } from '@santap/ui';

export interface OrderNumbersProps {
  tickets: readonly { restaurantName: string; queueNo: number }[];
}

/** The queue numbers of an order: one, or one per outlet (with its name) for a food-court order. */
export function OrderNumbers({ tickets }: OrderNumbersProps) {
  const { t } = useUiTranslation();
  return (
    <KioskOrderNumber
      label={t('kiosk.done.numberLabel')}
      numbers={tickets.map((ticket) => ({
        ...(tickets.length > 1 ? { name: ticket.restaurantName } : {}),
        value: String(ticket.queueNo),
      }))}
    />
  );
}
