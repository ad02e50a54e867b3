import { KioskOrderNumber, useUiTranslation } from '@santap/ui';

export interface OrderNumbersProps {
  tickets: readonly { restaurantName: string; queueNo: number }[];
  /**
   * Each number with its outlet's name ('Nasi Lemak Mak Jah' #12): a food-court order, where each
   * outlet counts its own numbers (two outlets may both call '1').
   */
  byOutlet: boolean;
}

/** The queue numbers of an order: one, or one per outlet (with its name) for a food-court order. */
export function OrderNumbers({ tickets, byOutlet }: OrderNumbersProps) {
  const { t } = useUiTranslation();
  return (
    <div className={byOutlet ? 'kiosk-numbers kiosk-numbers--outlets' : 'kiosk-numbers'}>
      <KioskOrderNumber
        label={t('kiosk.done.numberLabel')}
        numbers={tickets.map((ticket) =>
          byOutlet
            ? { name: ticket.restaurantName, value: `#${ticket.queueNo}` }
            : { value: String(ticket.queueNo) },
        )}
      />
    </div>
  );
}
