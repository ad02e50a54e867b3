import { invoices } from '@santap/api-client';
import type { ApiError } from '@santap/api-client';
import { EmailInvoiceSender } from '../../../components/email-invoice-sender';
import { api } from '../../../lib/api';

/**
 * The refusals of a share's receipt mail told in the server's own words (apps/api docs/tabs.md,
 * 'Receipts and e-invoices per share'): not the caller's (404), not paid (409 tab.error.shareNotPaid),
 * the hourly limit (429). Anything else (the mail service down, 502, whose words are the popup's own
 * "Couldn't Send Invoice") is 'Something went wrong', as for an order's invoice.
 */
const TOLD_AS_GIVEN = [404, 409, 429];
const toldAsGiven = (error: ApiError) => TOLD_AS_GIVEN.includes(error.statusCode ?? 0);

/**
 * 'Email me this receipt' of one of the diner's paid shares: the email invoice popup of `@santap/ui`
 * (the order's, same words and checks) sending `invoices.emailInvoice` with `tab_share_id`; the address
 * gets a confirmation link first. A login that expired meanwhile goes to the login and back here.
 */
export function ShareEmailDialog({ shareId, onClose }: { shareId: number; onClose: () => void }) {
  return (
    <EmailInvoiceSender
      send={(email) => api.call(invoices.emailInvoice, { body: { tab_share_id: shareId, email } })}
      toldAsGiven={toldAsGiven}
      onClose={onClose}
    />
  );
}
