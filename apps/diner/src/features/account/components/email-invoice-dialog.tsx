import { invoices } from '@santap/api-client';
import type { ApiError, Order } from '@santap/api-client';
import { EmailInvoiceSender } from '../../../components/email-invoice-sender';
import { api } from '../../../lib/api';

export interface EmailInvoiceDialogProps {
  order: Order;
  initialEmail: string | null;
  onClose: () => void;
}

/** The refusals whose words the popup shows as the server gave them. */
const TOLD_AS_GIVEN = ['errors.tooManyRequests', 'errors.invoiceOrderNotPaid'];

/**
 * Why a send failed, under "Couldn't Send Invoice": the hourly limit (429) and an order not paid yet
 * (409) in the server's own words (its catalogue message, in the diner's language), anything else
 * 'Something went wrong'.
 */
const toldAsGiven = (error: ApiError) => error.statusCode === 429 || TOLD_AS_GIVEN.includes(error.code ?? '');

/**
 * The email invoice popup of `@santap/ui` for one past order (spec §7 'email invoice', §8 "Couldn't
 * Send Invoice"): one outlet's order by `invoices.emailInvoice`, a food-court order as one invoice of
 * every outlet by `invoices.generateFoodCourtInvoice`. A login that expired meanwhile goes to the
 * login, which brings the diner back to this page.
 */
export function EmailInvoiceDialog({ order, initialEmail, onClose }: EmailInvoiceDialogProps) {
  const send = (email: string) =>
    order.fc_order_id !== null
      ? api.call(invoices.generateFoodCourtInvoice, { body: { fc_order_id: order.fc_order_id, email } })
      : api.call(invoices.emailInvoice, { body: { order_id: order.order_id, email } });
  return (
    <EmailInvoiceSender send={send} toldAsGiven={toldAsGiven} initialEmail={initialEmail} onClose={onClose} />
  );
}
