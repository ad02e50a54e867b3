/**
 * The layouts: pure functions from a DocketInput to a PrintDocument, in the printer's language and
 * paper width (adapters/printers README: the encoders that take it on).
 */
export { kitchenDocket } from './kitchen';
export { receipt } from './receipt';
export { queueTicket } from './queue-ticket';
export type {
  DocketInput,
  DocketLine,
  DocketName,
  DocketOption,
  DocketPayment,
  DocketRestaurant,
  DocketTaxDetails,
  KitchenDocketKind,
  KitchenDocketLayout,
  KitchenDocketOptions,
  LayoutOptions,
  QueueTicketLayout,
  ReceiptLayout,
} from './input';
