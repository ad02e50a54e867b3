import { useId } from 'react';
import type { Order } from '@santap/api-client';
import { ORDER_STATUS, formatMoney } from '@santap/domain';
import type { Language } from '@santap/domain';
import type { Translate } from '../lib/use-t';
import './order-items.css';

/** The line total: the order's `unit_price` already includes the chosen options. */
export function lineAmount(item: Order['items'][number]): number {
  return item.unit_price * item.quantity;
}

/** The chosen options by name, as they were when ordered ('Medium, Fried egg'); an old line's ids. */
export function optionNames(item: Order['items'][number]): string {
  return item.options.map((option) => option.name ?? option.option_id).join(', ');
}

export interface OrderItemsProps {
  order: Order;
  t: Translate;
  language: Language;
  /** The heading level of the section title (2 on an order page, lower inside a list of orders). */
  level?: 2 | 3 | 4;
}

/**
 * The items of an order with their chosen options; a declined item is struck through and says 'Item declined' in words (never
 * colour alone), with the refund note under the list.
 */
export function OrderItems({ order, t, language, level = 2 }: OrderItemsProps) {
  const Heading = `h${level}` as const;
  const BatchHeading = `h${Math.min(level + 1, 6)}` as 'h3';
  const anyDeclined = order.items.some((item) => item.status === 'declined');
  // Unique per list: the order history shows several orders on one page.
  const titleId = useId();
  // Items added to the running order come in batches (spec §4 'More items added'): one list each.
  const batches = [...new Set(order.items.map((item) => item.batch))].sort((a, b) => a - b);
  const lastBatch = batches[batches.length - 1];
  const list = (items: Order['items']) => (
    <ul>
      {items.map((item) => {
        const declined = item.status === 'declined';
        const amount = formatMoney(lineAmount(item), order.currency, language);
        return (
          <li
            key={item.order_item_id}
            className={declined ? 'order-item order-item--declined' : 'order-item'}
          >
            <span className="order-item__name">
              {declined ? <s>{`${item.quantity} × ${item.name}`}</s> : `${item.quantity} × ${item.name}`}
              {declined ? <strong className="order-item__badge">{t('status.itemDeclined')}</strong> : null}
              {item.options.length > 0 ? (
                <span className="order-item__options">{optionNames(item)}</span>
              ) : null}
              {item.notes ? (
                <span className="order-item__note">{t('order.note', { note: item.notes })}</span>
              ) : null}
            </span>
            <span className="order-item__amount">{declined ? <s>{amount}</s> : amount}</span>
          </li>
        );
      })}
    </ul>
  );
  return (
    <section className="order-items" aria-labelledby={titleId}>
      <Heading id={titleId}>{t('order.items')}</Heading>
      {batches.length <= 1
        ? list(order.items)
        : batches.map((batch) => (
            <div key={batch} className="order-items__batch">
              <BatchHeading>
                {batch === 1 ? t('order.batchFirst') : t('order.batchAdded', { batch: String(batch) })}
              </BatchHeading>
              {batch === lastBatch && order.status === ORDER_STATUS.MORE_ITEMS_ADDED ? (
                <p>{t('order.batchWaiting')}</p>
              ) : null}
              {list(order.items.filter((item) => item.batch === batch))}
            </div>
          ))}
      {order.special_note ? <p>{t('order.specialRequest', { note: order.special_note })}</p> : null}
      {anyDeclined ? <p>{t('order.declinedNote', { time: t('refund.bank') })}</p> : null}
    </section>
  );
}

/** The bill lines from the server (labels already in the diner's language) and the total. */
export function OrderBill({ order, t, language, level = 2 }: OrderItemsProps) {
  const Heading = `h${level}` as const;
  const money = (amount: number) => formatMoney(amount, order.bill.currency, language);
  const titleId = useId();
  return (
    <section className="order-bill" aria-labelledby={titleId}>
      <Heading id={titleId}>{t('order.bill')}</Heading>
      <dl>
        {order.bill.lines.map((line, index) => (
          <div
            key={`${line.key}-${index}`}
            className={line.included ? 'order-bill__line order-bill__line--included' : 'order-bill__line'}
          >
            <dt>{line.label}</dt>
            {/* An inclusive tax is part of the prices above, not added to the total. */}
            <dd>{line.included ? `(${money(line.amount)})` : money(line.amount)}</dd>
          </div>
        ))}
        <div className="order-bill__line order-bill__line--total">
          <dt>{t('bill.total')}</dt>
          <dd>{money(order.bill.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
