import { KioskOrderNumber, useUiTranslation } from '@santap/ui';
import type { UiTranslate } from '@santap/ui';

export interface OrderNumbersProps {
  tickets: readonly { restaurantName: string; queueNo: number }[];
  /**
   * Each number with its outlet's name, in the sentence that says where to collect it ('Collect at
   * the Nasi Lemak Mak Jah counter' #12): a food-court order, where each outlet counts its own numbers
   * (two outlets may both call '1') and cooks at its own counter.
   */
  byOutlet: boolean;
}

/** Stands for the outlet's name in the sentence, to find the words around it (no name holds it). */
const OUTLET = '\uE000';

/**
 * The words before and after the outlet's name in 'Collect at the {{outlet}} counter', in the
 * language's own order (Malay: 'Ambil di gerai ' and ''), so the name can be drawn emphasised.
 */
function collectAtWords(t: UiTranslate): [before: string, after: string] {
  const [before = '', after = ''] = t('kiosk.done.collectAt', { outlet: OUTLET }).split(OUTLET);
  return [before, after];
}

/** The queue numbers of an order: one, or one per outlet (where to collect it) for a food-court order. */
export function OrderNumbers({ tickets, byOutlet }: OrderNumbersProps) {
  const { t } = useUiTranslation();
  const collectAt = collectAtWords(t);
  return (
    <div className={byOutlet ? 'kiosk-numbers kiosk-numbers--outlets' : 'kiosk-numbers'}>
      <KioskOrderNumber
        label={t('kiosk.done.numberLabel')}
        numbers={tickets.map((ticket) =>
          byOutlet
            ? { name: ticket.restaurantName, collectAt, value: `#${ticket.queueNo}` }
            : { value: String(ticket.queueNo) },
        )}
      />
    </div>
  );
}
